/// One picture of a feed, as decoded: what the engine lays out and what the browser shows.
///
/// A million of these can be loaded at once, so an item is 40 bytes: the image URL is a slice of
/// its page's shared text block (`TextArena`) rather than a heap string of its own, and the
/// optional texts, which many feeds leave out, live together in one shared box.
public struct FeedItem: Hashable, Sendable {
  private var url: TextSlice
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
    self.init(
      url: TextSlice(imageURL), width: width, height: height, title: title, id: id, link: link)
  }

  /// An item whose URL the decoder already keeps in its page's `TextArena`.
  init(
    url: TextSlice, width: Double, height: Double, title: String?, id: String?, link: String?
  ) {
    self.url = url
    self.width = width
    self.height = height
    self.extras = Extras(title: title, id: id, link: link)
  }

  /// The picture's address, as the feed gave it. Setting it gives this item a text of its own;
  /// other items that shared the old block keep theirs.
  public var imageURL: String {
    get { url.string }
    set { url = TextSlice(newValue) }
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

  /// Calls `body` with the UTF-8 bytes of `identity`, without making a string of the URL.
  func withIdentityUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if var id = extras?.id { return try id.withUTF8(body) }
    return try url.withUTF8(body)
  }
}
