/// An item's texts as `String`s, for `FeedItem`'s public API: read out on demand, and written by
/// making a slice of the item's own, so that a changed copy never touches a shared block.
extension TextHandle {
  /// A URL and optional texts in one block of their own.
  package init(
    url: String, title: String?, id: String?, link: String?,
    placeholder: PicturePlaceholder? = nil, sensitive: Bool = false, about: ItemAbout = .none,
    feed: String? = nil
  ) {
    var url = url
    self = url.withUTF8 { url in
      Self.withUTF8(title) { title in
        Self.withUTF8(id) { id in
          Self.withUTF8(link) { link in
            Self.withStoredForm(placeholder) { placeholder in
              Self.withUTF8(about.date) { date in
                Self.withUTF8(about.author) { author in
                  Self.withUTF8(about.summary) { summary in
                    Self.withUTF8(feed) { feed in
                      TextHandle(
                        url,
                        texts: ItemTextRecord(
                          title: title, id: id, link: link, placeholder: placeholder,
                          sensitive: sensitive, date: date, author: author, summary: summary,
                          feed: feed))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Whether the feed marks this item's picture sensitive.
  package var isSensitive: Bool { withTexts { $0.sensitive } }

  /// The placeholder kept with this text, if any.
  package var placeholder: PicturePlaceholder? {
    withTexts { texts in texts.placeholder.flatMap(PicturePlaceholder.init(stored:)) }
  }

  /// This slice's URL and texts with `placeholder` instead of its own, in a block of their own.
  package func replacingPlaceholder(with placeholder: PicturePlaceholder?) -> TextHandle {
    withUTF8 { url in
      withTexts { texts in
        Self.withStoredForm(placeholder) { stored in
          var texts = texts
          texts.placeholder = stored
          return TextHandle(url, texts: texts)
        }
      }
    }
  }

  /// The text of `field`, or nil when the item has none.
  package func text(_ field: ItemTextRecord.Field) -> String? {
    withTexts { texts in texts[field].map { String(decoding: $0, as: UTF8.self) } }
  }

  /// This slice's URL and texts with `field` set to `text`, in a block of their own.
  package func replacing(_ field: ItemTextRecord.Field, with text: String?) -> TextHandle {
    withUTF8 { url in
      withTexts { texts in
        Self.withUTF8(text) { text in
          var texts = texts
          texts[field] = text
          return TextHandle(url, texts: texts)
        }
      }
    }
  }

  /// This slice's texts with the URL `url`, in a block of their own.
  package func replacingURL(with url: String) -> TextHandle {
    var url = url
    return withTexts { texts in url.withUTF8 { TextHandle($0, texts: texts) } }
  }

  private static func withStoredForm<R>(
    _ placeholder: PicturePlaceholder?, _ body: (UnsafeBufferPointer<UInt8>?) -> R
  ) -> R {
    guard let placeholder else { return body(nil) }
    return placeholder.withStoredForm { body($0) }
  }

  private static func withUTF8<R>(_ text: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R)
    -> R
  {
    guard var text else { return body(nil) }
    return text.withUTF8 { body($0) }
  }

  /// Calls `body` with the UTF-8 bytes of the item's identity: its id, else its URL; for a
  /// text item (no URL) its link, title and summary together (`FeedItem.identity`), without
  /// making a string for an item with an id or a URL. An item that names its feed has the
  /// feed's name and a NUL before that: two feeds shown together may both number their items
  /// 1, 2, 3.
  ///
  /// A text item without an id is the same item only when all three match: posts of a blog
  /// that share a title ("Untitled") or a link (the blog's home page) but not their text are
  /// different posts, and were merged into one.
  package func withIdentityUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try withTexts { itemTexts in
      guard let feed = itemTexts.feed else { return try withOwnIdentityUTF8(itemTexts, body) }
      return try withOwnIdentityUTF8(itemTexts) { own in
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: feed.count + 1 + own.count) {
          whole in
          guard let start = whole.baseAddress else { return try body(UnsafeBufferPointer(whole)) }
          if let base = feed.baseAddress { start.initialize(from: base, count: feed.count) }
          start[feed.count] = 0
          if let base = own.baseAddress {
            (start + feed.count + 1).initialize(from: base, count: own.count)
          }
          return try body(UnsafeBufferPointer(whole))
        }
      }
    }
  }

  /// The identity within the item's own feed.
  private func withOwnIdentityUTF8<R>(
    _ itemTexts: ItemTextRecord, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    if let id = itemTexts.id { return try body(id) }
    if isEmpty {
      // Each text after its length, so that no two different triples read the same.
      var joined: [UInt8] = []
      for text in [itemTexts.link, itemTexts.title, itemTexts.summary] {
        guard let text else {
          joined.append(UInt8(ascii: "-"))
          continue
        }
        joined += Array("\(text.count):".utf8) + text
      }
      return try joined.withUnsafeBufferPointer(body)
    }
    return try withUTF8(body)
  }
}
