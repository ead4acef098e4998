import PictureCells
import Pictures

/// Sixel pictures (xterm `-ti vt340`, foot, mlterm, tmux's own sixel): chafa's sixel string of
/// the picture at its cells' pixels. A picture partly in view is encoded again from the kept
/// pixels of its rows in view, so that scrolling a row at a time never blanks a box.
package struct SixelDrawer: OverlayDrawer {
  package var cell: PixelSize

  /// A sixel terminal shows one frame at a time, and each is a whole picture's bytes: moving
  /// pictures play full screen only.
  package var motion: OverlayMotion { .frameByFrame(fullScreenOnly: true) }

  package func keep(_ image: RGBAImage, columns: Int, rows: Int, id: UInt32) -> KeptOverlay? {
    let whole = encode(image, columns: columns, rows: rows)
    guard !whole.isEmpty else { return nil }
    return KeptOverlay(
      columns: columns, rows: rows, whole: whole, image: image, pixelWidth: image.width,
      pixelHeight: image.height)
  }

  package func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>) -> [UInt8] {
    draw(kept, id: id, rows: rows, frame: 0)
  }

  /// A frame of a moving picture is encoded when it is first shown (and kept by
  /// `OverlayPictures` among its parts): sixel terminals show one frame at a time.
  package func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>, frame: Int) -> [UInt8] {
    if rows == 0..<kept.rows, frame == 0 { return kept.whole }
    guard let part = kept.cut(rows, frame: frame) else { return [] }
    return encode(part, columns: kept.columns, rows: rows.count)
  }

  /// A moving picture keeps every frame's pixels: the full-screen view plays them.
  package func keep(
    _ image: RGBAImage, animation: PixelAnimation, columns: Int, rows: Int, id: UInt32
  ) -> KeptOverlay? {
    guard var kept = keep(image, columns: columns, rows: rows, id: id) else { return nil }
    kept.frames = animation.frames.map(\.image).filter {
      $0.width == image.width && $0.height == image.height
    }
    return kept
  }

  package func encodePart(_ part: RGBAImage, columns: Int, rows: Int) -> [UInt8] {
    encode(part, columns: columns, rows: rows)
  }

  package func erase(_ placement: OverlayPlacement, staying: Bool) -> [UInt8] {
    Self.blanking(placement.area)
  }

  package func forget(id: UInt32) -> [UInt8] { [] }

  private func encode(_ image: RGBAImage, columns: Int, rows: Int) -> [UInt8] {
    SixelEncoder.encode(
      rgba: image.pixels, width: image.width, height: image.height, columns: columns, rows: rows,
      cell: (cell.width, cell.height))
  }
}
