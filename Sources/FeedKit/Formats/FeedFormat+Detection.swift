import FeedModel

extension FeedFormat {
  /// Bytes of a document looked at to tell its format: enough for any real feed's opening
  /// (an XML prolog, a JSON Feed's `version`, a listing's first item), little enough to read
  /// before deciding how to read the rest.
  static let detectionPrefix = 64 << 10
  /// How long detection waits for more of a prefix that has started to come (seconds).
  static let detectionPatience = 0.3

  /// The format of a document from its first bytes (at most `detectionPrefix` of them).
  ///
  /// Formats are told apart by structure, never by a word somewhere in the text: XML by its
  /// root element, JSON by its top-level keys and its first item's keys, a list of URLs by
  /// every line looking like a URL or a picture's path. Whatever fits nothing is classic JSON,
  /// whose decoder then says what is wrong with it (an HTML page, a syntax error, no item list).
  /// - Parameter isComplete: whether `prefix` is the whole document.
  static func detect(_ whole: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> FeedFormat {
    let prefix = UnsafeBufferPointer(rebasing: ByteOrderMark.skipped(whole))
    guard let first = ByteOrderMark.firstCharacter(in: prefix) else { return .json }
    switch prefix[first] {
    case UInt8(ascii: "<"):
      return XMLPrologue.rootFormat(prefix) ?? .json
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      return JSONShapeSniffer.format(of: prefix, isComplete: isComplete)
    default:
      return URLListDecoder.looksLikeList(prefix, isComplete: isComplete) ? .urlList : .json
    }
  }

  /// Whether `detect` would tell the same format from `prefix` as from the whole document: an
  /// XML root element has come, a JSON document is past its first item (or has a `version` or
  /// `kind` that decides), a list has a whole line. A feed that trickles in is told as soon as
  /// this holds, rather than after 64 KiB.
  static func isSettled(_ whole: UnsafeBufferPointer<UInt8>) -> Bool {
    let prefix = UnsafeBufferPointer(rebasing: ByteOrderMark.skipped(whole))
    guard let first = ByteOrderMark.firstCharacter(in: prefix) else { return false }
    switch prefix[first] {
    case UInt8(ascii: "<"):
      return XMLPrologue.rootFormat(prefix) != nil
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      return JSONShapeSniffer.settledFormat(of: prefix, isComplete: false, must: false) != nil
    default:
      return prefix.contains(UInt8(ascii: "\n"))
    }
  }
}
