/// The pictures wanted, by how soon the reader sees them (`Effect.rankPictures`): those in
/// view, then those a screen ahead in the reading direction, then a screen behind. The shell
/// starts them in this order; pictures not in view are fetched at a lower priority and within
/// a byte budget, and a new ranking (the reader moved, jumped, searched) reorders at once what
/// has not started.
public struct PictureRanking: Hashable, Sendable {
  /// The pictures in view, the most urgent first.
  public var visible: [PictureKey]
  /// The pictures around the view, ahead of the reader first.
  public var ahead: [PictureKey]

  public init(visible: [PictureKey] = [], ahead: [PictureKey] = []) {
    self.visible = visible
    self.ahead = ahead
  }
}
