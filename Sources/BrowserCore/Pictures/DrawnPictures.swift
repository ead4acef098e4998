import PictureCells

/// The drawn pictures one frame shows, by key: what the view draws besides the state.
///
/// A frame is a function of the state and of this value. The shell takes it from the
/// `PictureCache` its loader fills (`PictureCache.drawn(for:)`) just before it draws, so the
/// view never reads a cache that other threads write while it draws; `cascade print` and the
/// tests hand it over the same way.
public struct DrawnPictures: Sendable {
  private var byKey: [PictureKey: SymbolPicture]

  public init(_ byKey: [PictureKey: SymbolPicture] = [:]) {
    self.byKey = byKey
  }

  /// No picture drawn yet: every box shows its placeholder.
  public static let none = DrawnPictures()

  public subscript(key: PictureKey) -> SymbolPicture? { byKey[key] }
}

extension BrowserState {
  /// The pictures a frame of this state draws: those of the boxes on screen and the one shown
  /// full screen, in that order, without repeats.
  public var picturesDrawn: [PictureKey] {
    guard picturesShown, !items.isEmpty else { return [] }
    var keys: [PictureKey] = []
    var seen = Set<PictureKey>()
    for box in visibleBoxes() {
      guard case .item(let i) = box.content, !hidesPicture(ofItem: i),
        let key = pictureKey(forItem: i, in: box.rect), seen.insert(key).inserted
      else { continue }
      keys.append(key)
    }
    if case .details(let i) = panel, !hidesPicture(ofItem: i),
      let key = fullScreenPictureKey(forItem: i), seen.insert(key).inserted
    {
      keys.append(key)
    }
    return keys
  }
}
