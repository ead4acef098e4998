import FeedModel

/// Makes items for the formats decoded from a tree or from XML, where a size may be absent or
/// unusable: the item is then kept without a size (`FeedItem.hasSize`), to be read from the
/// picture, instead of being skipped as the classic shape does.
enum ShapedItem {
  /// An item with the size when both sides are usable (finite, above 0, at most
  /// `ItemFields.maxSide`; an extreme shape cut as the classic decoder cuts it), else unsized.
  static func make(
    url: String, width: Double?, height: Double?, title: String?, id: String?, link: String?,
    placeholder: PicturePlaceholder? = nil, sensitive: Bool = false, about: ItemAbout = .none
  ) -> FeedItem {
    guard let width, let height, usable(width), usable(height) else {
      return FeedItem(
        imageURL: url, width: 0, height: 0, title: title, id: id, link: link,
        placeholder: placeholder, sensitive: sensitive, about: about)
    }
    let shape = ItemFields.clampShape(width: width, height: height)
    return FeedItem(
      imageURL: url, width: shape.width, height: shape.height, title: title, id: id, link: link,
      placeholder: placeholder, sensitive: sensitive, about: about)
  }

  /// A text item for an entry without a picture, when text items are kept and the entry has
  /// something to show (a title or a summary); nil otherwise, and then the entry is skipped.
  static func text(
    title: String?, id: String?, link: String?, about: ItemAbout, keepsText: Bool
  ) -> FeedItem? {
    guard keepsText, title?.isEmpty == false || about.summary != nil else { return nil }
    return .text(title: title, id: id, link: link, about: about)
  }

  /// `address` when it is an http(s) one, the only kind a feed's link or picture may be;
  /// nil otherwise (`javascript:`, `file:`, a bare path).
  static func webAddress(_ address: String?) -> String? {
    guard let address else { return nil }
    let lower = address.lowercased()
    return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? address : nil
  }

  /// The placeholder an entry gives: a valid BlurHash under one of `PicturePlaceholder.blurKeys`,
  /// else a valid colour under one of its `colorKeys`, the first valid one in each list; nil
  /// when there is none. Each API uses one name (Unsplash `blur_hash` and `color`, Pexels
  /// `avg_color`, Mastodon `blurhash`); accepting the whole list costs nothing and keeps one
  /// rule for every format.
  static func placeholder(of entry: JSONValue) -> PicturePlaceholder? {
    for key in PicturePlaceholder.blurKeys {
      if let text = entry["\(key)"]?.text, let blur = PicturePlaceholder(blurHash: text) {
        return blur
      }
    }
    for key in PicturePlaceholder.colorKeys {
      if let text = entry["\(key)"]?.text, let color = PicturePlaceholder(color: text) {
        return color
      }
    }
    return nil
  }

  private static func usable(_ side: Double) -> Bool {
    side.isFinite && side > 0 && side <= ItemFields.maxSide
  }

  /// Whether a MIME type (or Media RSS `medium`) names a picture; an absent type counts as one
  /// only where the format's field holds pictures anyway.
  static func isImageType(_ type: String?) -> Bool {
    guard let type = type?.lowercased() else { return false }
    return type.hasPrefix("image/") || type == "image"
  }
}

extension ShapedItem {
  /// The items of an API answer's list: `item` makes each entry's item, or nil when the entry
  /// has no picture, which is skipped as `"<noun> N: <missing>"`.
  static func list(
    _ entries: [JSONValue], noun: String, missing: String, item: (JSONValue) -> FeedItem?
  ) -> (items: [FeedItem], skipped: SkipReport) {
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, entry) in entries.enumerated() {
      if let made = item(entry) {
        items.append(made)
      } else {
        skipped.record("\(noun) \(index + 1): \(missing)")
      }
    }
    return (items, skipped)
  }
}
