import BrowserCore
import FeedKit
import PictureCells

/// What one way of drawing pictures makes of a picture's bytes: symbols drawn into cells, a
/// picture sent to kitty and named by placeholder cells, or one kept to draw over the frame
/// (sixel, iTerm2, kitty's placements). The loader fetches the bytes and decides when; a
/// maker decodes and encodes them, on a worker, into what the picture cache keeps for the
/// view. A new way of drawing is one more maker.
package protocol PictureMaker: Sendable {
  /// `key`'s picture as it was made before and kept on disk, if it was: then its bytes are
  /// not fetched.
  func madeBefore(_ key: PictureKey, at location: PictureLocation) -> SymbolPicture?

  /// Makes `key`'s picture, read from `location`, of `bytes`; nil when `cancelled` said so
  /// on the way (a box that scrolled away).
  /// - Throws: `PictureError` for bytes that do not decode, `PixelsError` for a picture the
  ///   terminal's protocol cannot take.
  func make(
    _ key: PictureKey, from bytes: [UInt8], at location: PictureLocation,
    cancelled: () -> Bool
  ) throws -> MadePicture?
}

extension PictureMaker {
  package func madeBefore(_ key: PictureKey, at location: PictureLocation) -> SymbolPicture? {
    nil
  }
}

/// A picture made for the cache, and the one it replaces in the terminal (kitty's upload of
/// the same picture at another size, which the cache must let go of).
package struct MadePicture: Sendable {
  package var picture: SymbolPicture
  package var replaces: PictureKey?

  package init(_ picture: SymbolPicture, replaces: PictureKey? = nil) {
    self.picture = picture
    self.replaces = replaces
  }
}
