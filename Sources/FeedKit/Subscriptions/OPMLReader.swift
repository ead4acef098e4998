import FeedModel
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The feeds of an OPML file (1.0 or 2.0, as every feed reader exports its subscriptions):
/// each `<outline>` with an `xmlUrl` is a feed, named by its `title` or `text`; an outline
/// without one that holds others is a folder, and the feeds inside it are filed in it.
///
/// The file is untrusted as a feed is: an entity declaration is refused before parsing, no
/// external entity or DTD is loaded, nesting is held to `maxDepth`, and only http(s) and file
/// addresses are kept (another scheme is skipped with the reason).
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
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    let walker = Walker()
    parser.delegate = walker
    let parsed = parser.parse()
    if walker.tooDeep {
      throw .notAFeed(
        source: source, detail: "outlines nested deeper than \(maxDepth); not a reader's export")
    }
    guard parsed, walker.rootClosed else {
      throw .malformed(
        format: "OPML", source: source,
        location: "line \(parser.lineNumber), column \(parser.columnNumber)",
        detail: parsed
          ? "the file ends before </\(walker.root ?? "opml")>; it was cut short"
          : parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed XML")
    }
    guard walker.root == "opml" else {
      throw .notAFeed(
        source: source,
        detail: "the XML's root element is <\(walker.root ?? "?")>, where OPML has <opml>")
    }
    return Result(subscriptions: walker.subscriptions, skipped: walker.skipped)
  }

  private final class Walker: NSObject, XMLParserDelegate {
    var root: String?
    var subscriptions: [Subscription] = []
    var skipped: [String] = []
    var tooDeep = false
    /// Whether the root element's end was read: libxml2 takes a file cut short for whole.
    var rootClosed = false
    /// For each open outline, the folder it names (nil for a feed's own outline).
    private var open: [String?] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      if root == nil { root = name }
      guard name == "outline" else { return }
      guard open.count < OPMLReader.maxDepth else {
        tooDeep = true
        parser.abortParsing()
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

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if name == "outline", !open.isEmpty { open.removeLast() }
      if name == root, open.isEmpty { rootClosed = true }
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?)
      -> Data?
    {
      nil
    }

    /// An attribute's text, white space folded and cut to a bound; nil when empty.
    private static func text(_ value: String?) -> String? {
      guard let value else { return nil }
      let folded = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return folded.isEmpty ? nil : String(folded.prefix(1_000))
    }
  }
}
