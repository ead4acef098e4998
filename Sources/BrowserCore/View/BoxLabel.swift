import FeedModel

/// What a box shows besides its border.
public struct BoxLabel: Hashable, Sendable {
  /// The title, or the image's file name when the item has none.
  public var title: DisplayText
  /// The picture's size in pixels, shown as `1200×2249`.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The 1-based item number.
  public var number: Int
  /// The byline and summary of a text item, which is drawn as a card of its texts; nil for an
  /// item with a picture.
  public var card: CardLabel?
  /// The feed the item came from, of several shown together (`FeedItem.feed`), drawn on the
  /// box's top edge where it fits; nil for one feed's items, and for a picture given as a
  /// feed of its own, whose title already says it.
  public var feed: DisplayText?
  /// Whether the item was first seen on this visit (`BrowserOptions.newItems`): its box's top
  /// edge says `new`, before its feed.
  public var isNew = false

  public init(
    title: DisplayText, pixelWidth: Int, pixelHeight: Int, number: Int, card: CardLabel? = nil,
    feed: DisplayText? = nil
  ) {
    self.title = title
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.number = number
    self.card = card
    self.feed = feed
  }

  /// What the box of `item`, shown as number `number`, says: sanitised and cut to a width no
  /// box reaches, so a 100,000-character title costs no more than a short one.
  public init(item: FeedItem, number: Int) {
    let title = item.title.flatMap { $0.isEmpty ? nil : $0 } ?? Self.fileName(of: item.imageURL)
    self.init(
      title: DisplayText(title, maximumWidth: 200), pixelWidth: Self.pixels(item.width),
      pixelHeight: Self.pixels(item.height), number: number,
      card: item.hasPicture ? nil : CardLabel(item: item),
      feed: item.feed.flatMap {
        $0.isEmpty || $0 == item.title ? nil : DisplayText($0, maximumWidth: 200)
      })
  }

  /// `1200×2249`, or `?×?` while the feed gave no size and the picture's header has not told it
  /// yet.
  public func size(times: String) -> String {
    pixelWidth == 0 && pixelHeight == 0
      ? "?\(times)?" : "\(pixelWidth)\(times)\(pixelHeight)"
  }

  /// The last path component of a URL, without query or fragment.
  static func fileName(of url: String) -> String {
    let path = url.prefix(4096).split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? String(url.prefix(200)) : name
  }

  private static func pixels(_ value: Double) -> Int {
    value.isFinite ? Int(max(0, min(1e9, value.rounded()))) : 0
  }
}
