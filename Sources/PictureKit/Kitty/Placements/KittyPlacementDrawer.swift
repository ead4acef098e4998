import Pictures

/// kitty's graphics protocol without Unicode placeholders (kitty before 0.28, Debian 12's
/// 0.26.5): each picture is transmitted once, then placed at its cells with the cursor, a
/// source rectangle cutting a picture partly in view. One placement per box a picture is in
/// (placement id 1 for its first box in the frame, 2 for its second: `OverlayPlacement.copy`),
/// so placing it again moves it; a placement that leaves the view is deleted, and a forgotten
/// picture's data is freed. Text never covers these placements, so every way off the screen (scroll,
/// resize, style switch, panels, quit) goes through `erase` or a clear that deletes them.
package struct KittyPlacementDrawer: OverlayDrawer {
  /// The placement id of a picture's first box; its n-th box (`copy` n) is this plus n.
  package static let placement = 1

  /// kitty plays the frames it is sent with the picture.
  package var motion: OverlayMotion {
    .playedByTerminal(frameLimit: AnimationDecoder.maximumFrames)
  }

  /// A terminal re-entering the alternate screen keeps no kitty picture.
  package var lostWithTheScreen: Bool { true }

  /// kitty's placements stay on the screen until deleted: a crash deletes them too.
  package var crashCleanup: [UInt8] { KittyGraphics.deleteAllOnScreen() }

  package func keep(_ image: RGBAImage, columns: Int, rows: Int, id: UInt32) -> KeptOverlay? {
    guard let png = PNGEncoder.encode(image) else { return nil }
    var kept = KeptOverlay(
      columns: columns, rows: rows, whole: [], image: nil, pixelWidth: image.width,
      pixelHeight: image.height)
    kept.upload = KittyGraphics.transmitData(png: png, id: id)
    kept.whole = place(kept, id: id, rows: 0..<rows)
    return kept
  }

  /// The first frame transmitted and placed as a still's, the others sent once for kitty to
  /// play: nothing is sent per frame.
  package func keep(
    _ image: RGBAImage, animation: PixelAnimation, columns: Int, rows: Int, id: UInt32
  ) -> KeptOverlay? {
    guard var kept = keep(image, columns: columns, rows: rows, id: id),
      let frames = animation.encoded
    else { return nil }
    kept.upload += KittyGraphics.animate(
      id: id, firstDelay: animation.firstDelay, frames: frames, loops: animation.loops)
    kept.moving = true
    return kept
  }

  package func play(id: UInt32, playing: Bool) -> [UInt8] {
    KittyGraphics.play(id: id, playing: playing)
  }

  package func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>) -> [UInt8] {
    rows == 0..<kept.rows ? kept.whole : place(kept, id: id, rows: rows)
  }

  package func draw(_ kept: KeptOverlay, placement: OverlayPlacement) -> [UInt8] {
    if placement.copy == 0, placement.columns == 0..<kept.columns {
      return draw(kept, id: placement.id, rows: placement.rows)
    }
    return place(
      kept, id: placement.id, rows: placement.rows, columns: placement.columns,
      copy: placement.copy)
  }

  /// A placement placed again in the same frame is moved by that placement: deleting it first
  /// would only make it flicker.
  package func erase(_ placement: OverlayPlacement, staying: Bool) -> [UInt8] {
    staying
      ? []
      : KittyGraphics.deletePlacement(id: placement.id, placement: Self.placement + placement.copy)
  }

  package func forget(id: UInt32) -> [UInt8] { KittyGraphics.delete(id: id) }

  /// Every placement, data kept; the repaint's clear frees the data anyway in kitty before
  /// 0.28, so `OverlayPictures` sends each picture again as it places it.
  package func clearScreen() -> [UInt8] { KittyGraphics.deleteAllPlacements() }

  private func place(
    _ kept: KeptOverlay, id: UInt32, rows: Range<Int>, columns: Range<Int>? = nil, copy: Int = 0
  ) -> [UInt8] {
    let pixels = kept.pixelRows(rows)
    let across = columns.map(kept.pixelColumns) ?? 0..<kept.pixelWidth
    guard !pixels.isEmpty, !across.isEmpty, kept.columns > 0 else { return [] }
    return KittyGraphics.place(
      id: id, placement: Self.placement + copy,
      source: (
        x: across.lowerBound, y: pixels.lowerBound, width: across.count, height: pixels.count
      ),
      columns: columns?.count ?? kept.columns, rows: rows.count)
  }
}
