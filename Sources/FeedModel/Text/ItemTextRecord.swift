/// The texts an item may carry besides its image URL (title, id, link, its picture's
/// placeholder in the stored form `PicturePlaceholder` gives it, and the date, author and
/// summary a text item shows) as UTF-8 bytes, and the form in
/// which a `TextBlock` keeps them, just before the URL's record.
///
/// Why in the block: most feeds give every item a title, and holding the three texts in a box of
/// their own cost each titled item about 80 bytes (the box, and a heap string for a title over
/// 15 bytes) on top of the title's bytes. In the page's block they cost their bytes and a few
/// bytes of header, and decoding a page allocates nothing per item.
///
/// The stored form, from low addresses to high: the present texts' bytes (title, id, link,
/// placeholder, date, author, summary, feed), then each present text's length as a `UInt32` in
/// the same order, then, only when the picture is marked sensitive or the feed is named, a byte
/// of those two flags, then one byte of flags naming the other present texts (and whether the
/// second byte is there). It is read backwards from its end, which is where the URL's record
/// starts, so the URL can stay last and a huge URL can still run to the end of its block. A
/// present empty text is a flag with length 0, unlike an absent one. An item without a
/// placeholder pays nothing for it: the placeholder is one more bit among the flags.
///
/// The buffers point into a block, or into a caller's strings: valid only while those are.
package struct ItemTextRecord {
  package enum Field { case title, id, link, placeholder, date, author, summary, feed }

  package var title: UnsafeBufferPointer<UInt8>?
  package var id: UnsafeBufferPointer<UInt8>?
  package var link: UnsafeBufferPointer<UInt8>?
  package var placeholder: UnsafeBufferPointer<UInt8>?
  package var date: UnsafeBufferPointer<UInt8>?
  package var author: UnsafeBufferPointer<UInt8>?
  package var summary: UnsafeBufferPointer<UInt8>?
  /// The name of the feed the item came from, when items of several feeds are shown together.
  package var feed: UnsafeBufferPointer<UInt8>?
  /// The feed marks the picture sensitive (Mastodon's `sensitive`, Reddit's `over_18`): a flag
  /// with no bytes of its own.
  package var sensitive = false

  package static var none: ItemTextRecord { ItemTextRecord() }

  /// The bytes of one stored length.
  private static let lengthSize = MemoryLayout<UInt32>.size

  package init(
    title: UnsafeBufferPointer<UInt8>? = nil, id: UnsafeBufferPointer<UInt8>? = nil,
    link: UnsafeBufferPointer<UInt8>? = nil, placeholder: UnsafeBufferPointer<UInt8>? = nil,
    sensitive: Bool = false, date: UnsafeBufferPointer<UInt8>? = nil,
    author: UnsafeBufferPointer<UInt8>? = nil, summary: UnsafeBufferPointer<UInt8>? = nil,
    feed: UnsafeBufferPointer<UInt8>? = nil
  ) {
    self.title = title
    self.id = id
    self.link = link
    self.placeholder = placeholder
    self.sensitive = sensitive
    self.date = date
    self.author = author
    self.summary = summary
    self.feed = feed
  }

  package subscript(field: Field) -> UnsafeBufferPointer<UInt8>? {
    get {
      switch field {
      case .title: title
      case .id: id
      case .link: link
      case .placeholder: placeholder
      case .date: date
      case .author: author
      case .summary: summary
      case .feed: feed
      }
    }
    set {
      switch field {
      case .title: title = newValue
      case .id: id = newValue
      case .link: link = newValue
      case .placeholder: placeholder = newValue
      case .date: date = newValue
      case .author: author = newValue
      case .summary: summary = newValue
      case .feed: feed = newValue
      }
    }
  }

  package var isEmpty: Bool {
    title == nil && id == nil && link == nil && placeholder == nil && !sensitive && date == nil
      && author == nil && summary == nil && feed == nil
  }

  /// The bytes the stored form takes in a block: none when no text is present.
  package var storedCount: Int {
    guard !isEmpty else { return 0 }
    var count = hasMoreFlags ? 2 : 1
    forEachPresent { _, text in count += Self.lengthSize + text.count }
    return count
  }

  /// Appends the stored form to `block`, which must have `storedCount` bytes of room.
  package func write(to chunk: TextBlock) {
    guard !isEmpty else { return }
    forEachPresent { _, text in _ = chunk.append(text) }
    var flags: UInt8 = 0
    forEachPresent { field, text in
      precondition(text.count <= Int(UInt32.max), "ItemTextRecord: a text of 4 GiB or more")
      _ = chunk.append(bytesOf: UInt32(text.count))
      flags |= Self.flag(field)
    }
    if hasMoreFlags {
      var more: UInt8 = 0
      if sensitive { more |= Self.sensitiveFlag }
      if feed != nil { more |= Self.feedFlag }
      _ = chunk.append(bytesOf: more)
      flags |= Self.moreFlags
    }
    _ = chunk.append(bytesOf: flags)
  }

  /// The texts whose stored form ends just before `end`, written by `write(to:)`.
  package init(storedBefore end: UnsafePointer<UInt8>) {
    let flags = end[-1]
    let more = flags & Self.moreFlags != 0 ? end[-2] : 0
    var cursor = UnsafeRawPointer(end - (flags & Self.moreFlags != 0 ? 2 : 1))
    func count(_ field: Field) -> Int? {
      let present =
        field == .feed ? more & Self.feedFlag != 0 : flags & Self.flag(field) != 0
      guard present else { return nil }
      cursor -= Self.lengthSize
      return Int(cursor.loadUnaligned(as: UInt32.self))
    }
    let feedCount = count(.feed)
    let summaryCount = count(.summary)
    let authorCount = count(.author)
    let dateCount = count(.date)
    let placeholderCount = count(.placeholder)
    let linkCount = count(.link)
    let idCount = count(.id)
    let titleCount = count(.title)
    var textEnd = cursor.assumingMemoryBound(to: UInt8.self)
    func text(_ count: Int?) -> UnsafeBufferPointer<UInt8>? {
      guard let count else { return nil }
      textEnd -= count
      return UnsafeBufferPointer(start: textEnd, count: count)
    }
    self.init(sensitive: more & Self.sensitiveFlag != 0)
    feed = text(feedCount)
    summary = text(summaryCount)
    author = text(authorCount)
    date = text(dateCount)
    placeholder = text(placeholderCount)
    link = text(linkCount)
    id = text(idCount)
    title = text(titleCount)
  }

  /// Whether the texts are equal as `String?`s are: the same ones present, equal as text.
  package static func same(_ a: ItemTextRecord, _ b: ItemTextRecord) -> Bool {
    same(a.title, b.title) && same(a.id, b.id) && same(a.link, b.link)
      && same(a.placeholder, b.placeholder) && a.sensitive == b.sensitive
      && same(a.date, b.date) && same(a.author, b.author) && same(a.summary, b.summary)
      && same(a.feed, b.feed)
  }

  /// Hashes the texts so that `same` texts hash alike.
  package func hash(into hasher: inout Hasher) {
    Self.hash(title, into: &hasher)
    Self.hash(id, into: &hasher)
    Self.hash(link, into: &hasher)
    Self.hash(placeholder, into: &hasher)
    hasher.combine(sensitive)
    Self.hash(date, into: &hasher)
    Self.hash(author, into: &hasher)
    Self.hash(summary, into: &hasher)
    Self.hash(feed, into: &hasher)
  }

  private static func hash(_ text: UnsafeBufferPointer<UInt8>?, into hasher: inout Hasher) {
    hasher.combine(text != nil)
    if let text { TextHandle.hashText(text, into: &hasher) }
  }

  private static func same(_ x: UnsafeBufferPointer<UInt8>?, _ y: UnsafeBufferPointer<UInt8>?)
    -> Bool
  {
    switch (x, y) {
    case (nil, nil): true
    case (let x?, let y?): TextHandle.sameText(x, y)
    default: false
    }
  }

  /// Set in the flags when a second byte of flags is stored before them: the texts' own flags
  /// fill the first byte, and the rarer ones wait in the second, so an item that has neither
  /// pays no byte for it.
  private static let moreFlags: UInt8 = 16
  /// In the second byte: the picture is marked sensitive.
  private static let sensitiveFlag: UInt8 = 1
  /// In the second byte: the feed's name is kept, after the summary.
  private static let feedFlag: UInt8 = 2

  private var hasMoreFlags: Bool { sensitive || feed != nil }

  private static func flag(_ field: Field) -> UInt8 {
    switch field {
    case .title: 1
    case .id: 2
    case .link: 4
    case .placeholder: 8
    case .date: 32
    case .author: 64
    case .summary: 128
    case .feed: 0
    }
  }

  /// Calls `body` with each present text, in stored order.
  private func forEachPresent(_ body: (Field, UnsafeBufferPointer<UInt8>) -> Void) {
    if let title { body(.title, title) }
    if let id { body(.id, id) }
    if let link { body(.link, link) }
    if let placeholder { body(.placeholder, placeholder) }
    if let date { body(.date, date) }
    if let author { body(.author, author) }
    if let summary { body(.summary, summary) }
    if let feed { body(.feed, feed) }
  }
}
