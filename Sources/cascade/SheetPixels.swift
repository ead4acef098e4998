import BrowserCore
import BrowserShell
import PictureKit

/// Pictures of a printed sheet sent as pixels: kitty's, sent before the text that places them,
/// or sixel, iTerm2 and kitty pictures placed without placeholders, drawn over the printed
/// text afterwards.
struct SheetPixels {
  var kitty: KittyPixels?
  var overlay: OverlayPictures?

  /// The bytes that draw `placements` over a sheet of `sheetRows` rows just printed: for each
  /// picture, back up from below the sheet to its cell, draw, and come back. Pictures that
  /// scrolled off the top of a terminal of `screenRows` rows cannot be reached and are left
  /// out; so are pictures the store no longer holds.
  func overPrinted(
    _ placements: [(id: UInt32, area: CellRect)], from store: OverlayPictures, sheetRows: Int,
    screenRows: Int?
  ) -> [UInt8] {
    // kitty's transmissions (placed without placeholders) go before their placements.
    var bytes = store.takePending()
    for placement in placements {
      let up = sheetRows - placement.area.row
      guard up > 0, placement.area.bottom <= sheetRows, up < (screenRows ?? Int.max),
        let sequence = store.sequence(placement.id)
      else { continue }
      // Save, up to the row, to the column (1-based), draw, restore.
      bytes += Array("\u{1B}7\u{1B}[\(up)A\u{1B}[\(placement.area.column + 1)G".utf8)
      bytes += sequence
      bytes += Array("\u{1B}8".utf8)
    }
    return bytes
  }
}
