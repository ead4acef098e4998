import Foundation
import TestSupport

/// A reader who follows many feeds: 300 feeds of 50 photographs each (RSS 2.0 with
/// `media:content` sizes, titles, links, dates and descriptions) in the feeds file, served by a
/// loopback server that answers at once, and a visit before this one recorded in `seen.json`.
/// The release `cascade` runs alone (`cascade`, the followed feeds) in a 160 × 48 tmux window
/// with a home of its own, pictures off, and is timed from launch to the all-feeds waterfall's
/// first screen and from launch to the feeds panel (`F` typed at launch); its peak resident
/// memory is read from `/proc`. The baseline, in turns with it: `cascade URL` of one feed of
/// the same 15,000 items from the same server.
///
/// What a person notices: whether following many feeds makes `cascade` slower to open, or
/// heavier, than reading as many items from one.
enum FollowedFeedsWorkload {
  static let feedCount = 300
  static let itemsPerFeed = 50

  static func measure(quick: Bool, into report: inout Report) {
    guard let binary = ChildProcess.releaseCascade, let tmux = ChildProcess.find("tmux"),
      let server = try? TestHTTPServer()
    else {
      print("followed feeds: needs the release cascade, tmux and a loopback server; not measured")
      return
    }
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-bench-followed-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = Self.serve(on: server)
    let one = server.url("/one.xml")
    let home = Home(folder: folder)
    guard home.follow(server: server) else {
      print("followed feeds: could not write the feeds file; not measured")
      return
    }
    let launcher = Launcher(tmux: tmux, binary: binary, home: home)
    let total = feedCount * itemsPerFeed
    // The visit before: seen.json records every feed, as it does for a person who came
    // yesterday; and the binary's pages are in memory for both sides.
    guard launcher.open(arguments: [], items: total) != nil,
      launcher.open(arguments: [all], items: total) != nil
    else {
      print("followed feeds: the browser did not show the feeds; not measured")
      return
    }
    let runs = quick ? 1 : 5
    var followed: [Launch] = []
    var panels: [Launch] = []
    var single: [Launch] = []
    var floor: [Launch] = []
    var fetches: [Double] = []
    for run in 0..<runs {
      if let fetch = Self.fetchAll(server: server) { fetches.append(fetch) }
      let order: [Side] = [.oneFeed, .followed, .panel, .oneItem]
      for side in run % 2 == 0 ? order : order.reversed() {
        switch side {
        case .oneFeed:
          if let launch = launcher.open(arguments: [all], items: total) { single.append(launch) }
        case .followed:
          if let launch = launcher.open(arguments: [], items: total) { followed.append(launch) }
        case .panel:
          if let launch = launcher.open(arguments: [], items: total, typing: "F") {
            panels.append(launch)
          }
        case .oneItem:
          if let launch = launcher.open(arguments: [one], items: 1) { floor.append(launch) }
        }
      }
    }
    guard !followed.isEmpty, !panels.isEmpty, !single.isEmpty else {
      print("followed feeds: the browser did not show the feeds; not measured")
      return
    }
    let label = "followed: \(feedCount) feeds × \(itemsPerFeed) items"
    let baseline = median(single.map(\.firstScreen))
    report.add(
      Figure(
        label, "launch → first screen", median(followed.map(\.firstScreen)) * 1e3, unit: "ms",
        baseline: ("one feed of 15k, first screen ms", baseline * 1e3), target: "≤ 500 ms"))
    report.add(
      Figure(
        label, "launch → feeds panel (F)", median(panels.map(\.shown)) * 1e3, unit: "ms",
        baseline: ("one feed of 15k, first screen ms", baseline * 1e3), target: "≤ 500 ms"))
    report.add(
      Figure(
        label, "launch → first screen", median(followed.map(\.firstScreen)) * 1e3, unit: "ms",
        baseline: ("a feed of one item, ms (floor)", median(floor.map(\.firstScreen)) * 1e3),
        target: "reported"))
    if !fetches.isEmpty {
      report.add(
        Figure(
          label, "launch → first screen", median(followed.map(\.firstScreen)) * 1e3, unit: "ms",
          baseline: ("curl, 300 feeds 6 at once, ms (floor)", median(fetches) * 1e3),
          target: "reported"))
    }
    report.add(
      Figure(
        label, "launch → fully loaded", median(followed.map(\.shown)) * 1e3, unit: "ms",
        baseline: ("one feed of 15k, loaded ms", median(single.map(\.shown)) * 1e3),
        target: "reported"))
    report.add(
      Figure(
        label, "CPU to first screen", median(followed.map(\.cpu)) * 1e3, unit: "ms",
        baseline: ("one feed of 15k, CPU ms", median(single.map(\.cpu)) * 1e3),
        target: "reported"))
    let peak = median(followed.map(\.peakKiB))
    let onePeak = median(single.map(\.peakKiB))
    let floorPeak = median(floor.map(\.peakKiB))
    report.add(
      Figure(
        label, "peak resident", peak / 1024, unit: "MiB",
        baseline: ("one feed of 15k MiB", onePeak / 1024), target: "≤ 1.0×"))
    report.add(
      Figure(
        label, "peak resident an item", (peak - floorPeak) * 1024 / Double(total), unit: "B",
        baseline: ("one feed of 15k, an item B", (onePeak - floorPeak) * 1024 / Double(total)),
        target: "reported (over a feed of one item)"))
  }

  /// What one launch of a round opens: one feed of every item, the followed feeds, the
  /// followed feeds with `F` typed, a feed of one item.
  enum Side { case oneFeed, followed, panel, oneItem }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    return values.sorted()[values.count / 2]
  }

  /// Seconds `curl` takes to fetch every followed feed, six at a time as the browser does, the
  /// bodies thrown away: the network's share of the launch, read nothing; nil without curl.
  static func fetchAll(server: TestHTTPServer) -> Double? {
    guard let curl = ChildProcess.find("curl") else { return nil }
    var arguments = ["-s", "--parallel", "--parallel-immediate", "--parallel-max", "6"]
    for f in 0..<feedCount { arguments += ["-o", "/dev/null", server.url("/feeds/\(f).xml")] }
    let start = DispatchTime.now().uptimeNanoseconds
    guard ChildProcess.run(curl, arguments).status == 0 else { return nil }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Routes the feeds (`/feeds/N.xml`) and the one feed of all their items (`/all.xml`) on
  /// `server`; returns the one feed's address.
  static func serve(on server: TestHTTPServer) -> String {
    let rss = ["Content-Type": "application/rss+xml"]
    // Feed f's item j was posted (j × 300 + f) × 3 minutes before the newest: the feeds
    // take turns, as feeds a person follows do, so newest first mixes them all.
    var feeds = [[String]](repeating: [], count: feedCount)
    var everything: [String] = []
    everything.reserveCapacity(feedCount * itemsPerFeed)
    for j in 0..<itemsPerFeed {
      for f in 0..<feedCount {
        let item = Self.item(feed: f, number: j, minutesAgo: (j * feedCount + f) * 3)
        feeds[f].append(item)
        everything.append(item)
      }
    }
    for (f, items) in feeds.enumerated() {
      let body = Self.document(title: "Photos \(f)", items: items)
      server.route("/feeds/\(f).xml", reply: .respond(status: 200, headers: rss, body: body))
    }
    let body = Self.document(title: "All photos", items: everything)
    server.route("/all.xml", reply: .respond(status: 200, headers: rss, body: body))
    let single = Self.document(title: "One photo", items: [everything[0]])
    server.route("/one.xml", reply: .respond(status: 200, headers: rss, body: single))
    return server.url("/all.xml")
  }

  static func document(title: String, items: [String]) -> [UInt8] {
    Array(
      ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" "
        + "xmlns:media=\"http://search.yahoo.com/mrss/\"><channel><title>\(title)</title>"
        + "<link>https://photos.example.com/</link>\n" + items.joined(separator: "\n")
        + "\n</channel></rss>\n").utf8)
  }

  /// One photograph's item, about 560 bytes, as a photo site's RSS writes it.
  static func item(feed f: Int, number j: Int, minutesAgo: Int) -> String {
    let size = SyntheticFeed.sizes(1, seed: UInt64(f * 1000 + j + 1))[0]
    let page = "https://photos.example.com/\(f)/\(j)"
    return "<item><title>Photo \(j) of feed \(f)</title><link>\(page)</link>"
      + "<guid isPermaLink=\"true\">\(page)</guid><pubDate>\(pubDate(minutesAgo))</pubDate>"
      + "<description>A photograph from feed \(f), the \(j)th of its fifty, with a caption "
      + "of a sentence or two as photo sites write them.</description>"
      + "<media:content url=\"https://images.example.com/\(f)/\(j).jpg\" medium=\"image\" "
      + "width=\"\(Int(size.width))\" height=\"\(Int(size.height))\"/></item>"
  }

  /// An RFC 822 date `minutes` before Monday 30 November 2026, 12:00 GMT.
  static func pubDate(_ minutes: Int) -> String {
    let newest = 1_795_003_200  // 2026-11-30T12:00:00Z
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: Date(timeIntervalSince1970: Double(newest - minutes * 60)))
  }

  /// A home of the browser's own under the bench's temporary folder: config (the feeds file),
  /// state (`seen.json`) and cache.
  struct Home {
    let folder: URL
    var environment: String {
      let path = folder.path
      return "HOME='\(path)' XDG_CONFIG_HOME='\(path)/config' XDG_STATE_HOME='\(path)/state' "
        + "XDG_CACHE_HOME='\(path)/cache'"
    }

    /// Writes the feeds file: every feed of `server`, named.
    func follow(server: TestHTTPServer) -> Bool {
      let config = folder.appendingPathComponent("config/cascade")
      guard
        (try? FileManager.default.createDirectory(at: config, withIntermediateDirectories: true))
          != nil
      else { return false }
      let lines = (0..<FollowedFeedsWorkload.feedCount).map {
        "\(server.url("/feeds/\($0).xml")) Photos \($0)"
      }
      return FileManager.default.createFile(
        atPath: config.appendingPathComponent("feeds").path,
        contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
  }

  /// One launch, in seconds from the launch: the first status line that counts items, and
  /// what it waited for (the whole feed loaded, or the feeds panel); the peak resident memory
  /// 300 ms later, in KiB, and the CPU used by then.
  struct Launch {
    var firstScreen: Double
    var shown: Double
    var peakKiB: Double
    /// CPU seconds of the browser, user and system, once it has settled.
    var cpu: Double
  }

  /// Launches the browser in a tmux window of its own and watches its screen, every 5 ms and
  /// the few milliseconds a `capture-pane` takes.
  struct Launcher {
    let tmux: String
    let binary: String
    let home: Home

    /// Opens `cascade ARGUMENTS`, `typing` sent as soon as it is launched; nil when it did
    /// not show `items` items within a minute.
    func open(arguments: [String], items: Int, typing: String? = nil) -> Launch? {
      let session = "cascade-\(UUID().uuidString.prefix(8))"
      // A server of its own whose socket is in the home's folder: a tmux server that ends with
      // its last session leaves its socket behind, and this one goes with the folder.
      let socket = home.folder.appendingPathComponent(session).path
      // The shell waits for a line before it becomes the browser, so that the clock starts
      // with the launch, not with tmux's own start.
      let command =
        "read go; \(home.environment) TERM=xterm-256color exec '\(binary)' "
        + arguments.map { "'\($0)'" }.joined(separator: " ") + " --no-images"
      func tmuxRun(_ command: [String], capture: Bool = false) -> (status: Int32, output: String) {
        ChildProcess.run(tmux, ["-S", socket] + command, capture: capture)
      }
      guard
        tmuxRun(["new-session", "-d", "-s", session, "-x", "160", "-y", "48", command]).status == 0
      else { return nil }
      defer {
        _ = tmuxRun(["kill-server"])
        unlink(socket)
      }
      guard
        let pid = Int32(
          tmuxRun(["display-message", "-p", "-t", session, "#{pane_pid}"], capture: true).output
            .trimmingCharacters(in: .whitespacesAndNewlines))
      else { return nil }
      let start = DispatchTime.now().uptimeNanoseconds
      _ = tmuxRun(["send-keys", "-t", session, "Enter"])
      if let typing { _ = tmuxRun(["send-keys", "-t", session, typing]) }
      func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
      let loaded = items == 1 ? " 1 item " : " \(items) items"
      var first: Double?
      var shown: Double?
      while elapsed() < 60 {
        let screen = tmuxRun(["capture-pane", "-p", "-t", session], capture: true).output
          .split(separator: "\n").map(String.init)
        let status = screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let now = elapsed()
        if first == nil, status.contains(" item") { first = now }
        if typing != nil {
          // The feeds panel, cut to the window: its last row counts the feeds.
          if screen.contains(where: { $0.contains(" of \(FollowedFeedsWorkload.feedCount)") }) {
            shown = now
          }
        } else if status.contains(loaded), !status.contains("loading") {
          shown = now
        }
        if let first, let shown {
          // Settled: what it holds once the screen is drawn and its work done.
          usleep(300_000)
          let peak = Self.peakKiB(pid)
          let cpu = ChildProcess.cpuSeconds(pid)
          _ = tmuxRun(["send-keys", "-t", session, "q"])
          return Launch(firstScreen: first, shown: shown, peakKiB: peak, cpu: cpu)
        }
        usleep(5_000)
      }
      print("followed feeds: \(arguments.first ?? "the followed feeds") did not show in a minute")
      return nil
    }

    /// The peak resident memory of `pid` so far (`VmHWM`), in KiB.
    static func peakKiB(_ pid: Int32) -> Double {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
      else { return .nan }
      for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Double(line.dropFirst(6).split(whereSeparator: \.isWhitespace).first ?? "") ?? .nan
      }
      return .nan
    }
  }
}
