import FeedModel

/// The feeds of an OPML file (1.0 or 2.0, as every feed reader exports its subscriptions):
/// each `<outline>` with an `xmlUrl` is a feed, named by its `title` or `text`; an outline
/// without one that holds others is a folder, and the feeds inside it are filed in it.
///
/// The file is untrusted as a feed is: an entity declaration is refused before parsing, no
/// external entity or DTD is loaded, nesting is held to `maxDepth`, and only http(s) and file
/// addresses are kept (another scheme is skipped with the reason). It is read as feeds are,
/// through libxml2's SAX2 parser (`SAXParser`) after its encoding is decoded as browsers do.
public enum OPMLReader {
  /// Deeper nesting than any reader's folders: a hostile file's, refused.
  public static let maxDepth = 64

  /// The feeds and why any outline was skipped.
  public struct Result: Sendable {
    public var subscriptions: [Subscription]
    public var skipped: [String]
  }

  public static func read(_ bytes: [UInt8], source: String) throws(FeedError) -> Result {
    let prologue = bytes.withUnsafeBufferPointer { XMLPrologue($0) }
    if prologue.entityDeclaration != nil {
      throw .notAFeed(
        source: source,
        detail: "the OPML file declares entities (<!ENTITY>), which OPML never needs; "
          + "Cascade does not read them")
    }
    let (text, _) = try DocumentEncoding.xml(bytes[...], charset: nil)
      .decode(bytes[...], source: source)
    let parser = SAXParser()
    let walker = Walker(parser: parser)
    guard parser.parse(XMLDeclaration.declaringUTF8(text), handler: walker) else {
      throw .unreadable(
        source: source, detail: "the XML parser could not be started (out of memory)")
    }
    if walker.tooDeep {
      throw .notAFeed(
        source: source, detail: "outlines nested deeper than \(maxDepth); not a reader's export")
    }
    if let error = walker.firstError {
      throw .malformed(
        format: "OPML", source: source, location: "line \(error.line), column \(error.column)",
        detail: XMLFeedDecoder.describe(code: error.code, message: error.message))
    }
    guard walker.rootClosed else {
      // Where the file ends, as libxml2 would count it.
      let line = text.count { $0 == 0x0A } + 1
      let column = text.count - (text.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
      throw .malformed(
        format: "OPML", source: source, location: "line \(line), column \(column)",
        detail: "the file ends before </\(walker.root ?? "opml")>; it was cut short")
    }
    guard walker.root == "opml" else {
      throw .notAFeed(
        source: source,
        detail: "the XML's root element is <\(walker.root ?? "?")>, where OPML has <opml>")
    }
    return Result(subscriptions: walker.subscriptions, skipped: walker.skipped)
  }

  private final class Walker: SAXHandler {
    private unowned let parser: SAXParser
    var root: String?
    var subscriptions: [Subscription] = []
    var skipped: [String] = []
    var tooDeep = false
    /// Whether the root element's end was read: libxml2 takes a file cut short for whole.
    var rootClosed = false
    /// The first error the parser reported, and where it was met.
    var firstError: (code: Int, message: String, line: Int, column: Int)?
    /// For each open outline, the folder it names (nil for a feed's own outline).
    private var open: [String?] = []

    init(parser: SAXParser) { self.parser = parser }

    func start(
      local name: String, namespace: String, qualified: String, attributes: [String: String]
    ) {
      if root == nil { root = name }
      guard name == "outline" else { return }
      guard open.count < OPMLReader.maxDepth else {
        tooDeep = true
        parser.stop()
        return
      }
      let title = Self.text(attributes["title"]) ?? Self.text(attributes["text"])
      // `xmlUrl` as OPML spells it; `xmlURL` and `xmlurl` as some readers write it.
      let key = attributes.keys.first { $0.lowercased() == "xmlurl" }
      guard let address = Self.text(key.flatMap { attributes[$0] }) else {
        open.append(title ?? "")
        return
      }
      open.append(nil)
      do {
        _ = try FeedSource(argument: address)
        subscriptions.append(
          Subscription(
            feed: address, name: title, folders: open.compactMap { $0 }.filter { !$0.isEmpty }))
      } catch {
        skipped.append(error.description)
      }
    }

    func end(local name: String) {
      if name == "outline", !open.isEmpty { open.removeLast() }
      if name == root, open.isEmpty { rootClosed = true }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {}

    func error(code: Int, message: String, line: Int, column: Int) {
      if firstError == nil { firstError = (code, message, line, column) }
    }

    /// An attribute's text, white space folded and cut to a bound; nil when empty.
    private static func text(_ value: String?) -> String? {
      guard let value else { return nil }
      let folded = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return folded.isEmpty ? nil : String(folded.prefix(1_000))
    }
  }
}
