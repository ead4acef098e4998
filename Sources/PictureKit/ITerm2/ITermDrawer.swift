import Pictures

/// iTerm2's inline files (iTerm2, WezTerm): the picture as a PNG sized in cells. A picture
/// partly in view is sent as a PNG of its rows in view.
package struct ITermDrawer: OverlayDrawer {
  /// iTerm2 plays the GIF file it is sent: two frames tell that it moves.
  package var motion: OverlayMotion { .playedByTerminal(frameLimit: 2) }

  package func keep(_ image: RGBAImage, columns: Int, rows: Int, id: UInt32) -> KeptOverlay? {
    guard let png = PNGEncoder.encode(image) else { return nil }
    return KeptOverlay(
      columns: columns, rows: rows, whole: ITermImage.file(png: png, columns: columns, rows: rows),
      image: image, pixelWidth: image.width, pixelHeight: image.height)
  }

  /// iTerm2 plays a GIF itself: a moving picture drawn whole is sent as the file it came as;
  /// cut at the view's edge, its first frame's rows in view are sent, still.
  package func keep(
    _ image: RGBAImage, animation: PixelAnimation, columns: Int, rows: Int, id: UInt32
  ) -> KeptOverlay? {
    guard var kept = keep(image, columns: columns, rows: rows, id: id) else { return nil }
    if !animation.file.isEmpty {
      kept.whole = ITermImage.file(png: animation.file, columns: columns, rows: rows)
    }
    return kept
  }

  package func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>) -> [UInt8] {
    if rows == 0..<kept.rows { return kept.whole }
    guard let part = kept.cut(rows), let png = PNGEncoder.encode(part) else { return [] }
    return ITermImage.file(png: png, columns: kept.columns, rows: rows.count)
  }

  package func encodePart(_ part: RGBAImage, columns: Int, rows: Int) -> [UInt8] {
    guard let png = PNGEncoder.encode(part) else { return [] }
    return ITermImage.file(png: png, columns: columns, rows: rows)
  }

  package func erase(_ placement: OverlayPlacement, staying: Bool) -> [UInt8] {
    Self.blanking(placement.area)
  }

  package func forget(id: UInt32) -> [UInt8] { [] }
}
