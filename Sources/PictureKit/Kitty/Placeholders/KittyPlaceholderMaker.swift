import BrowserCore
import FeedKit
import PictureCells
import Pictures

/// Pictures sent to kitty in pixels (PNG, a moving one with its frames, which kitty plays) and
/// named by Unicode placeholder cells: what the cache keeps is those cells.
package struct KittyPlaceholderMaker: PictureMaker {
  package var decoding: PictureDecoding
  package var kitty: KittyPixels

  package func make(
    _ key: PictureKey, from bytes: [UInt8], at location: PictureLocation,
    cancelled: () -> Bool
  ) throws -> MadePicture? {
    let keyRows = min(key.rows, KittyPlaceholder.maximumRows)
    let fitting = (width: key.columns * kitty.cell.width, height: keyRows * kitty.cell.height)
    let moving =
      key.crop == nil ? try decoding.frames(bytes, fitting: fitting, cancelled: cancelled) : nil
    let image =
      try moving?.first
      ?? decoding.still(
        bytes, fitting: fitting, crop: key.crop,
        filling: key.fullScreen ? nil : (fitting.width, fitting.height, kitty.cell.height))
    let cells = PictureDecoding.cells(for: image, in: key, cellAspect: kitty.cell.aspect)
    let rows = min(cells.rows, KittyPlaceholder.maximumRows)
    guard let png = PNGEncoder.encode(image) else { throw PixelsError.unencodable }
    let (id, replaced) = kitty.uploads.send(png: png, columns: cells.columns, rows: rows, for: key)
    if let animation = moving?.rest, let frames = animation.encoded {
      kitty.uploads.animate(
        id: id, firstDelay: animation.firstDelay, frames: frames, loops: animation.loops)
    }
    var picture = SymbolPicture.placeholder(
      KittyPlaceholder(imageID: id, direct: kitty.direct), columns: cells.columns, rows: rows)
    picture.moves = moving != nil || decoding.isStillOfMoving(bytes)
    return MadePicture(picture, replaces: replaced)
  }
}
