import Foundation

/// The browser's first screen and full load, end to end with the release binary: launch to a
/// drawn status line in a 200 × 60 tmux window, polled every 10 ms, on a 1M-item (89 MB) and a
/// 10k-item feed file; against `cascade layout` of the same file (every frame printed: the
/// baseline of the full load's target), `cascade layout --rect` (decode and lay out, one screen
/// printed: a stricter comparison, reported) and `python3 -c 'json.load'`, in turns.
///
/// What a person notices: how soon the feed is on screen, and how soon all of it is there.
enum FirstScreenWorkload {
  /// Browser runs so far: each gets a tmux server of its own, as a server just told to stop
  /// may still hold its socket.
  nonisolated(unsafe) private static var browses = 0

  static func measure(quick: Bool, into report: inout Report) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-bench-first-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    guard FileManager.default.isExecutableFile(atPath: binary), let tmux = ChildProcess.find("tmux")
    else {
      print(
        "first screen: needs the release cascade (swift build -c release --product cascade) "
          + "and tmux; not measured")
      return
    }
    let large = quick ? 200_000 : 1_000_000
    let small = 10_000
    let smallFile = folder.appendingPathComponent("small.json").path
    let largeFile = folder.appendingPathComponent("large.json").path
    guard
      FileManager.default.createFile(
        atPath: smallFile, contents: Data(SyntheticFeed.classicJSON(small))),
      FileManager.default.createFile(
        atPath: largeFile, contents: Data(SyntheticFeed.classicJSON(large)))
    else { return }
    let runs = quick ? 1 : 3
    var smallFirst: [Double] = []
    var largeFirst: [Double] = []
    var largeLoaded: [Double] = []
    var layoutRect: [Double] = []
    var layoutAll: [Double] = []
    var layoutCPU: [Double] = []
    var pythonCPU: [Double] = []
    for _ in 0..<runs {
      if let (first, _) = browse(binary, smallFile, items: small, tmux: tmux) {
        smallFirst.append(first)
      }
      if let (first, loaded) = browse(binary, largeFile, items: large, tmux: tmux) {
        largeFirst.append(first)
        largeLoaded.append(loaded)
      }
      if let (wall, cpu) = timed(
        binary,
        [
          "layout", largeFile, "--width", "200", "--columns", "8", "--rect", "0,0,200,60",
          "--max-bytes", "200000000",
        ])
      {
        layoutRect.append(wall)
        layoutCPU.append(cpu)
      }
      // The full load's baseline: `cascade layout` of the same file, every frame printed (to
      // /dev/null).
      if let (wall, _) = timed(
        binary,
        ["layout", largeFile, "--width", "200", "--columns", "8", "--max-bytes", "200000000"])
      {
        layoutAll.append(wall)
      }
      if let python = ChildProcess.find("python3"),
        let (_, cpu) = timed(
          python, ["-c", "import json,sys; json.load(open(sys.argv[1]))", largeFile])
      {
        pythonCPU.append(cpu)
      }
    }
    let name = "browser \(large / 1000)k-item file"
    /// A figure of milliseconds against a baseline, each the median of its runs, if both ran.
    func add(
      _ workload: String, _ figure: String, _ values: [Double], _ baseline: String,
      _ baselineValues: [Double], target: String
    ) {
      guard let a = median(values), let b = median(baselineValues) else { return }
      report.add(
        Figure(
          workload, figure, a * 1000, unit: "ms", baseline: (baseline, b * 1000), target: target))
    }
    add(name, "first screen ms", largeFirst, "10k-item file ms", smallFirst, target: "≤ 2×")
    add(name, "fully loaded ms", largeLoaded, "cascade layout ms", layoutAll, target: "≤ 1.3×")
    // Stricter: decoding and laying out the same file with one screen printed.
    add(
      name, "fully loaded ms", largeLoaded, "layout --rect ms", layoutRect,
      target: "report")
    add(
      "cascade layout --rect, \(large / 1000)k", "CPU ms", layoutCPU, "python json.load CPU ms",
      pythonCPU, target: "≤ 0.5×")
  }

  /// Seconds from launch to the first status line, and to the status line that counts every
  /// item with no load running.
  private static func browse(_ binary: String, _ file: String, items: Int, tmux: String) -> (
    Double, Double
  )? {
    browses += 1
    let session = "cascade-bench-\(getpid())-\(browses)"
    let command =
      "TERM=xterm-256color '\(binary)' '\(file)' --max-bytes 200000000 --no-images"
    let start = DispatchTime.now().uptimeNanoseconds
    // A server of its own, so that a reader's tmux is neither used nor disturbed.
    guard
      ChildProcess.run(
        tmux, ["-L", session, "new-session", "-d", "-s", session, "-x", "200", "-y", "60", command]
      ).status == 0
    else {
      print("first screen: tmux could not start a session; not measured")
      return nil
    }
    defer { _ = ChildProcess.run(tmux, ["-L", session, "kill-server"]) }
    var first: Double?
    let deadline = start + 120_000_000_000
    while DispatchTime.now().uptimeNanoseconds < deadline {
      let status = statusLine(capture(tmux, session))
      let now = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      if first == nil, status.contains(" items") { first = now }
      if let first, status.contains("\(items) items"), !status.contains("loading") {
        return (first, now)
      }
      usleep(10_000)
    }
    print("first screen: \(file) was not loaded within two minutes")
    return nil
  }

  private static func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }

  private static func capture(_ tmux: String, _ session: String) -> String {
    ChildProcess.run(tmux, ["-L", session, "capture-pane", "-p", "-t", session], capture: true)
      .output
  }

  /// Wall and CPU (user + system, of the child) seconds of one run to its end.
  private static func timed(_ path: String, _ arguments: [String]) -> (Double, Double)? {
    var before = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &before)
    let start = DispatchTime.now().uptimeNanoseconds
    guard ChildProcess.run(path, arguments).status == 0 else { return nil }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var after = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &after)
    let cpu =
      seconds(after.ru_utime) + seconds(after.ru_stime)
      - seconds(before.ru_utime) - seconds(before.ru_stime)
    return (wall, cpu)
  }

  private static func seconds(_ t: timeval) -> Double {
    Double(t.tv_sec) + Double(t.tv_usec) / 1e6
  }

  private static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[values.count / 2]
  }
}
