import Foundation
import TestSupport
import Testing

/// One path of keys every real terminal runs, judged from screenshots: scrolling, `G` and `g`,
/// column changes, every style, full screen and back, a page down and up, back to the top,
/// with the built-in sample feed (which repeats pictures). At the end the screen must show
/// the pictures a fresh start shows, where it shows them: none left behind, none missing, none
/// in pieces. In Konsole 22.12 the same path left a collage of old pictures; in kitty 0.26 a
/// repeated picture showed once; in xterm a scrolled picture came apart.
///
/// The screens are compared by their photograph tiles: 8 × 8 pixel squares of 12 colours or
/// more (text, borders and glyphs have few; photographs many), which a selected box's heavier
/// border or another status line does not change.
///
/// Not under the sanitizers: their runs look for memory errors and races, and five terminals
/// there would take CI past its time; the screens are judged in the plain run.
@Suite(.enabled(if: RealTerminal.isAvailable && !Sanitizer.isActive), .serialized)
struct RealTerminalPathTests {
  static let columns = 100
  static let rows = 30
  /// xdotool's key names, and whether a pause follows (a digit is a column count once the
  /// count timeout passes without a key).
  static let path: [(key: String, pause: Bool)] =
    ["j", "j", "j", "space", "G", "g"].map { ($0, false) } + [("3", true), ("4", true)]
    + ["L", "L", "L", "L", "Return", "Escape", "space", "b", "g"].map { ($0, false) }
  /// How long a terminal may take to show what it should, each time.
  static let patience = 30.0

  @Test(arguments: RealTerminal.Kind.allCases)
  func aPathOfKeysEndsOnTheScreenAFreshStartShows(kind: RealTerminal.Kind) async throws {
    let display = try await VirtualDisplay.start()
    defer { display.close() }
    // Still pictures: a moving one would never hold still for the comparison.
    let terminal = try RealTerminal.start(
      kind, on: display, columns: Self.columns, rows: Self.rows,
      arguments: ["--columns", "4", "--no-animation", "--probe-budget", "5000"])
    defer { terminal.close() }
    // The first screen is judged once it has held for 2 s: two looks 0.4 s apart agreed while
    // a picture was still on its way on a busy machine (four busy loops beside `make test`),
    // the fresh screen lacked it, and the path's end was "556 tiles where a fresh start has
    // none" though it showed what a fresh start shows.
    let fresh = try await settled(display, terminal: terminal, holding: 2)
    try #require(
      fresh.count >= 200, "\(kind): \(fresh.count) photograph tiles on the first screen")
    for step in Self.path {
      try await terminal.press(step.key)
      try await Task.sleep(for: .milliseconds(step.pause ? 1_600 : 300))
    }
    // A few tiles at a picture's edge may differ with the quantisation: 2 % of the screen's.
    let allowed = max(8, fresh.count / 50)
    let after = try await settled(display, terminal: terminal, like: fresh, within: allowed)
    let missing = fresh.subtracting(after)
    let extra = after.subtracting(fresh)
    var saved = ""
    if missing.count > allowed || extra.count > allowed {
      saved = try await display.screenshot().save(named: "path-\(kind)")
    }
    #expect(
      missing.count <= allowed,
      "\(kind): \(missing.count) of \(fresh.count) photograph tiles gone \(saved)")
    #expect(
      extra.count <= allowed,
      "\(kind): \(extra.count) photograph tiles where a fresh start has none \(saved)")
    #expect(terminal.isRunning)
  }

  /// The photograph tiles of the screen once looks 0.4 s apart have agreed for `holding`
  /// seconds (two looks when 0) (and, with `like`, once they differ from it in no more than
  /// `within` tiles each way, or the time is up).
  private func settled(
    _ display: VirtualDisplay, terminal: RealTerminal, like expected: Set<Tile>? = nil,
    within allowed: Int = 0, holding: Double = 0
  ) async throws -> Set<Tile> {
    let deadline = Date().addingTimeInterval(Self.patience)
    var last: Set<Tile>?
    var since = Date()
    while true {
      let tiles = Self.photographTiles(try await display.screenshot())
      if tiles != last { since = Date() }
      let still =
        tiles == last && tiles.count > 0 && Date().timeIntervalSince(since) >= holding
      let alike = expected.map {
        $0.subtracting(tiles).count <= allowed && tiles.subtracting($0).count <= allowed
      }
      if still && alike != false { return tiles }
      if Date() > deadline, still || !terminal.isRunning { return tiles }
      if Date() > deadline.addingTimeInterval(Self.patience) { return tiles }
      last = tiles
      try await Task.sleep(for: .milliseconds(400))
    }
  }

  struct Tile: Hashable {
    var x: Int
    var y: Int
  }

  /// The 8 × 8 squares of `shot` with 12 colours or more. The colours of a square are counted
  /// up to 12 in a small array, not a set: a debug build judges a screenshot in a tenth of the
  /// time, and a path takes several.
  static func photographTiles(_ shot: Screenshot) -> Set<Tile> {
    var tiles: Set<Tile> = []
    var colours = [Int](repeating: 0, count: 12)
    for ty in 0..<(shot.height / 8) {
      for tx in 0..<(shot.width / 8) {
        var count = 0
        square: for y in (ty * 8)..<(ty * 8 + 8) {
          for x in (tx * 8)..<(tx * 8 + 8) {
            let offset = (y * shot.width + x) * 3
            let colour =
              Int(shot.pixels[offset]) << 16 | Int(shot.pixels[offset + 1]) << 8
              | Int(shot.pixels[offset + 2])
            if !colours[0..<count].contains(colour) {
              colours[count] = colour
              count += 1
              if count == 12 { break square }
            }
          }
        }
        if count == 12 { tiles.insert(Tile(x: tx, y: ty)) }
      }
    }
    return tiles
  }
}
