/// One picture of a feed, as decoded: what the engine lays out and what the browser shows.
public struct FeedItem: Hashable, Sendable {
  /// The picture's address, as the feed gave it.
  public var imageURL: String
  /// The pixel size; both finite and above zero for every decoded item.
  public var width: Double
  public var height: Double
  public var title: String?
  public var id: String?
  public var link: String?

  public init(
    imageURL: String, width: Double, height: Double, title: String? = nil, id: String? = nil,
    link: String? = nil
  ) {
    self.imageURL = imageURL
    self.width = width
    self.height = height
    self.title = title
    self.id = id
    self.link = link
  }

  /// What makes two items the same across pages: the id, else the image URL.
  public var identity: String { id ?? imageURL }
}
