import BrowserCore
import Foundation
import Testing

/// The browser in real terminal emulators on a virtual X display, judged from screenshots: the
/// pictures a person would see, not the bytes Cascade sends.
///
/// A folder of six photographs is browsed in xterm 379 as a VT340 (sixel) under the
/// `TERM=xterm` it sets itself and under `xterm-256color`, and in Debian's kitty 0.26.5 (kitty
/// graphics without Unicode placeholders). Where the boxes are comes from the same command in
/// tmux with pictures off. Each box in view must show its photograph (pixels sampled inside its
/// picture against the decoded photograph's, a box cut by the edge on its rows in view), after
/// every scroll of one row; blank cells must stay the terminal's background (nothing left where
/// a picture was); after `q` the screen holds no picture.
///
/// Skipped only where Xvfb, xterm, kitty or the tools to photograph and type into them are
/// missing: `Scripts/install-deps` installs them.
@Suite(.enabled(if: RealTerminal.isAvailable && TmuxSession.isAvailable), .serialized)
struct RealTerminalTests {
  static let photos = CascadeProcess.packageRoot.appendingPathComponent("Tests/Fixtures/photos")
  static let arguments = ["--columns", "3", "--sort", "name"]
  static let columns = 100
  static let rows = 24
  /// The keys pressed after the first screen (for xdotool, for tmux): single rows down, until
  /// the top row of boxes is cut by the top edge; a page, which takes it out of view; single
  /// rows on, and one back up.
  static let keys =
    Array(repeating: ("j", "j"), count: 6) + [("space", "Space")]
    + Array(repeating: ("j", "j"), count: 2) + [("k", "k")]
  /// How long a terminal may take to show what it should, each time.
  static let patience = 20.0

  @Test(arguments: RealTerminal.Kind.photoChecked)
  func picturesStayInTheirBoxesWhileScrollingAndLeaveOnQuit(kind: RealTerminal.Kind)
    async throws
  {
    // The six photographs twice over: a feed long enough for boxes to leave the view.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-photos-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.photos.path)
    where name.hasSuffix(".jpg") || name.hasSuffix(".png") {
      for copy in [name, "again-\(name)"] {
        try FileManager.default.copyItem(
          at: Self.photos.appendingPathComponent(name), to: folder.appendingPathComponent(copy))
      }
    }
    let display = try await VirtualDisplay.start()
    defer { display.close() }
    // The terminal's answers decide how pictures are drawn (xterm gets sixel when its device
    // attributes offer it), and an emulator just started on a busy machine answers late
    // (kitty on software OpenGL took over 250 ms, the default budget): a budget that only a
    // terminal that answers nothing spends.
    // The boxes are shaped for the terminal's cells, which it may tell Cascade late or from
    // its window's pixel size (xterm's 8×17 here, kitty's 8×19): the emulator's grid is read
    // first, then Cascade is run again with that shape given, as the tmux twin is, so that
    // both lay out alike whatever the terminal answered (an xterm run once showed a box's
    // border a row off from the twin's).
    let measuring = try RealTerminal.start(
      kind, on: display, columns: Self.columns, rows: Self.rows,
      arguments: [folder.path] + Self.arguments + ["--pictures", "off"])
    let grid = try await measuring.grid()
    measuring.close()
    let aspect = Double(grid.cellHeight) / Double(grid.cellWidth)
    let terminal = try RealTerminal.start(
      kind, on: display, columns: Self.columns, rows: Self.rows,
      arguments: [folder.path] + Self.arguments + [
        "--probe-budget", "5000", "--cell-aspect", String(aspect),
      ])
    defer { terminal.close() }
    let shaped = Self.arguments + ["--cell-aspect", String(aspect)]
    let layout = try await PhotoLayout.read(
      folder: folder, arguments: shaped, columns: Self.columns, expected: 12, cellAspect: aspect)
    // The same view in tmux, with pictures off, given the same keys: its text says where the
    // view is scrolled to and which cells are blank.
    let command = ([CascadeProcess.binary.path, folder.path] + shaped)
      .map { "'\($0)'" }.joined(separator: " ")
    let twin = try TmuxSession(
      command: command + " --pictures off", width: Self.columns, height: Self.rows)
    defer { twin.close() }
    var check = PhotoCheck(
      layout: layout, grid: grid, columns: Self.columns, rows: Self.rows,
      background: RealTerminal.background)

    var offset = 0
    try await twin.waitFor(timeout: Self.patience) {
      layout.scrollOffset(of: $0, rows: Self.rows) == 0
    }
    var text = try await twin.settled()
    var seenCut = false
    var seenGone = false
    for step in 0...Self.keys.count {
      if step > 0 {
        let (key, tmuxKey) = Self.keys[step - 1]
        try await terminal.press(key, grid: grid)
        try await twin.send(tmuxKey)
        let before = offset
        let (moved, screen) = try await twin.waitFor(timeout: 10) {
          (layout.scrollOffset(of: $0, rows: Self.rows) ?? before) != before
        }
        try #require(moved, "the view did not move on \(key): \(screen)")
        // Its corners matched the new offset, but its bottom rows may still be on their way:
        // under the address sanitizer, row 22 still held the last frame's borders.
        text = try await twin.settled()
        offset = try #require(layout.scrollOffset(of: text, rows: Self.rows))
      }
      seenGone = seenGone || layout.boxes.contains { $0.rect.row + $0.rect.height <= offset }
      seenCut =
        seenCut
        || layout.boxes.contains {
          $0.picture.row - offset < 0 && $0.picture.row + $0.picture.height - offset > 0
        }
      let (shot, problems) = try await waitForScreen(display, deadline: Self.patience) { shot in
        check.wrongPictures(in: shot, offset: offset)
          + check.remnants(in: shot, text: text, offset: offset).prefix(8).map {
            "a cell that should be blank is not: \($0)"
          }
      }
      let saved = problems.isEmpty ? "" : save(shot, "\(kind)-scrolled-\(offset)")
      #expect(
        problems.isEmpty,
        "\(kind), scrolled \(offset) rows, \(grid): \(problems.joined(separator: "\n")) \(saved)")
    }
    #expect(seenCut, "the view never cut a box at its top edge: scroll further")
    #expect(seenGone, "no box ever left the view: scroll further")

    try await terminal.press("q", grid: grid)
    let (after, left) = try await waitForScreen(display, deadline: Self.patience) { shot in
      // The shell's cursor is the one cell left.
      let cells = check.cellsNotBackground(in: shot)
      return terminal.exitStatus != nil && cells <= 2 ? [] : ["\(cells) cells not background"]
    }
    let saved = left.isEmpty ? "" : save(after, "\(kind)-after-quit")
    #expect(left.isEmpty, "\(kind) after q: \(left.joined()) \(saved)")
    #expect(terminal.exitStatus == 0)
    if kind == .kitty {
      let log = terminal.log
      #expect(!log.contains("PARSE ERROR") && !log.contains("Malformed GraphicsCommand"), "\(log)")
    }
  }

  /// Photographs the screen until `problems` finds none or `deadline` seconds pass; the last
  /// screenshot and its problems.
  private func waitForScreen(
    _ display: VirtualDisplay, deadline seconds: Double,
    _ problems: (Screenshot) -> [String]
  ) async throws -> (Screenshot, [String]) {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let shot = try await display.screenshot()
      let found = problems(shot)
      if found.isEmpty || Date() > deadline { return (shot, found) }
      try await Task.sleep(for: .milliseconds(150))
    }
  }

  /// Keeps a failing screenshot for a person to look at; says where.
  private func save(_ shot: Screenshot, _ name: String) -> String {
    "(screenshot: \(shot.save(named: "real-terminal-\(name)")))"
  }
}
