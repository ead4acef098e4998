import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// RSS 2.0 (and RSS 1.0) and Atom through FoundationXML's `XMLParser` (libxml2's SAX parser).
///
/// Safety first, since a feed is untrusted: an entity declaration is refused before parsing
/// (`XMLPrologue`), external entities and DTDs are never loaded, and the `LoadOptions` limits
/// hold as for JSON — depth (`--max-depth`), the length of one text (`--max-string`), items
/// (`--max-items`); the body's size was held to `--max-bytes` when it was read. Errors say
/// the line and column.
///
/// What each entry gives (see `XMLEntry` for the choice of picture): the title, the link
/// (RSS `link`; Atom `link rel="alternate"`), the id (`guid`, Atom `id`), and the pictures.
/// Pages follow a feed-level `<atom:link rel="next">` (RFC 5005), in RSS or Atom.
enum XMLFeedDecoder {
  /// Media RSS's namespace as its specification writes it, and without the final slash, as
  /// enough feeds write it that a reader which refused it would miss their pictures.
  static let mediaNamespaces: Set = [
    "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss",
  ]
  static let atomNamespace = "http://www.w3.org/2005/Atom"

  static func decode(
    _ bytes: [UInt8], format: FeedFormat, source: String, options: LoadOptions
  ) throws(FeedError) -> FeedDocument {
    let prologue = bytes.withUnsafeBufferPointer { XMLPrologue($0) }
    if let offset = prologue.entityDeclaration {
      throw .malformed(
        format: format, source: source, location: location(of: offset, in: bytes),
        detail: "the document declares entities (<!ENTITY>), which feeds never need and which "
          + "can expand without bound; Cascade does not read them")
    }
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    let walker = XMLFeedWalker(format: format, source: source, options: options, parser: parser)
    parser.delegate = walker
    let parsed = parser.parse()
    if let failure = walker.failure { throw failure }
    guard parsed else {
      let detail = parser.parserError.map(describe) ?? "the XML parser stopped"
      throw .malformed(
        format: format, source: source,
        location: "line \(parser.lineNumber), column \(parser.columnNumber)", detail: detail)
    }
    guard walker.sawFeedRoot else {
      throw .notAFeed(
        source: source,
        detail: "the XML's root element is <\(walker.rootName ?? "?")>, not <rss> or <feed>")
    }
    return FeedDocument(
      items: walker.items, skipped: walker.skipped, next: walker.next, title: walker.title)
  }

  /// libxml2's message when FoundationXML kept it, else the error's own description.
  private static func describe(_ error: Error) -> String {
    let nsError = error as NSError
    if let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !message.isEmpty {
      return message.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return "XML error \(nsError.code)"
  }

  /// `line L, column C` of a byte offset.
  static func location(of offset: Int, in bytes: [UInt8]) -> String {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }
}
