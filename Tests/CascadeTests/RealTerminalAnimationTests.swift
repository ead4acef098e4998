import Foundation
import Testing

/// An animated GIF in real terminal emulators on a virtual X display, judged from screenshots:
/// it moves where the protocol lets it, stops when `a` pauses it, and moves full screen.
///
/// The GIF (eight frames of 150 ms, looping forever) is the first of two boxes, alone in the
/// left column. In xterm in symbols and in kitty (its own animation, frames sent once) the box
/// moves; in xterm's sixel the box holds still (sixel animates full screen only) and nothing
/// is redrawn while it does. Full screen, all three move. With moving pictures off, kitty
/// shows the first frame, in the box and full screen. "Moves" is three different pictures of
/// the left column within `patience`; "holds still" is one picture for two seconds.
///
/// Skipped only where Xvfb, xterm, kitty or the tools to photograph and type into them are
/// missing: `Scripts/install-deps` installs them.
@Suite(.enabled(if: RealTerminal.isAvailable), .serialized)
struct RealTerminalAnimationTests {
  enum Case: String, CaseIterable, Sendable, CustomStringConvertible {
    case xtermSymbols = "xterm in symbols"
    case xtermSixel = "xterm in sixel"
    case kitty = "kitty"
    case kittyStill = "kitty with moving pictures off"

    var description: String { rawValue }
    var kind: RealTerminal.Kind { self == .kitty || self == .kittyStill ? .kitty : .xterm }
    var arguments: [String] {
      switch self {
      case .xtermSymbols: ["--pictures", "symbols"]
      case .kittyStill: ["--no-animation"]
      default: []
      }
    }
    /// Whether the picture moves in its box, not only full screen.
    var movesInBox: Bool { self == .xtermSymbols || self == .kitty }
    var moves: Bool { self != .kittyStill }
  }

  static let gif = CascadeProcess.packageRoot.appendingPathComponent(
    "Tests/Fixtures/moving/coffee-pan.gif")
  static let still = CascadeProcess.packageRoot.appendingPathComponent(
    "Tests/Fixtures/photos/chelsea.jpg")
  static let columns = 80
  static let rows = 24
  /// How long a moving picture may take to show three frames. kitty on software OpenGL, on a
  /// loaded machine, started a new picture's animation 4–5 s after it was placed.
  static let patience = 15.0

  @Test(arguments: Case.allCases)
  func animatedGIFMovesInItsBoxPausesAndMovesFullScreen(test: Case) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-moving-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Named so that, sorted by name, the GIF is the first box and selected.
    try FileManager.default.copyItem(at: Self.gif, to: folder.appendingPathComponent("a.gif"))
    try FileManager.default.copyItem(at: Self.still, to: folder.appendingPathComponent("b.jpg"))

    let display = try await VirtualDisplay.start()
    defer { display.close() }
    let terminal = try RealTerminal.start(
      test.kind, on: display, columns: Self.columns, rows: Self.rows,
      arguments: [folder.path, "--columns", "2", "--sort", "name", "--probe-budget", "5000"]
        + test.arguments)
    defer { terminal.close() }
    let grid = try await terminal.grid()
    let watch = ScreenWatch(display: display, grid: grid, columns: Self.columns, rows: Self.rows)

    // The GIF drawn: most of the left column is no longer background. (kitty before 0.28
    // freed a picture sent before the first frame's clear: with moving pictures off, the GIF
    // came first and its box stayed empty.)
    try await watch.waitUntilDrawn(timeout: 20)
    // The other picture comes too, and the terminal's late answers (its cell size) may redraw
    // the screen once.
    try await Task.sleep(for: .seconds(2))
    try await watch.waitUntilDrawn(timeout: 10)
    let inBox = try await watch.distinctPictures(
      seconds: test.movesInBox ? Self.patience : 2, enough: test.movesInBox ? 3 : nil)
    if test.movesInBox {
      #expect(inBox.count >= 3, "\(test): the box did not move: \(inBox.saved)")
    } else {
      #expect(inBox.count == 1, "\(test): the screen changed while nothing moves: \(inBox.saved)")
    }

    if test.moves {
      try await terminal.press("a", grid: grid)
      try await Task.sleep(for: .seconds(1))
      let paused = try await watch.distinctPictures(seconds: 2)
      #expect(paused.count == 1, "\(test): `a` did not pause it: \(paused.saved)")
      try await terminal.press("a", grid: grid)
    }

    try await terminal.press("Return", grid: grid)
    try await Task.sleep(for: .seconds(1))
    try await watch.waitUntilDrawn(timeout: 10)
    let fullScreen = try await watch.distinctPictures(
      seconds: test.moves ? Self.patience : 2, enough: test.moves ? 3 : nil)
    if test.moves {
      #expect(fullScreen.count >= 3, "\(test): full screen did not move: \(fullScreen.saved)")
    } else {
      #expect(fullScreen.count == 1, "\(test): full screen moved: \(fullScreen.saved)")
    }

    try await terminal.press("q", grid: grid)
    try await terminal.press("q", grid: grid)
    let deadline = Date().addingTimeInterval(10)
    while terminal.exitStatus == nil && Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(terminal.exitStatus == 0, "\(test): \(terminal.log)")
  }
}

/// Screenshots of the left half of a terminal above its status line (the first column of
/// boxes), compared as a person would notice a change.
private struct ScreenWatch {
  let display: VirtualDisplay
  let grid: CellGrid
  /// The cells watched: the left half, the status line left out (its messages come and go).
  let columns: Int
  let rows: Int

  init(display: VirtualDisplay, grid: CellGrid, columns: Int, rows: Int) {
    self.display = display
    self.grid = grid
    self.columns = columns / 2
    self.rows = rows - 1
  }

  /// The different pictures seen in `seconds`, and the last screenshot, saved only when a
  /// failing expectation asks where it is (for a person to look at): saved on every run, two
  /// screenshots were left in the temporary folder by every passing run.
  struct Seen {
    var count: Int
    var last: Screenshot?
    var saved: String {
      last.map { "screenshot: \($0.save(named: "moving-\(count)-pictures"))" } ?? "no screenshot"
    }
  }

  /// Waits until a third of the cells watched are not background: the picture is in (full
  /// screen, it fills less than half of them).
  func waitUntilDrawn(timeout: Double) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let shot = try await display.screenshot()
      if drawnCells(in: shot) * 3 >= columns * rows { return }
      guard Date() < deadline else {
        Issue.record("the pictures never came: \(shot.save(named: "moving-never-drawn"))")
        return
      }
      try await Task.sleep(for: .milliseconds(200))
    }
  }

  /// - Parameter enough: stops looking once this many are seen.
  func distinctPictures(seconds: Double, enough: Int? = nil) async throws -> Seen {
    var seen: Set<[UInt8]> = []
    var last: Screenshot?
    var previous: [UInt8]?
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, seen.count < enough ?? Int.max {
      let shot = try await display.screenshot()
      let picture = cells(of: shot)
      // Counting what holds still, a picture counts once two screenshots in a row show it: a
      // screenshot taken while the terminal was drawing (kitty on software OpenGL, a loaded
      // machine) is half one frame and half the next, which no one saw. A picture that moves
      // is counted as it comes: its frames may last less than a screenshot takes.
      if enough != nil || picture == previous { seen.insert(picture) }
      previous = picture
      last = shot
      try await Task.sleep(for: .milliseconds(60))
    }
    return Seen(count: seen.count, last: last)
  }

  /// The pixels of the terminal's cells, rows of bytes one after another.
  private func cells(of shot: Screenshot) -> [UInt8] {
    var bytes: [UInt8] = []
    let right = min(grid.x + columns * grid.cellWidth, shot.width)
    for y in grid.y..<min(grid.y + rows * grid.cellHeight, shot.height) {
      bytes.append(
        contentsOf: shot.pixels[(y * shot.width + grid.x) * 3..<(y * shot.width + right) * 3])
    }
    return bytes
  }

  private func drawnCells(in shot: Screenshot) -> Int {
    var count = 0
    for row in 0..<rows {
      for column in 0..<columns {
        let colour = shot.average(
          x: grid.x + column * grid.cellWidth + grid.cellWidth / 2,
          y: grid.y + row * grid.cellHeight + grid.cellHeight / 2, radius: 1)
        if colour.distance(to: RealTerminal.background) > 30 { count += 1 }
      }
    }
    return count
  }
}
