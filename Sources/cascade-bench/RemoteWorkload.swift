import Foundation
import Locking
import Pictures
import TestSupport

/// A remote feed as a reader meets it: a loopback server that holds every answer 50 ms serves
/// a feed of a few hundred photographs (real ones, resized to three sizes from 20 to 270 KB),
/// and the release `cascade` runs in a 160 × 48 tmux window with a fresh disk cache. Timed from
/// launch to every picture of the first screen drawn, and from `G` to every picture at the
/// bottom drawn, with sizes in the feed and without; each against a shell script that fetches
/// the same pictures with `curl --parallel --parallel-max 6` and draws them with timg, timed
/// in the same run (the targets), and against the same with `--parallel-immediate`, curl at
/// its fastest, and the latency floor (50 ms for the feed, then 50 ms for each six pictures
/// of the screen). Also the picture bytes the server sent for the feed without sizes ÷ the
/// same bytes each counted once (1.0: no byte of a picture was sent twice, probe and fetch
/// together), and the CPU of the browse ÷ the same browse with `--no-cache` (what the disk
/// cache's writes cost).
enum RemoteWorkload {
  static let delay = 0.050
  static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/photos")

  static func measure(quick: Bool, into report: inout Report) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    guard FileManager.default.isExecutableFile(atPath: binary), let tmux = ChildProcess.find("tmux")
    else {
      print("remote: needs the release cascade and tmux; not measured")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-bench-remote-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pictures = Self.pictures(in: folder, widths: quick ? [320, 1400] : [320, 800, 1400])
    guard !pictures.isEmpty, let server = try? TestHTTPServer() else {
      print("remote: no pictures or no loopback server; not measured")
      return
    }
    defer { server.stop() }
    let count = quick ? 80 : 200
    let served = Served(pictures: (0..<count).map { pictures[$0 % pictures.count] })
    served.route(on: server)
    let runs = quick ? 1 : 3
    let label = "remote, \(count) photos, 50 ms an answer"

    var browses: [String: [Browse]] = [:]
    let script = Script(folder: folder, server: server)
    var topFloor: [Double] = []
    var bottomFloor: [Double] = []
    var gNeeds: [GNeeds] = []
    var gFloor: [Double] = []
    let browsesInOrder = [
      ("sized", "/sized.json", true), ("unsized", "/unsized.json", true),
      ("sized, no cache", "/sized.json", false),
    ]
    for run in 0..<runs {
      // The cached and uncached browses take turns going first: the first browse of a run
      // found the machine in another state (the binary's pages, the server's threads), and
      // the CPU ratio measured the order as much as the cache.
      for (name, feed, cache) in run % 2 == 0 ? browsesInOrder : browsesInOrder.reversed() {
        served.resetCount()
        server.resetMostOpen()
        guard
          let browse = Browse.run(
            tmux: tmux, binary: binary, url: server.url(feed), cache: cache, folder: folder,
            items: count)
        else { continue }
        var measured = browse
        measured.sent = served.sentBytes
        measured.asked = served.distinctBytes
        measured.connections = server.mostOpen
        browses[name, default: []].append(measured)
        if name == "unsized", let needs = GNeeds(browse: measured, asked: served.asked) {
          gNeeds.append(needs)
          gFloor.append(script.fetch(needs.parts))
        }
        // The network's floor (the feed, then the same pictures six at a time, nothing drawn),
        // timed after each browse: the two take turns, so a machine busy for a while weighs
        // on both alike.
        if let sized = browses["sized"]?.first, let first = sized.firstRange,
          let last = sized.lastRange
        {
          topFloor.append(
            script.run(feed: "/sized.json", pictures: first, immediate: true, draw: false))
          bottomFloor.append(script.run(feed: nil, pictures: last, immediate: true, draw: false))
        }
      }
    }
    guard let sized = browses["sized"], let unsized = browses["unsized"],
      let first = sized.first?.firstRange, let last = sized.first?.lastRange
    else {
      print("remote: the browser did not finish its screens; not measured")
      return
    }
    var top: [Double] = []
    var bottom: [Double] = []
    var topFastest: [Double] = []
    var bottomFastest: [Double] = []
    for _ in 0..<runs {
      top.append(script.run(feed: "/sized.json", pictures: first, immediate: false))
      bottom.append(script.run(feed: nil, pictures: last, immediate: false))
      topFastest.append(script.run(feed: "/sized.json", pictures: first, immediate: true))
      bottomFastest.append(script.run(feed: nil, pictures: last, immediate: true))
    }
    let topScript = median(top)
    let bottomScript = median(bottom)
    func add(_ figure: String, _ value: Double, baseline: String, _ base: Double, target: String) {
      report.add(
        Figure(
          label, figure, value * 1e3, unit: "ms", baseline: (baseline, base * 1e3),
          target: target))
    }
    add(
      "first picture, sized", median(sized.map(\.firstPicture)), baseline: "script's screen ms",
      topScript, target: "reported")
    add(
      "first screen, sized", median(sized.map(\.firstScreen)), baseline: "script ms",
      topScript, target: "≤ 0.6×")
    add(
      "first screen, no sizes", median(unsized.map(\.firstScreen)), baseline: "script ms",
      topScript, target: "≤ 0.75×")
    add(
      "G → bottom, sized", median(sized.map(\.bottom)), baseline: "script ms", bottomScript,
      target: "reported")
    add(
      "G → bottom, no sizes", median(unsized.map(\.bottom)), baseline: "script ms", bottomScript,
      target: "≤ 0.8×, at 100%")
    add(
      "first screen, sized", median(sized.map(\.firstScreen)),
      baseline: "curl -immediate ms", median(topFastest), target: "reported")
    add(
      "first screen, no sizes", median(unsized.map(\.firstScreen)),
      baseline: "curl -immediate ms", median(topFastest), target: "reported")
    add(
      "G → bottom, no sizes", median(unsized.map(\.bottom)),
      baseline: "curl -immediate ms", median(bottomFastest), target: "reported")
    // Against the floor: what a bare six-way fetch of the same pictures takes in this run.
    add(
      "first screen, sized", median(sized.map(\.firstScreen)),
      baseline: "6-way fetch floor ms", median(topFloor), target: "≤ 1.1×")
    add(
      "first screen, no sizes", median(unsized.map(\.firstScreen)),
      baseline: "6-way fetch floor ms", median(topFloor), target: "≤ 1.15×")
    add(
      "G → bottom, no sizes", median(unsized.map(\.bottom)),
      baseline: "6-way fetch floor ms", median(bottomFloor),
      target: "reported: the floor of a feed with sizes")
    if !gFloor.isEmpty {
      // Without sizes, where the bottom's boxes go rests on the sizes of the boxes above
      // them: what `G` needs is those sizes and the bottom's pictures.
      add(
        "G → bottom, no sizes", median(unsized.map(\.bottom)),
        baseline: "6-way fetch of what G needs ms", median(gFloor), target: "≤ 1.1×, at 100%")
      report.add(
        Figure(
          label, "pictures G asked for, no sizes",
          median(gNeeds.map { Double($0.askedAfter) }), unit: "pictures",
          baseline: ("its floor's requests", median(gNeeds.map { Double($0.parts.count) })),
          target: "reported"))
    }
    report.add(
      Figure(
        label, "connections at once to the server, no sizes",
        median(unsized.map { Double($0.connections) }), unit: "connections",
        baseline: ("a browser's per-host limit", 6), target: "≤ 1.0×"))
    let floor = RemoteWorkload.delay * Double(1 + (first.count + 5) / 6)
    add(
      "first screen, sized", median(sized.map(\.firstScreen)),
      baseline: "latency floor ms", floor, target: "reported")
    let complete = (sized + unsized).filter(\.pageDownComplete).count
    report.add(
      Figure(
        label, "page down after 2 s idle: frames with pictures missing",
        Double(sized.count + unsized.count - complete), unit: "frames",
        baseline: ("page downs", Double(sized.count + unsized.count)), target: "0"))
    let landed = unsized.allSatisfy(\.landedAtEnd) ? "at 100% every run" : "**short of 100%**"
    report.add(
      Figure(
        label, "bytes sent, no sizes", median(unsized.map { Double($0.sent) }),
        unit: "B", baseline: ("bytes sent once", median(unsized.map { Double($0.asked) })),
        target: "1.0; G \(landed)"))
    if let plain = browses["sized, no cache"] {
      report.add(
        Figure(
          label, "CPU of the browse", median(sized.map(\.cpu)), unit: "s",
          baseline: ("--no-cache s", median(plain.map(\.cpu))), target: "≤ 1.1×"))
      // The floor of what the cache adds: writing the same files, as plainly as a file can be
      // written (create, write, close, rename), from this process.
      let files = sized.first?.cacheFiles ?? []
      let floor = CacheWrites.cpuSeconds(writing: files, into: folder)
      report.add(
        Figure(
          label, "CPU of the browse", median(sized.map(\.cpu)), unit: "s",
          baseline: (
            "--no-cache + writing its \(files.count) files (\(files.reduce(0, +) >> 10) KiB) s",
            median(plain.map(\.cpu)) + floor
          ), target: "≤ 1.05×"))
    }
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    return values.sorted()[values.count / 2]
  }

  /// The photographs at each of `widths`, as JPEGs (ImageMagick's `convert`, with a little
  /// noise so that they weigh what photographs weigh); the photographs as they are without it.
  static func pictures(in folder: URL, widths: [Int]) -> [(name: String, bytes: [UInt8])] {
    let sources =
      ((try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? [])
      .filter { $0.hasSuffix(".jpg") }.sorted()
    var out: [(String, [UInt8])] = []
    let convert = ChildProcess.find("convert")
    for source in sources {
      let path = photos.appendingPathComponent(source).path
      guard let convert else {
        if let data = FileManager.default.contents(atPath: path) {
          out.append((source, [UInt8](data)))
        }
        continue
      }
      for width in widths {
        let made = folder.appendingPathComponent("\(width)-\(source)").path
        _ = ChildProcess.run(
          convert,
          [
            path, "-resize", "\(width)x", "-attenuate", "0.4", "+noise", "Gaussian", "-quality",
            "85", made,
          ])
        if let data = FileManager.default.contents(atPath: made) {
          out.append(("\(width)-\(source)", [UInt8](data)))
        }
      }
    }
    return out
  }

  /// The feeds and pictures, each answer held `delay`; ranges and `If-Range` honoured as a
  /// web server does; the picture bytes sent counted, and the pictures asked for.
  final class Served: Sendable {
    let pictures: [(name: String, bytes: [UInt8])]
    private struct Counts {
      var sent = 0
      /// Each picture request as it arrived: the picture, the first byte asked for, and when
      /// (the uptime in nanoseconds).
      var asked: [(index: Int, from: Int, at: UInt64)] = []
      /// Per picture, the byte ranges sent.
      var parts: [Int: [Range<Int>]] = [:]
    }
    private let counts = Locked(Counts())

    init(pictures: [(name: String, bytes: [UInt8])]) { self.pictures = pictures }

    func resetCount() { counts.withLock { $0 = Counts() } }
    var sentBytes: Int { counts.withLock { $0.sent } }
    /// The picture requests that arrived, in order.
    var asked: [(index: Int, from: Int, at: UInt64)] { counts.withLock { $0.asked } }
    /// The bytes of the pictures sent at least once: what was sent, each byte counted once.
    var distinctBytes: Int {
      counts.withLock { counts in
        counts.parts.values.reduce(0) { sum, parts in
          var covered = 0
          var end = 0
          for part in parts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            covered += max(0, part.upperBound - max(part.lowerBound, end))
            end = max(end, part.upperBound)
          }
          return sum + covered
        }
      }
    }

    /// The first byte a `Range: bytes=N-` asks for or a `Content-Range: bytes N-M/T` carries;
    /// 0 without one.
    private static func firstByte(_ header: String?) -> Int {
      header.flatMap { $0.dropFirst(6).split(separator: "-").first.flatMap { Int($0) } } ?? 0
    }

    func route(on server: TestHTTPServer) {
      let base = server.url("/p/")
      var sized: [String] = []
      var unsized: [String] = []
      for (i, picture) in pictures.enumerated() {
        let url = "\(base)\(i).jpg"
        unsized.append("{\"img\": \"\(url)\", \"title\": \"photo \(i)\"}")
        if case .header(let header) = PictureHeader.read(picture.bytes) {
          sized.append(
            "{\"img\": \"\(url)\", \"title\": \"photo \(i)\", \"width\": \(header.displayWidth), "
              + "\"height\": \(header.displayHeight)}")
        }
        let tag = "\"\(picture.name)\""
        server.route("/p/\(i).jpg") { request in
          let from = Self.firstByte(request.headers["range"])
          let now = DispatchTime.now().uptimeNanoseconds
          self.counts.withLock { $0.asked.append((i, from, now)) }
          Thread.sleep(forTimeInterval: RemoteWorkload.delay)
          var reply = TestHTTPServer.Reply.respond(status: 200, headers: [:], body: picture.bytes)
          if request.headers["if-range"].map({ $0 == tag }) ?? true {
            reply = .ranged(picture.bytes, for: request)
          }
          guard case .respond(let status, var headers, let body) = reply else { return reply }
          headers["ETag"] = tag
          headers["Content-Type"] = "image/jpeg"
          let first = status == 206 ? Self.firstByte(headers["Content-Range"]) : 0
          self.counts.withLock { counts in
            counts.sent += body.count
            counts.parts[i, default: []].append(first..<(first + body.count))
          }
          return .respond(status: status, headers: headers, body: body)
        }
      }
      for (path, items) in [("/sized.json", sized), ("/unsized.json", unsized)] {
        let document = "{\"data\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
        server.route(path) { _ in
          Thread.sleep(forTimeInterval: RemoteWorkload.delay)
          return .json(document)
        }
      }
    }
  }

  /// One browse in tmux: launch, the first screen's pictures, `G`, the bottom's pictures.
  struct Browse {
    var firstPicture = Double.nan
    var firstScreen = Double.nan
    var bottom = Double.nan
    var landedAtEnd = false
    /// Whether the first frame after a page down, two seconds idle, had all its pictures.
    var pageDownComplete = false
    /// The items in view, 0-based, when each screen was done.
    var firstRange: ClosedRange<Int>?
    var lastRange: ClosedRange<Int>?
    var cpu = 0.0
    var sent = 0
    var asked = 0
    /// The most connections the browse had open to the one server at once.
    var connections = 0
    /// When `G` was sent (uptime in nanoseconds).
    var jumped: UInt64 = 0
    /// The sizes of the files the disk cache holds at the end.
    var cacheFiles: [Int] = []

    static func run(
      tmux: String, binary: String, url: String, cache: Bool, folder: URL, items: Int
    ) -> Browse? {
      let session = "cascade-bench-remote-\(getpid())-\(UUID().uuidString.prefix(8))"
      let cacheHome = folder.appendingPathComponent("cache-\(session)").path
      // The shell waits for a line before it becomes the browser, so that the clock starts
      // with the launch, as the floor's does, not with tmux's own start (20–40 ms here).
      let command =
        "read go; XDG_CACHE_HOME='\(cacheHome)' TERM=xterm-256color exec '\(binary)' '\(url)' "
        + "--pictures symbols --probe-budget 50" + (cache ? "" : " --no-cache")
      guard
        ChildProcess.run(
          tmux,
          ["-L", session, "new-session", "-d", "-s", session, "-x", "160", "-y", "48", command]
        ).status == 0
      else { return nil }
      defer {
        _ = ChildProcess.run(tmux, ["-L", session, "kill-server"])
        try? FileManager.default.removeItem(atPath: cacheHome)
      }
      // The screen is read and keys are sent over one control client: a `tmux capture-pane`
      // started every few milliseconds took a share of the two cores from the browser it
      // timed, which the floor it is compared with never paid.
      guard let control = TmuxControlClient(tmux: tmux, socket: session, session: session),
        let pid = control.run("display-message -p -t \(session) '#{pane_pid}'")?.first.flatMap({
          Int32($0.trimmingCharacters(in: .whitespaces))
        })
      else { return nil }
      let start = Date()
      _ = control.run("send-keys -t \(session) Enter")
      func status() -> String {
        let screen = control.run("capture-pane -p -t \(session)") ?? []
        return screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
      }
      let loaded = "\(items) items"
      var browse = Browse()
      // Done: the feed in, no picture in view on its way; the range in view read off the line.
      func wait(until done: (String) -> Bool, from start: Date, first: inout Double?) -> (
        Double, String
      )? {
        let deadline = start.addingTimeInterval(60)
        while Date() < deadline {
          let line = status()
          if first == nil, line.contains(loaded),
            line.range(of: #"pictures [1-9]"#, options: .regularExpression) != nil
              || !line.contains("pictures ")
          {
            first = Date().timeIntervalSince(start)
          }
          if line.contains(loaded), !line.contains("pictures "), done(line) {
            return (Date().timeIntervalSince(start), line)
          }
          usleep(2_000)
        }
        return nil
      }
      var firstPicture: Double?
      guard
        let (top, topLine) = wait(until: { $0.contains(" 0%") }, from: start, first: &firstPicture)
      else { return nil }
      browse.firstPicture = firstPicture ?? top
      browse.firstScreen = top
      browse.firstRange = range(in: topLine)
      // Two seconds idle, then a page down: the screen ahead was fetched and drawn meanwhile,
      // so the first frame at the new place has every picture (none "on its way": each would
      // wait 50 ms for the server, 25 times this poll).
      usleep(2_000_000)
      let before = range(in: status())
      _ = control.run("send-keys -t \(session) PageDown")
      let pagedBy = Date().addingTimeInterval(10)
      while Date() < pagedBy {
        let line = status()
        if let now = range(in: line), now != before {
          browse.pageDownComplete = !line.contains("pictures ")
          break
        }
        usleep(2_000)
      }
      let jump = Date()
      browse.jumped = DispatchTime.now().uptimeNanoseconds
      _ = control.run("send-keys -t \(session) G")
      var ignored: Double?
      guard
        let (end, endLine) = wait(
          until: { $0.contains("100%") && range(in: $0)?.upperBound == items - 1 },
          from: jump, first: &ignored)
      else { return nil }
      browse.bottom = end
      browse.lastRange = range(in: endLine)
      // Still at the end a moment later: sizes arriving above did not move it.
      usleep(300_000)
      browse.landedAtEnd = status().contains("100%")
      // The CPU of the whole browse: read once the browser is idle (its CPU time still for
      // half a second), not while pictures around the view are still fetched and drawn,
      // which a browse a little faster or slower had more or less of at a fixed moment.
      do {
        var last = ChildProcess.cpuSeconds(pid)
        var still = 0
        let idleBy = Date().addingTimeInterval(20)
        while still < 5, Date() < idleBy {
          usleep(100_000)
          let now = ChildProcess.cpuSeconds(pid)
          still = now == last ? still + 1 : 0
          last = now
        }
        browse.cpu = last
      }
      browse.cacheFiles = CacheWrites.sizes(under: cacheHome)
      return browse
    }

    /// `12-25` in the status line: items 11...24.
    static func range(in line: String) -> ClosedRange<Int>? {
      for field in line.split(separator: " ") {
        let ends = field.split(separator: "-")
        if ends.count == 2, let a = Int(ends[0]), let b = Int(ends[1]), a <= b {
          return (a - 1)...(b - 1)
        }
      }
      return nil
    }

  }

  /// The baseline: `curl --parallel --parallel-immediate --parallel-max 6` fetches the
  /// pictures (after the feed, for the first screen), then timg draws them in a grid at
  /// 160 × 48.
  struct Script {
    let folder: URL
    let server: TestHTTPServer

    /// Seconds from start to the last picture drawn.
    /// - Parameter immediate: with `--parallel-immediate`: curl opens its six connections at
    ///   once instead of waiting on each to see whether the next transfer can share it (21
    ///   pictures took 1.1 s that way, 0.3 s this way).
    /// - Parameter draw: false fetches only: the network's floor for the same pictures.
    func run(
      feed: String?, pictures: ClosedRange<Int>, immediate: Bool, draw drawing: Bool = true
    ) -> Double {
      guard let curl = ChildProcess.find("curl"), let timg = ChildProcess.find("timg") else {
        return .nan
      }
      let into = folder.appendingPathComponent("script-\(UUID().uuidString.prefix(8))")
      try? FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: into) }
      var fetch =
        feed.map { "'\(curl)' -s -o '\(into.path)/feed.json' '\(server.url($0))' && " } ?? ""
      fetch +=
        "'\(curl)' -s --parallel --parallel-max 6" + (immediate ? " --parallel-immediate" : "")
      var files: [String] = []
      for i in pictures {
        let file = "\(into.path)/\(i).jpg"
        fetch += " -o '\(file)' '\(server.url("/p/\(i).jpg"))'"
        files.append("'\(file)'")
      }
      let draw = "'\(timg)' --grid=4 -g160x48 -ph --color8 " + files.joined(separator: " ")
      let start = Date()
      _ = ChildProcess.run("/bin/sh", ["-c", drawing ? fetch + " && " + draw : fetch])
      return Date().timeIntervalSince(start)
    }

    /// Seconds `curl --parallel --parallel-immediate --parallel-max 6` takes to fetch `parts`,
    /// each picture whole or its first bytes, nothing drawn: the network's floor for them.
    func fetch(_ parts: [(index: Int, bytes: Int?)]) -> Double {
      guard let curl = ChildProcess.find("curl"), !parts.isEmpty else { return .nan }
      // A range is an option of its transfer: each transfer its own, after `--next`.
      var arguments = ["--parallel", "--parallel-immediate", "--parallel-max", "6"]
      for (n, part) in parts.enumerated() {
        if n > 0 { arguments.append("--next") }
        arguments.append("-s")
        if let bytes = part.bytes { arguments += ["-r", "0-\(bytes - 1)"] }
        arguments += ["-o", "/dev/null", server.url("/p/\(part.index).jpg")]
      }
      let start = Date()
      _ = ChildProcess.run(curl, arguments)
      return Date().timeIntervalSince(start)
    }
  }
}

/// What `G` needs of the server on a feed without sizes, from what the browse had asked for
/// when `G` was sent: each picture of the bottom screen not asked for whole before, whole; and
/// the first 64 KiB (a size probe's) of each picture above it that was first asked for after
/// `G` — the sizes that moved the bottom's boxes into place.
struct GNeeds {
  /// Pictures to fetch, with the bytes asked (nil: whole).
  var parts: [(index: Int, bytes: Int?)]
  /// Pictures the browse asked the server for after `G`.
  var askedAfter: Int

  init?(browse: RemoteWorkload.Browse, asked: [(index: Int, from: Int, at: UInt64)]) {
    guard let bottom = browse.lastRange, browse.jumped > 0 else { return nil }
    let before = asked.filter { $0.at < browse.jumped }
    let after = asked.filter { $0.at >= browse.jumped }
    let wholeBefore = Set(before.filter { $0.from == 0 }.map(\.index))
    let seenBefore = Set(before.map(\.index))
    var parts: [(index: Int, bytes: Int?)] = bottom.filter { !wholeBefore.contains($0) }.map {
      ($0, nil)
    }
    let probed = Set(after.map(\.index)).subtracting(seenBefore).subtracting(bottom)
    parts += probed.sorted().map { ($0, 65_536) }
    self.parts = parts
    askedAfter = Set(after.map(\.index)).count
  }
}

/// What writing the disk cache's files costs at the least: the floor under the cache's CPU.
enum CacheWrites {
  /// The sizes of the regular files under `folder`.
  static func sizes(under folder: String) -> [Int] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var sizes: [Int] = []
    for case let path as String in walker {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)
      if attributes?[.type] as? FileAttributeType == .typeRegular,
        let size = attributes?[.size] as? Int
      {
        sizes.append(size)
      }
    }
    return sizes
  }

  /// The CPU seconds (user and system, of this thread) that creating files of `sizes` bytes in
  /// a fresh folder under `folder` takes, each written whole under a temporary name and
  /// renamed, as the cache does; the median of three rounds.
  static func cpuSeconds(writing sizes: [Int], into folder: URL) -> Double {
    guard !sizes.isEmpty else { return 0 }
    let bytes = [UInt8](repeating: 0x5A, count: sizes.max() ?? 0)
    var rounds: [Double] = []
    for round in 0..<3 {
      let into = folder.appendingPathComponent("floor-\(round)").path
      try? FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: into) }
      let start = threadCPU()
      for (index, size) in sizes.enumerated() {
        let name = into + "/" + String(index)
        let file = open(name + ".tmp", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { continue }
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, size) }
        close(file)
        rename(name + ".tmp", name)
      }
      rounds.append(threadCPU() - start)
    }
    return RemoteWorkload.median(rounds)
  }

  private static func threadCPU() -> Double {
    var usage = rusage()
    // RUSAGE_THREAD (1): this thread only, not the loopback server's.
    getrusage(__rusage_who_t(1), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }
}
