/// One picture of a feed, as decoded: what the engine lays out and what the browser shows.
///
/// A million of these can be loaded at once, so the optional texts, which many feeds leave out,
/// live together in one shared box: 40 bytes an item instead of 88 when none are given.
public struct FeedItem: Hashable, Sendable {
  /// The picture's address, as the feed gave it.
  public var imageURL: String
  /// The pixel size. For every decoded item both sides are finite, above zero and at most
  /// 1,000,000, and height / width is within 1/64...64 (a more extreme shape is cut to that).
  public var width: Double
  public var height: Double
  private var extras: Extras?

  /// The texts few items carry; immutable, so copies of an item can share them.
  private final class Extras: Hashable, Sendable {
    let title: String?
    let id: String?
    let link: String?

    init?(title: String?, id: String?, link: String?) {
      guard title != nil || id != nil || link != nil else { return nil }
      self.title = title
      self.id = id
      self.link = link
    }

    static func == (a: Extras, b: Extras) -> Bool {
      a.title == b.title && a.id == b.id && a.link == b.link
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(title)
      hasher.combine(id)
      hasher.combine(link)
    }
  }

  public init(
    imageURL: String, width: Double, height: Double, title: String? = nil, id: String? = nil,
    link: String? = nil
  ) {
    self.imageURL = imageURL
    self.width = width
    self.height = height
    self.extras = Extras(title: title, id: id, link: link)
  }

  public var title: String? {
    get { extras?.title }
    set { extras = Extras(title: newValue, id: id, link: link) }
  }

  public var id: String? {
    get { extras?.id }
    set { extras = Extras(title: title, id: newValue, link: link) }
  }

  public var link: String? {
    get { extras?.link }
    set { extras = Extras(title: title, id: id, link: newValue) }
  }

  /// What makes two items the same across pages: the id, else the image URL.
  public var identity: String { id ?? imageURL }
}
