import FeedModel

/// RSS 2.0 (and RSS 0.9x, RSS 1.0) and Atom (and Atom 0.3) through libxml2's SAX2 parser
/// (`SAXParser`), its own C API.
///
/// Safety first, since a feed is untrusted: an entity declaration is refused before parsing
/// (`XMLPrologue`), external entities and DTDs are never loaded, and the `LoadOptions` limits
/// hold as for JSON — depth (`--max-depth`), the length of one text (`--max-string`), items
/// (`--max-items`); the body's size was held to `--max-bytes` when it was read. Errors say
/// the problem in words and its line and column in the document as sent.
///
/// Liberal as the JSON reader is: the faults real feeds commonly have (HTML entities, bad
/// UTF-8, white space before the declaration, a bare `&`) are mended first (`XMLRepair`).
///
/// What each entry gives (see `XMLEntry` for the choice of picture): the title, the link
/// (RSS `link`; Atom `link rel="alternate"`), the id (`guid`, Atom `id`), and the pictures.
/// Pages follow a feed-level `<atom:link rel="next">` (RFC 5005), in RSS or Atom. Every address
/// is read against the `xml:base` in scope where it is written (`XMLBase`).
enum XMLFeedDecoder {
  /// Media RSS's namespace as its specification writes it, and without the final slash, as
  /// enough feeds write it that a reader which refused it would miss their pictures.
  static let mediaNamespaces: Set = [
    "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss",
  ]
  static let atomNamespace = "http://www.w3.org/2005/Atom"
  static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"
  static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
  /// Atom 0.3's, the draft before RFC 4287, which blogs of 2004 and 2005 were written in.
  static let atom03Namespace = "http://purl.org/atom/ns#"
  /// Apple's podcast namespace, written in either case (`DTDs/Podcast`) as feeds write it.
  static let itunesNamespace = "http://www.itunes.com/dtds/podcast-1.0.dtd"
  /// The namespaces of RSS 0.90 and of RSS 2.0 written with a default namespace: plain RSS.
  static let plainRSSNamespaces: Set = [
    "http://my.netscape.com/rdf/simple/0.9/", "http://backend.userland.com/rss2",
    "http://blogs.law.harvard.edu/tech/rss",
  ]

  static func decode(
    _ bytes: [UInt8], format: FeedFormat, source: String, options: LoadOptions
  ) throws(FeedError) -> FeedDocument {
    let prologue = bytes.withUnsafeBufferPointer { XMLPrologue($0) }
    if let offset = prologue.entityDeclaration {
      throw .malformed(
        format: format.displayName, source: source, location: location(of: offset, in: bytes),
        detail: "the document declares entities (<!ENTITY>), which feeds never need and which "
          + "can expand without bound; Cascade does not read them")
    }
    let (text, notes) = try DocumentEncoding.xml(bytes[...], charset: options.declaredCharset)
      .decode(bytes[...], source: source)
    let repair = XMLRepair(XMLDeclaration.declaringUTF8(text))
    guard !repair.bytes.isEmpty else {
      throw .malformed(
        format: format.displayName, source: source, location: location(of: text.count, in: text),
        detail: problem(code: 4) ?? "document is empty")
    }
    let parser = SAXParser()
    let walker = XMLFeedWalker(format: format, source: source, options: options, parser: parser)
    guard parser.parse(repair.bytes, handler: walker) else {
      throw .unreadable(
        source: source, detail: "the XML parser could not be started (out of memory)")
    }
    if let failure = walker.failure { throw failure }
    let parsed = walker.firstError == nil
    var skipped = walker.skipped
    for note in notes { skipped.note(note) }
    if !parsed {
      // Where the first error was met (libxml2 may go on, and stop somewhere else), in the
      // bytes the feed sent rather than the mended ones.
      let first = walker.firstError
      let offset = repair.originalOffset(
        repair.offset(line: first?.line ?? 1, column: first?.column ?? 1))
      let problem = describe(code: first?.code ?? 1, message: first?.message ?? "")
      // A document cut short (a last end tag without its `>`, a transfer that stopped) keeps
      // the items it finished; only an error before the end refuses the whole feed.
      guard walker.sawFeedRoot, walker.entryCount > 0,
        Self.holdsOnlyEndTags(text[min(offset, text.count)...])
      else {
        throw .malformed(
          format: format.displayName, source: source, location: location(of: offset, in: text),
          detail: problem)
      }
      skipped.note(cutShort(at: location(of: offset, in: text), problem, walker: walker))
    } else if walker.isUnfinished {
      skipped.note(
        cutShort(
          at: location(of: text.count, in: text), "elements not closed", walker: walker))
    }
    guard walker.sawFeedRoot else {
      throw .notAFeed(
        source: source,
        detail: "the XML's root element is <\(walker.rootName ?? "?")>, not <rss> or <feed>")
    }
    return FeedDocument(
      items: walker.items, skipped: skipped, next: walker.next, title: walker.title)
  }

  /// The note for a document that ends before its elements are closed.
  private static func cutShort(at location: String, _ problem: String, walker: XMLFeedWalker)
    -> String
  {
    "the document ends cut short at \(location) (\(problem))"
      + (walker.isInEntry ? "; its last item, unfinished, was dropped" : "")
  }

  /// Whether `rest` is white space and end tags only, the last perhaps without its `>`: what
  /// is left where a document was cut short after its last item.
  static func holdsOnlyEndTags(_ rest: ArraySlice<UInt8>) -> Bool {
    var index = rest.startIndex
    while index < rest.endIndex {
      if ByteOrderMark.isBlank(rest[index]) {
        index += 1
        continue
      }
      guard rest[index...].starts(with: "</".utf8) else { return false }
      index += 2
      while index < rest.endIndex, rest[index] != UInt8(ascii: ">"),
        rest[index] != UInt8(ascii: "<")
      {
        index += 1
      }
      if index < rest.endIndex, rest[index] == UInt8(ascii: ">") { index += 1 }
    }
    return true
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
