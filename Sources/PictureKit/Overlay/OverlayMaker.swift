import BrowserCore
import FeedKit
import PictureCells
import Pictures

/// Pictures kept at their cells' pixel size for the frames that draw them over curses' (a
/// sixel string, an iTerm2 file, or a kitty transmission; see `OverlayDrawer`): what the cache
/// keeps is the picture's id in `OverlayPictures`.
package struct OverlayMaker: PictureMaker {
  package var decoding: PictureDecoding
  package var overlay: OverlayPictures

  package func make(
    _ key: PictureKey, from bytes: [UInt8], at location: PictureLocation,
    cancelled: () -> Bool
  ) throws -> MadePicture? {
    let cell = overlay.cell
    let fitting = (width: key.columns * cell.width, height: key.rows * cell.height)
    // How a moving picture plays is the protocol's: see `OverlayMotion`.
    let motion = overlay.motion
    let moving =
      motion.plays(key)
      ? try decoding.frames(
        bytes, fitting: fitting, cancelled: cancelled, frameLimit: motion.frameLimit)
      : nil
    let image =
      try moving?.first
      ?? decoding.still(
        bytes, fitting: fitting, crop: key.crop,
        filling: key.fullScreen ? nil : (fitting.width, fitting.height, cell.height))
    let cells = PictureDecoding.cells(for: image, in: key, cellAspect: cell.aspect)
    guard
      let id = overlay.keep(
        image, columns: cells.columns, rows: cells.rows, animation: moving?.rest)
    else {
      throw PixelsError.unencodable
    }
    var picture = SymbolPicture.overlay(id, columns: cells.columns, rows: cells.rows)
    // Played by the terminal, it moves; shown one frame at a time, a box shows its first
    // frame, and so does any with moving pictures off.
    let playedByTerminal = if case .playedByTerminal = motion { true } else { false }
    picture.moves = (moving != nil && playedByTerminal) || decoding.isStillOfMoving(bytes)
    // Not played at this size (sixel plays only full screen): still, whatever the clock.
    if moving == nil, !picture.moves, PictureDecoding.isMoving(bytes) {
      picture.moves = true
      picture.standsStill = true
    }
    // The view picks each frame by its clock where the terminal shows one at a time.
    if !playedByTerminal, let moving {
      picture = picture.moving(
        delays: [moving.rest.firstDelay] + moving.rest.frames.map(\.delay), loops: moving.rest.loops
      )
    }
    return MadePicture(picture)
  }
}
