/// What the details say of a picture once its bytes were read: its format, its size in pixels
/// as decoded (the orientation applied) and its file's size in bytes.
///
/// Reported by the shell's picture loader (`Event.pictureFacts`) for each picture it reads,
/// kept by URL in `PictureFactBook`.
public struct PictureFacts: Hashable, Sendable {
  /// `JPEG`, `PNG`, `GIF`, `WebP`: as `PictureFormat` names it.
  public var format: String
  public var width: Int
  public var height: Int
  public var bytes: Int
  /// Why it is drawn otherwise than it is, in words (`still: its 7999 × 7999 canvas is too
  /// large to move`); nil when it is drawn as it is.
  public var note: String?

  public init(format: String, width: Int, height: Int, bytes: Int, note: String? = nil) {
    self.format = format
    self.width = width
    self.height = height
    self.bytes = bytes
    self.note = note
  }

  /// `1200×800 JPEG, 245 KB (250,880 bytes)` with the theme's `times`, and the note after.
  public func text(times: String) -> String {
    "\(width)\(times)\(height) \(format), \(Self.byteText(bytes))" + (note.map { "; \($0)" } ?? "")
  }

  /// `812 bytes`, `245 KB`, `3.4 MB`: kibibytes and mebibytes, as file managers show them.
  static func byteText(_ bytes: Int) -> String {
    if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    if bytes < 1024 * 1024 { return "\((bytes + 512) / 1024) KB" }
    let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}

/// The facts of the pictures read lately, by URL: bounded, as a screenful of pictures is read
/// again and again while a feed of a million scrolls by.
struct PictureFactBook {
  static let capacity = 4096
  private(set) var facts: [String: PictureFacts] = [:]

  subscript(url: String) -> PictureFacts? { facts[url] }

  mutating func record(_ value: PictureFacts, for url: String) {
    if facts[url] == nil, facts.count >= Self.capacity { facts.removeAll(keepingCapacity: true) }
    facts[url] = value
  }
}
