import BrowserCore

/// One picture drawn over the frame: which, and on which cells.
struct OverlayPlacement: Hashable, Sendable {
  var id: UInt32
  var area: CellRect
}

/// What to do around curses sending a frame, for pictures drawn over it (sixel, iTerm2):
/// before, erase the pictures that are gone or moved (their cells are blank to curses, so
/// writing blanks there keeps curses' idea of the screen true, and nothing of them is left for
/// a terminal scroll to carry elsewhere); after, draw the pictures that are new or moved.
///
/// A picture that stays where it was costs nothing: curses never touches its blank cells.
struct OverlayPlan: Equatable {
  /// The areas to blank before the frame is sent.
  var erase: [CellRect]
  /// The pictures to draw after it.
  var draw: [OverlayPlacement]

  /// - Complexity: O(n) in the pictures on screen.
  init(previous: [OverlayPlacement], current: [OverlayPlacement]) {
    let kept = Set(current)
    let before = Set(previous)
    erase = previous.filter { !kept.contains($0) }.map(\.area)
    draw = current.filter { !before.contains($0) }
  }

  /// The bytes that blank `erase`: per row of each area, a move to its first cell and an
  /// erase of its width (ECH), which takes a picture's pixels with the characters; the cursor
  /// saved and restored around them, since curses moves relative to where it left it.
  var erasing: [UInt8] {
    guard !erase.isEmpty else { return [] }
    var bytes: [UInt8] = Array("\u{1B}7".utf8)
    for area in erase where area.width > 0 {
      for row in area.row..<area.bottom {
        bytes += Array("\u{1B}[\(row + 1);\(area.column + 1)H\u{1B}[\(area.width)X".utf8)
      }
    }
    return bytes + Array("\u{1B}8".utf8)
  }
}
