/// One picture of a feed, as decoded: what the engine lays out and what the browser shows; or
/// one text item, which has no picture (`hasPicture`) and is shown as a card of its texts.
///
/// A million of these can be loaded at once, so an item is 32 bytes: the image URL and the
/// optional title, id, link, picture placeholder, date, author and summary are one slice of its page's shared text
/// blocks (`TextBlockWriter`), rather than heap strings or a box of their own.
public struct FeedItem: Hashable, Sendable {
  /// The image URL, with the title, id, link and placeholder kept before it when there are any.
  package private(set) var texts: TextHandle
  /// The pixel size, as the feed gave it (or as the picture's header told it). For every decoded
  /// item both sides are finite, above zero and at most 1,000,000 — or both are 0 when the feed
  /// gave no size (`hasSize`), which the picture's header will tell.
  public var width: Double
  public var height: Double

  /// The size a layout gives the picture: the feed's, with a shape more extreme than 64:1
  /// either way cut to 64:1 by shortening the longer side, so that no box is a million rows
  /// tall or a hair wide. Only the layout's shape is cut; the size shown is `width`×`height`.
  /// An item whose size is not known yet is a square until it is.
  public var layoutSize: (width: Double, height: Double) {
    hasSize ? ItemShape.clamped(width: width, height: height) : (1, 1)
  }

  public init(
    imageURL: String, width: Double, height: Double, title: String? = nil, id: String? = nil,
    link: String? = nil, placeholder: PicturePlaceholder? = nil, sensitive: Bool = false,
    about: ItemAbout = .none, feed: String? = nil
  ) {
    self.init(
      texts: TextHandle(
        url: imageURL, title: title, id: id, link: link, placeholder: placeholder,
        sensitive: sensitive, about: about, feed: feed),
      width: width, height: height)
  }

  /// A text item: no picture, shown as a card of its title, date, author and summary.
  public static func text(
    title: String?, id: String? = nil, link: String? = nil, about: ItemAbout
  ) -> FeedItem {
    FeedItem(imageURL: "", width: 0, height: 0, title: title, id: id, link: link, about: about)
  }

  /// Whether the item has a picture; a text item (`text(title:id:link:about:)`) has none and
  /// its image URL is empty. Read from the URL's length alone, so the layout can ask it of a
  /// million items.
  public var hasPicture: Bool { !texts.isEmpty }

  /// An item whose texts the decoder already keeps in its page's `TextBlockWriter`; with no
  /// size, one that stands for its texts alone (to read its identity).
  package init(texts: TextHandle, width: Double = 0, height: Double = 0) {
    self.texts = texts
    self.width = width
    self.height = height
  }

  /// The picture's address, as the feed gave it. Setting it, or any text below, gives this item
  /// texts of its own; other items that shared the old block keep theirs.
  public var imageURL: String {
    get { texts.string }
    set { texts = texts.replacingURL(with: newValue) }
  }

  public var title: String? {
    get { texts.text(.title) }
    set { texts = texts.replacing(.title, with: newValue) }
  }

  public var id: String? {
    get { texts.text(.id) }
    set { texts = texts.replacing(.id, with: newValue) }
  }

  public var link: String? {
    get { texts.text(.link) }
    set { texts = texts.replacing(.link, with: newValue) }
  }

  /// When the item was published, as `2024-05-01 14:03` (UTC) when the feed's date reads as
  /// one, else as cleaned text; nil when the feed gave none.
  public var date: String? {
    get { texts.text(.date) }
    set { texts = texts.replacing(.date, with: newValue) }
  }

  /// Who wrote the item, as plain text.
  public var author: String? {
    get { texts.text(.author) }
    set { texts = texts.replacing(.author, with: newValue) }
  }

  /// The start of the item's text, as plain text of one paragraph (see `ItemAbout`).
  public var summary: String? {
    get { texts.text(.summary) }
    set { texts = texts.replacing(.summary, with: newValue) }
  }

  /// What the item's whole post is kept under while the browser runs (its id, else its link,
  /// else its picture's address); nil when it has none of them.
  public var postKey: String? {
    if let id, !id.isEmpty { return "id:" + id }
    if let link, !link.isEmpty { return "link:" + link }
    return imageURL.isEmpty ? nil : "image:" + imageURL
  }

  /// The name of the feed the item came from, when items of several feeds are shown
  /// together (`cascade A B`); nil for the items of one feed, which the status line names.
  /// Part of `identity`, so two feeds' items of the same id stay two.
  public var feed: String? {
    get { texts.text(.feed) }
    set { texts = texts.replacing(.feed, with: newValue) }
  }

  /// This item with its picture at `imageURL`, naming `feed`, its texts kept by `writer`:
  /// what an item of one of several feeds becomes. A feed's items share the writer's blocks,
  /// as they did when decoded, rather than each taking a block of its own.
  package func naming(feed: String, imageURL: String, keptBy writer: inout TextBlockWriter)
    -> FeedItem
  {
    var url = imageURL
    var feed = feed
    let kept = texts.withTexts { texts in
      url.withUTF8 { url in
        feed.withUTF8 { feed in
          var texts = texts
          texts.feed = feed
          return writer.append(url, texts: texts)
        }
      }
    }
    return FeedItem(texts: kept, width: width, height: height)
  }

  /// The date, author and summary together.
  public var about: ItemAbout { ItemAbout(date: date, author: author, summary: summary) }

  /// What the box shows until the picture arrives, when the feed gave a colour or a blur.
  public var placeholder: PicturePlaceholder? {
    get { texts.placeholder }
    set { texts = texts.replacingPlaceholder(with: newValue) }
  }

  /// Whether the feed marks the picture sensitive (Mastodon's `sensitive`, Reddit's `over_18`
  /// or `spoiler`): the browser shows its placeholder until the reader asks for such pictures.
  public var isSensitive: Bool { texts.isSensitive }

  /// Whether the feed gave this item's size. Many formats (Atom, JSON Feed, a list of URLs)
  /// carry none; such an item is decoded with a 0×0 size rather than skipped, so its size can
  /// be read from the picture (`SizeProbe`) without the reader waiting for it.
  public var hasSize: Bool { width > 0 && height > 0 }

  /// An item of `imageURL` whose size is not known yet.
  public static func unsized(
    imageURL: String, title: String? = nil, id: String? = nil, link: String? = nil,
    placeholder: PicturePlaceholder? = nil, sensitive: Bool = false
  ) -> FeedItem {
    FeedItem(
      imageURL: imageURL, width: 0, height: 0, title: title, id: id, link: link,
      placeholder: placeholder, sensitive: sensitive)
  }

  /// The sides of `layoutSize`: the item's own size with its shape cut to 64:1, or a square
  /// until its size is known, so no layout divides by a zero side.
  public var layoutWidth: Double { layoutSize.width }
  public var layoutHeight: Double { layoutSize.height }

  /// What makes two items the same across pages: the id, else the image URL; for a text item
  /// without an id, its link, else its title, else its summary; after its feed's name and a
  /// NUL when it names its feed.
  public var identity: String { withIdentityUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// Calls `body` with the UTF-8 bytes of `identity`, without making a string.
  package func withIdentityUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try texts.withIdentityUTF8(body)
  }
}
