import FeedModel

/// What comes before an XML document's root element: declarations, comments, a DOCTYPE. Read
/// by hand, before any XML parser sees the document, for two reasons: the root element's name
/// says RSS or Atom, and an entity declaration — which no feed needs, and which is how a
/// "billion laughs" document expands — is refused before it can be expanded.
struct XMLPrologue {
  /// The root element's qualified name (`rss`, `rdf:RDF`, `feed`), when the bytes reach it.
  var root: String?
  /// Where the first `<!ENTITY` declaration starts, if the prologue has one.
  var entityDeclaration: Int?
  /// Whether the bytes end, whole, before any element: only a declaration, comments, a
  /// DOCTYPE or white space (a document that is empty of content).
  var endsBeforeRoot = false

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = ByteOrderMark.skipped(bytes).startIndex
    func starts(_ text: String, at position: Int) -> Bool {
      let utf8 = Array(text.utf8)
      guard position + utf8.count <= bytes.count else { return false }
      return bytes[position..<position + utf8.count].elementsEqual(utf8)
    }
    func find(_ text: String, from position: Int) -> Int? {
      var at = position
      while at < bytes.count {
        if starts(text, at: at) { return at }
        at += 1
      }
      return nil
    }
    while index < bytes.count {
      let byte = bytes[index]
      if ByteOrderMark.isBlank(byte) {
        index += 1
      } else if starts("<?", at: index) {
        guard let end = find("?>", from: index + 2) else { return }
        index = end + 2
      } else if starts("<!--", at: index) {
        guard let end = find("-->", from: index + 4) else { return }
        index = end + 3
      } else if starts("<!", at: index) {
        // A DOCTYPE, with an internal subset in brackets where entities would be declared.
        var at = index + 2
        var inSubset = false
        while at < bytes.count, inSubset || bytes[at] != UInt8(ascii: ">") {
          if bytes[at] == UInt8(ascii: "[") { inSubset = true }
          if bytes[at] == UInt8(ascii: "]") { inSubset = false }
          if inSubset, entityDeclaration == nil, starts("<!ENTITY", at: at) {
            entityDeclaration = at
          }
          at += 1
        }
        index = at + 1
      } else if byte == UInt8(ascii: "<") {
        var end = index + 1
        while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
        guard end < bytes.count else { return }
        root = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<end]), as: UTF8.self)
        return
      } else {
        return
      }
    }
    endsBeforeRoot = true
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    ByteOrderMark.isBlank(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  /// RSS for `rss`, `rdf:RDF` and CDF's `CHANNEL`, Atom for `feed` (any prefix); nil for other markup (an HTML
  /// page) and for a prologue cut before its root.
  static func rootFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> FeedFormat? {
    guard let root = XMLPrologue(bytes).root else { return nil }
    let local = root.split(separator: ":").last.map { $0.lowercased() } ?? ""
    switch local {
    // CDF's `CHANNEL` is read by the RSS reader, as an old shape of it.
    case "rss", "rdf", "channel": return .rss
    case "feed": return .atom
    default: return nil
    }
  }
}
