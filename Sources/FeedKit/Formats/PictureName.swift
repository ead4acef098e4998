/// Whether a URL or a file name names a picture by its ending (`.jpg`, `.png`, …): how a list's
/// bare file name, an enclosure with no type and a JSON item's `link` are taken for pictures
/// when nothing else says what they are.
enum PictureName {
  /// The endings of the picture files Cascade reads.
  static let extensions = [".jpg", ".jpeg", ".png", ".gif", ".webp"]

  /// Whether `url`'s path (up to a `?` or `#`) ends like a picture's name, in any case.
  static func matches(url: String) -> Bool {
    matches(name: url.prefix { $0 != "?" && $0 != "#" })
  }

  /// Whether a file's `name` (all of it: `?` and `#` are a file name's characters too) ends
  /// like a picture's, in any case.
  static func matches(name: some StringProtocol) -> Bool {
    let lower = name.lowercased()
    return extensions.contains { lower.hasSuffix($0) }
  }
}
