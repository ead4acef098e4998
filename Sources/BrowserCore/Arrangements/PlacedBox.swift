/// One box in the view: what it shows, and where, in content rows and screen columns.
public struct PlacedBox: Hashable, Sendable {
  public var content: BoxContent
  public var rect: CellRect

  public init(content: BoxContent, rect: CellRect) {
    self.content = content
    self.rect = rect
  }

  /// The item shown, nil for a full-width row.
  public var item: Int? {
    if case .item(let i) = content { return i }
    return nil
  }
}

/// What one box on screen shows.
public enum BoxContent: Hashable, Sendable {
  /// The picture at this position in the browser's item list.
  case item(Int)
  /// A full-width row: the feed's name at the top, or the start of a loaded page.
  case row(FullWidthRow)
}
