import Foundation

/// Moving pictures, end to end with the release binary in a 200 × 60 tmux window: twelve
/// animated GIFs (a pan across a real photograph) on screen in symbols. What it costs while
/// they play against the same screen paused (`a`): CPU of one core, and the time from a key
/// (`:` opens the prompt at the status line's end) to the frame that shows it; and the bytes a
/// second Cascade writes while they play in symbols against kitty, which plays them itself.
///
/// The key's times, playing and paused, are taken in turns on the one screen (playing, paused,
/// paused, playing, …), so that both see the machine as it is during the run and neither is the
/// first; the screen is read through one tmux control client, a fraction of a millisecond a
/// look.
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
    symbols.send("a")
    usleep(500_000)
    let paused = symbols.sample(seconds: seconds)
    guard let (keyPlaying, keyPaused) = symbols.keyLatencies(rounds: quick ? 9 : 25) else {
      print("animation: no tmux control client; key to frame not measured")
      symbols.close()
      return
    }
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
      return Self.statusLine(of: screen.split(separator: "\n").map(String.init))
    }

    /// The last line of `screen` with anything on it, without the help hint at its end.
    static func statusLine(of screen: [String]) -> String {
      let line = screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
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

    /// The median times from `:` to the prompt on the status line, playing and paused, `rounds`
    /// of each taken in turns, starting paused; nil when no control client could attach.
    func keyLatencies(rounds: Int) -> (playing: Double, paused: Double)? {
      guard let control = TmuxControlClient(tmux: tmux, socket: session, session: session) else {
        return nil
      }
      var times: [Bool: [Double]] = [true: [], false: []]
      var playing = false
      // One key each way first, not counted: neither side is the first to run.
      let order =
        [true, false] + (0..<rounds).flatMap { $0 % 2 == 0 ? [true, false] : [false, true] }
      for (index, wanted) in order.enumerated() {
        if wanted != playing {
          _ = control.run("send-keys -t \(session) a")
          playing = wanted
          usleep(300_000)
        }
        let time = keyLatency(control)
        if index >= 2 { times[wanted, default: []].append(time) }
      }
      func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
      return (median(times[true] ?? [0]), median(times[false] ?? [0]))
    }

    /// The time from `:` to the prompt, once, the screen looked at every 0.2 ms; the prompt
    /// closed again after.
    private func keyLatency(_ control: TmuxControlClient) -> Double {
      func promptOpen() -> Bool {
        let screen = control.run("capture-pane -p -t \(session)") ?? []
        return Self.statusLine(of: screen).hasSuffix(":")
      }
      let start = Date()
      _ = control.run("send-keys -t \(session) :")
      let deadline = start.addingTimeInterval(5)
      while Date() < deadline, !promptOpen() { usleep(200) }
      let time = Date().timeIntervalSince(start)
      _ = control.run("send-keys -t \(session) Escape")
      let gone = Date().addingTimeInterval(5)
      while Date() < gone, promptOpen() { usleep(1_000) }
      // At a different point of the pictures' 150 ms frames each time.
      usleep(100_000 + UInt32.random(in: 0..<150_000))
      return time
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
