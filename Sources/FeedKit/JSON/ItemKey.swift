import FeedModel

/// Which of an item's fields a key names, found by comparing the key once.
///
/// An item's keys were matched by comparing each with every name the decoder accepts in turn
/// (the image's four, then the sizes, … the placeholders' eight): `width` took seven
/// comparisons, and matching was about a tenth of decoding a feed. The key's length and first
/// byte narrow the names to one or two, and only those are compared.
///
/// The ranks are positions in `ItemFields.imageKeys`, `PicturePlaceholder.blurKeys` and
/// `colorKeys`; a test matches every name in those lists to its rank.
enum ItemKey: Equatable {
  /// `img`, `image`, `image_url`, `imageUrl`, `download_url`, `source_url`, `url`, `src`: the
  /// rank in `ItemFields.imageKeys`.
  case image(rank: Int)
  case width, height
  /// `w`, `h`: used when `width`, `height` are absent.
  case shortWidth, shortHeight
  case title, link, id
  /// A blur or colour field: the rank in `blurKeys` or `colorKeys`.
  case placeholder(PicturePlaceholder.Kind, rank: Int)

  /// The field an unescaped key at `key`'s place in `bytes` names, or nil for a key the decoder
  /// does not read.
  ///
  /// Given the reader's bytes, not the reader: passed a reader, the caller copied the whole
  /// reader for every key.
  static func of(_ key: JSONReader.Token, in bytes: UnsafeBufferPointer<UInt8>) -> ItemKey? {
    guard let base = bytes.baseAddress else { return nil }
    return named(UnsafeBufferPointer(start: base + key.start, count: key.count))
  }

  /// The field a key with escapes names, matched on its decoded text as
  /// `JSONReader.stringEquals` does (the names are ASCII letters and `_`, and no other text is
  /// canonically equivalent to one).
  static func of(decoded text: String) -> ItemKey? {
    var text = text
    return text.withUTF8 { named($0) }
  }

  /// The field whose name is exactly `name`.
  static func named(_ name: UnsafeBufferPointer<UInt8>) -> ItemKey? {
    guard let first = name.first else { return nil }
    func matches(_ literal: StaticString) -> Bool {
      // The length is known to be equal: the switch below picks names of the key's length.
      guard let base = name.baseAddress else { return false }
      let bytes = literal.utf8Start
      for i in 0..<name.count where base[i] != bytes[i] { return false }
      return true
    }
    switch (name.count, first) {
    case (1, UInt8(ascii: "w")): return .shortWidth
    case (1, UInt8(ascii: "h")): return .shortHeight
    case (2, UInt8(ascii: "i")): return matches("id") ? .id : nil
    case (3, UInt8(ascii: "i")): return matches("img") ? .image(rank: 0) : nil
    case (3, UInt8(ascii: "u")): return matches("url") ? .image(rank: 6) : nil
    case (3, UInt8(ascii: "s")): return matches("src") ? .image(rank: 7) : nil
    case (4, UInt8(ascii: "l")): return matches("link") ? .link : nil
    case (5, UInt8(ascii: "i")): return matches("image") ? .image(rank: 1) : nil
    case (5, UInt8(ascii: "w")): return matches("width") ? .width : nil
    case (5, UInt8(ascii: "t")): return matches("title") ? .title : nil
    case (5, UInt8(ascii: "c")): return matches("color") ? .placeholder(.color, rank: 0) : nil
    case (6, UInt8(ascii: "h")): return matches("height") ? .height : nil
    case (6, UInt8(ascii: "c")): return matches("colour") ? .placeholder(.color, rank: 1) : nil
    case (8, UInt8(ascii: "i")): return matches("imageUrl") ? .image(rank: 3) : nil
    case (8, UInt8(ascii: "b")):
      if matches("blurhash") { return .placeholder(.blurHash, rank: 0) }
      return matches("blurHash") ? .placeholder(.blurHash, rank: 2) : nil
    case (9, UInt8(ascii: "i")): return matches("image_url") ? .image(rank: 2) : nil
    case (9, UInt8(ascii: "b")):
      return matches("blur_hash") ? .placeholder(.blurHash, rank: 1) : nil
    case (9, UInt8(ascii: "a")):
      return matches("avg_color") ? .placeholder(.color, rank: 2) : nil
    case (10, UInt8(ascii: "s")): return matches("source_url") ? .image(rank: 5) : nil
    case (12, UInt8(ascii: "d")): return matches("download_url") ? .image(rank: 4) : nil
    case (13, UInt8(ascii: "a")):
      return matches("average_color") ? .placeholder(.color, rank: 3) : nil
    case (14, UInt8(ascii: "d")):
      return matches("dominant_color") ? .placeholder(.color, rank: 4) : nil
    default: return nil
    }
  }
}
