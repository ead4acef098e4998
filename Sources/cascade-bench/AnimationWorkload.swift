import Foundation

/// Moving pictures, end to end with the release binary in a 200 × 60 tmux window: twelve
/// animated GIFs (a pan across a real photograph) on screen in symbols. What it costs while
/// they play against the same screen paused (`a`): CPU of one core, and the time from a key
/// (`:` opens the prompt at the status line's end) to the frame that shows it; and the bytes a
/// second Cascade writes while they play in symbols against kitty, which plays them itself.
enum AnimationWorkload {
  /// The moving picture the tests use, copied twelve times.
  static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/moving/coffee-pan.gif")

  static func measure(quick: Bool, into report: inout Report) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    guard FileManager.default.isExecutableFile(atPath: binary),
      let tmux = ChildProcess.find("tmux"),
      let bytes = FileManager.default.contents(
        atPath: picture.path)
    else {
      print("animation: needs the release cascade, tmux and \(picture.path); not measured")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-bench-moving-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for i in 1...12 {
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent(String(format: "moving-%02d.gif", i)).path,
        contents: bytes)
    }
    let seconds = quick ? 2.0 : 6.0
    guard
      let symbols = Browser(
        tmux: tmux, binary: binary, folder: folder.path, pictures: "symbols", name: "symbols")
    else { return }
    let playing = symbols.sample(seconds: seconds)
    let keyPlaying = symbols.keyLatencies(count: quick ? 5 : 15)
    symbols.send("a")
    usleep(500_000)
    let paused = symbols.sample(seconds: seconds)
    let keyPaused = symbols.keyLatencies(count: quick ? 5 : 15)
    symbols.close()

    report.add(
      Figure(
        "12 moving GIFs, 200×60, symbols", "CPU while playing", playing.cpu * 100,
        unit: "% of a core", baseline: ("paused % of a core", paused.cpu * 100),
        target: "≤ 15% of a core"))
    report.add(
      Figure(
        "12 moving GIFs, 200×60, symbols", "key to frame while playing", keyPlaying * 1e3,
        unit: "ms", baseline: ("paused ms", keyPaused * 1e3), target: "≤ 1.5×"))
    guard
      let kitty = Browser(
        tmux: tmux, binary: binary, folder: folder.path, pictures: "kitty", name: "kitty")
    else { return }
    let kittyPlaying = kitty.sample(seconds: seconds)
    kitty.close()
    report.add(
      Figure(
        "12 moving GIFs, 200×60, playing", "bytes written, kitty", kittyPlaying.bytes,
        unit: "bytes/s", baseline: ("symbols bytes/s", playing.bytes), target: "≤ 0.01×"))
  }

  /// One browser in a tmux server of its own.
  struct Browser {
    let tmux: String
    let session: String
    let pid: Int32

    init?(tmux: String, binary: String, folder: String, pictures: String, name: String) {
      self.tmux = tmux
      session = "cascade-bench-moving-\(getpid())-\(name)"
      let command =
        "TERM=xterm-256color exec '\(binary)' '\(folder)' --pictures \(pictures) --no-cache "
        + "--columns 4 --probe-budget 50"
      guard
        ChildProcess.run(
          tmux,
          ["-L", session, "new-session", "-d", "-s", session, "-x", "200", "-y", "60", command]
        ).status == 0,
        let pid = Int32(
          ChildProcess.run(
            tmux, ["-L", session, "display-message", "-p", "-t", session, "#{pane_pid}"],
            capture: true
          ).output.trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        print("animation: tmux could not start a session; not measured")
        _ = ChildProcess.run(
          tmux, ["-L", "cascade-bench-moving-\(getpid())-\(name)", "kill-server"])
        return nil
      }
      self.pid = pid
      // Every picture loaded and drawing.
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline, !statusLine().contains("12 items") { usleep(20_000) }
      usleep(1_500_000)
    }

    func close() { _ = ChildProcess.run(tmux, ["-L", session, "kill-server"]) }

    func send(_ key: String) {
      _ = ChildProcess.run(tmux, ["-L", session, "send-keys", "-t", session, key])
    }

    /// The status line without the help hint at its end: the prompt (`:`) ends it when open.
    func statusLine() -> String {
      let screen = ChildProcess.run(
        tmux, ["-L", session, "capture-pane", "-p", "-t", session], capture: true
      ).output
      let line =
        screen.split(separator: "\n").last {
          !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }.map(String.init) ?? ""
      var text = line.hasSuffix("? help") ? String(line.dropLast(6)) : line
      while text.last == " " { text.removeLast() }
      return text
    }

    /// CPU (share of one core) and bytes written a second over `seconds`.
    func sample(seconds: Double) -> (cpu: Double, bytes: Double) {
      let (cpu0, written0) = (cpuSeconds(), written())
      let start = Date()
      usleep(UInt32(seconds * 1e6))
      let wall = Date().timeIntervalSince(start)
      return ((cpuSeconds() - cpu0) / wall, (written() - written0) / wall)
    }

    /// The median time from `:` to the prompt on the status line (polled every 2 ms).
    func keyLatencies(count: Int) -> Double {
      var times: [Double] = []
      for _ in 0..<count {
        let start = Date()
        send(":")
        let deadline = start.addingTimeInterval(5)
        while Date() < deadline, !statusLine().hasSuffix(":") { usleep(2_000) }
        times.append(Date().timeIntervalSince(start))
        send("Escape")
        let gone = Date().addingTimeInterval(5)
        while Date() < gone, statusLine().hasSuffix(":") { usleep(2_000) }
        usleep(100_000)
      }
      return times.sorted()[times.count / 2]
    }

    private func cpuSeconds() -> Double { ChildProcess.cpuSeconds(pid) }

    private func written() -> Double {
      guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else {
        return 0
      }
      for line in io.split(separator: "\n") where line.hasPrefix("wchar:") {
        return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
      }
      return 0
    }
  }
}
