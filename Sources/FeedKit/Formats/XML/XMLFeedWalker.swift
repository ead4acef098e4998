import FeedModel
import FoundationEssentials

/// The `SAXParser` handler behind `XMLFeedDecoder`: follows elements, keeps the texts it
/// needs (and only those), gathers entries, and stops the parser at the first limit exceeded.
final class XMLFeedWalker: SAXHandler {
  private let format: FeedFormat
  private let source: String
  private let options: LoadOptions
  private unowned let parser: SAXParser

  private(set) var items: [FeedItem] = []
  private(set) var skipped = SkipReport()
  private(set) var next: String?
  private(set) var title: String?
  private(set) var failure: FeedError?
  private(set) var rootName: String?
  private(set) var sawFeedRoot = false
  /// Whether the root is `<CHANNEL>`: Microsoft's Channel Definition Format (1997), whose
  /// element names come in any case and whose addresses and dates are attributes.
  private var isCDF = false
  /// The first error the parser reported, and where it was met.
  private(set) var firstError: (code: Int, message: String, line: Int, column: Int)?

  /// Local names of the open elements.
  private var open: [String] = []
  /// The `xml:base` in scope, against which every reference the feed gives is resolved.
  private var base: XMLBase
  private var entry: XMLEntry?
  /// Whether an entry is open: where a document cut short stopped inside one.
  var isInEntry: Bool { entry != nil }
  /// Whether elements are still open: the document ended before it closed them.
  var isUnfinished: Bool { !open.isEmpty }
  /// Entries begun, kept or skipped.
  private(set) var entryCount = 0
  /// `open.count` with the entry's element open: its own fields are the elements one deeper.
  private var entryLevel = 0
  /// `open.count` with an entry's Atom `source` open. An aggregator copies the original feed's
  /// title, id and links there; none of it describes the entry, so all of it is passed over.
  private var sourceLevel: Int?
  /// The text being gathered, what it is for, how it is written, and `open.count` with its
  /// element open: the text ends with that element, not with one nested in it (XHTML's).
  private var text = ""
  private var textTarget: TextTarget?
  private var textMarkup = TextMarkup.text
  private var textLevel = 0

  private enum TextTarget {
    case entryTitle, entryLink, entryID, feedTitle
    /// A title written in another vocabulary (`dc:title`, `media:title`): the entry's title
    /// when it has no `title` of its own.
    case entryOtherTitle
    /// An entry's date (`pubDate`, `published`, `dc:date`; `updated`) and author (RSS
    /// `author`, `dc:creator`, Atom `author/name`).
    case entryDate, entryUpdated, entryAuthor
    /// An entry's text (RSS `description` or `content:encoded`, Atom `content` or `summary`),
    /// for the `<img>` a feed without media elements puts its picture in.
    case entryBody
  }

  /// The most of an entry's text kept to look for a picture in: it comes early in a post, and
  /// a long post is not an error.
  static let bodyPrefix = PostText.maximumBytes + 1

  /// How a title's text is written: Atom says (`type`); RSS never does, and its titles are
  /// read as text that may hold HTML: references decoded (`&amp;amp;` is common) and HTML's
  /// own tags dropped, but no other: `Vec&lt;T&gt;` arrives from the XML parser as `Vec<T>`,
  /// which is a title, not markup (`HTMLText.plain(_:knownTagsOnly:)`).
  private enum TextMarkup {
    case text, escaped, html, xhtml
  }

  init(format: FeedFormat, source: String, options: LoadOptions, parser: SAXParser) {
    self.format = format
    self.source = source
    self.options = options
    self.parser = parser
    base = XMLBase(origin: source)
  }

  private func fail(_ error: FeedError) {
    guard failure == nil else { return }
    failure = error
    parser.stop()
  }

  private var location: String {
    let position = parser.position
    return "line \(position.line), column \(position.column)"
  }

  func start(
    local name: String, namespace namespaceURI: String, qualified qualifiedName: String,
    attributes: [String: String]
  ) {
    guard failure == nil else { return }
    if open.isEmpty { isCDF = name.lowercased() == "channel" }
    let name = localName(name)
    guard open.count < options.maxDepth else {
      fail(
        .limitExceeded(source: source, limit: .nestingDepth(options.maxDepth), location: location))
      return
    }
    if open.isEmpty {
      rootName = qualifiedName
      sawFeedRoot = isCDF || ["rss", "RDF", "feed"].contains(name)
    }
    open.append(name)
    base.enter(level: open.count, base: attributes["xml:base"])
    let namespace = namespaceURI
    if name == "item" || name == "entry" {
      entryCount += 1
      guard entryCount <= options.maxItems else {
        fail(
          .limitExceeded(source: source, limit: .itemCount(options.maxItems), location: location))
        return
      }
      entry = XMLEntry()
      entryLevel = open.count
      if isCDF {
        entry?.link = Self.cdfAttribute("href", attributes).map(base.resolve)
        entry?.date = Self.cdfAttribute("lastmod", attributes)
      }
      return
    }
    if entry != nil, sourceLevel == nil, name == "source", open.count == entryLevel + 1 {
      sourceLevel = open.count
    }
    guard sourceLevel == nil else { return }
    if isCDF, name == "logo", let href = Self.cdfAttribute("href", attributes) {
      entry?.offer(.init(kind: .enclosure, url: base.resolve(href)))
      return
    }
    if name == "img", namespace == XMLFeedDecoder.xhtmlNamespace || namespace.isEmpty,
      entry != nil
    {
      // An Atom `type="xhtml"` text, or HTML written into an RSS description unescaped: the
      // picture is an element, not escaped markup.
      offer(HTMLImages.image(attributes))
      return
    }
    if name == "image", entry != nil, namespace.lowercased() == XMLFeedDecoder.itunesNamespace,
      // `url` as some podcast tools write it, for `href`.
      let href = (attributes["href"] ?? attributes["url"])?.trimmingASCIIWhitespace(),
      !href.isEmpty
    {
      entry?.offer(.init(kind: .podcastArt, url: base.resolve(href)))
    } else if XMLFeedDecoder.mediaNamespaces.contains(namespace) {
      media(name, attributes)
    } else if name == "link" {
      link(namespace: namespace, attributes)
    } else if name == "enclosure", let url = attributes["url"]?.trimmingASCIIWhitespace(),
      XMLEntry.isPicture(medium: nil, type: attributes["type"], url: url)
    {
      entry?.offer(.init(kind: .enclosure, url: base.resolve(url)))
    }
    startText(
      for: name, namespace: namespace, type: attributes["type"], mode: attributes["mode"])
  }

  /// An element's local name, CDF's lowercased and its `ABSTRACT` read as the `description`
  /// it stands for.
  private func localName(_ name: String) -> String {
    guard isCDF else { return name }
    let lower = name.lowercased()
    return lower == "abstract" ? "description" : lower
  }

  /// A CDF attribute (`HREF`, `LASTMOD`), its name in any case, trimmed; nil when absent or
  /// blank.
  private static func cdfAttribute(_ key: String, _ attributes: [String: String]) -> String? {
    let value = attributes.first { $0.key.lowercased() == key }?.value.trimmingASCIIWhitespace()
    return value?.isEmpty == false ? value : nil
  }

  private func media(_ name: String, _ attributes: [String: String]) {
    guard let url = attributes["url"].map({ base.resolve($0.trimmingASCIIWhitespace()) }) else {
      return
    }
    let width = attributes["width"].flatMap { ItemFields.decimalValue(of: $0) }
    let height = attributes["height"].flatMap { ItemFields.decimalValue(of: $0) }
    switch name {
    case "content"
    where XMLEntry.isPicture(medium: attributes["medium"], type: attributes["type"], url: url):
      entry?.offer(.init(kind: .mediaContent, url: url, width: width, height: height))
    case "thumbnail":
      entry?.offer(.init(kind: .thumbnail, url: url, width: width, height: height))
    default:
      break
    }
  }

  /// An `<img>` of an entry's text: the entry's picture when it has no other.
  private func offer(_ image: HTMLImages.Image?) {
    guard let image else { return }
    entry?.offer(
      .init(kind: .inline, url: base.resolve(image.url), width: image.width, height: image.height))
  }

  /// Atom links (`href`, with `rel`), in an Atom feed or as `atom:link` in RSS; an RSS `link`
  /// has its address as text instead.
  private func link(namespace: String, _ attributes: [String: String]) {
    guard let href = attributes["href"].map({ base.resolve($0.trimmingASCIIWhitespace()) }) else {
      return
    }
    let rel = attributes["rel"] ?? "alternate"
    if entry == nil {
      if rel == "next" { next = href }
    } else if rel == "enclosure",
      XMLEntry.isPicture(medium: nil, type: attributes["type"], url: href)
    {
      entry?.offer(.init(kind: .enclosure, url: href))
    } else if rel == "alternate", entry?.link == nil, open.count == entryLevel + 1 {
      entry?.link = href
    }
  }

  private func startText(for name: String, namespace: String, type: String?, mode: String?) {
    guard textTarget == nil else { return }
    let plain =
      namespace.isEmpty || namespace == XMLFeedDecoder.atomNamespace
      || namespace == XMLFeedDecoder.atom03Namespace || namespace.hasPrefix("http://purl.org/rss/")
      || XMLFeedDecoder.plainRSSNamespaces.contains(namespace)
    let dublinCore = namespace == XMLFeedDecoder.dublinCoreNamespace
    let entryField = entry != nil && open.count == entryLevel + 1
    if !plain, !dublinCore {
      // Old RSS and podcasts put an entry's text in other vocabularies: read as its title or
      // text when it gives none of its own.
      guard entryField, let target = Self.otherTarget(name, namespace: namespace) else { return }
      textTarget = target
    } else {
      let inAuthor =
        entry != nil && open.count == entryLevel + 2 && open[open.count - 2] == "author"
      switch (entryField, name) {
      case (true, "date") where dublinCore, (true, "pubDate"), (true, "published"),
        (true, "issued"):
        textTarget = .entryDate
      case (true, "updated"), (true, "modified"): textTarget = .entryUpdated
      case (true, "creator") where dublinCore, (true, "author") where format == .rss:
        textTarget = .entryAuthor
      case (false, "name") where inAuthor: textTarget = .entryAuthor
      case (true, "title") where dublinCore: textTarget = .entryOtherTitle
      case (true, "description") where dublinCore: textTarget = .entryBody
      case (_, _) where dublinCore: return
      case (true, "title"): textTarget = .entryTitle
      case (true, "link"): textTarget = .entryLink
      case (true, "guid"), (true, "id"): textTarget = .entryID
      case (true, "description"), (true, "encoded"), (true, "content"), (true, "summary"),
        (true, "fullitem"):
        textTarget = .entryBody
      case (false, "title") where entry == nil && open.count <= 3 && title == nil:
        textTarget = .feedTitle
      default: return
      }
    }
    text = ""
    textLevel = open.count
    switch (format, type?.lowercased(), mode?.lowercased()) {
    case (_, _, "xml"), (_, "xhtml", _), (_, "application/xhtml+xml", _):
      textMarkup = .xhtml
    case (_, "html", _), (_, "text/html", _): textMarkup = .html
    // Atom 0.3's escaped text is HTML unless its type says plain text.
    case (_, nil, "escaped"): textMarkup = .html
    case (.rss, _, _): textMarkup = name == "body" ? .xhtml : .escaped
    default: textMarkup = .text
    }
  }

  /// What an element of another vocabulary gives an entry: `media:title`, `media:description`,
  /// `itunes:summary`, `itunes:subtitle`, XHTML's `body`.
  private static func otherTarget(_ name: String, namespace: String) -> TextTarget? {
    if XMLFeedDecoder.mediaNamespaces.contains(namespace) {
      switch name {
      case "title": return .entryOtherTitle
      case "description": return .entryBody
      default: return nil
      }
    }
    if namespace.lowercased() == XMLFeedDecoder.itunesNamespace {
      return name == "summary" || name == "subtitle" ? .entryBody : nil
    }
    if namespace == XMLFeedDecoder.xhtmlNamespace, name == "body" { return .entryBody }
    return nil
  }

  func text(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let target = textTarget, failure == nil else { return }
    let string = String(decoding: bytes, as: UTF8.self)
    if target == .entryBody {
      if text.utf8.count < Self.bodyPrefix { text += string }
      return
    }
    text += string
    if text.utf8.count > options.maxStringLength {
      fail(
        .limitExceeded(
          source: source, limit: .stringLength(options.maxStringLength), location: location))
    }
  }

  func end(local name: String) {
    guard failure == nil else { return }
    let name = localName(name)
    let level = open.count
    // The element's base holds to its end: its text (an RSS `link`, HTML content) is its.
    defer { base.leave(level: level) }
    if sourceLevel == level { sourceLevel = nil }
    open.removeLast()
    if let target = textTarget, level == textLevel {
      let value =
        switch (target, textMarkup) {
        case (.entryBody, _): ""
        case (.entryDate, _), (.entryUpdated, _), (.entryAuthor, _): text
        case (.entryTitle, .html), (.feedTitle, .html), (.entryOtherTitle, .html):
          HTMLText.plain(text)
        case (.entryTitle, .escaped), (.feedTitle, .escaped), (.entryOtherTitle, .escaped):
          HTMLText.plain(text, knownTagsOnly: true)
        // Plain text too: a title pretty-printed over several lines kept their indentation.
        case (.entryTitle, _), (.feedTitle, _), (.entryOtherTitle, _): HTMLText.folded(text)
        default: text.trimmingWhitespace()
        }
      let kept = value.isEmpty ? nil : value
      switch target {
      case .entryBody:
        offer(HTMLImages.first(in: text))
        keepBody(name)
      case .entryDate: if entry?.date == nil { entry?.date = kept }
      case .entryUpdated: if entry?.updated == nil { entry?.updated = kept }
      case .entryAuthor: if entry?.author == nil { entry?.author = kept }
      case .entryTitle: if let kept { entry?.title = kept }
      case .entryOtherTitle: if entry?.title == nil { entry?.title = kept }
      case .entryLink: if entry?.link == nil { entry?.link = kept.map(base.resolve) }
      case .entryID: entry?.id = kept
      case .feedTitle: title = kept
      }
      textTarget = nil
    }
    guard name == "item" || name == "entry", let finished = entry else { return }
    entry = nil
    let setBy = options.picturesOnly ? options.settingNames[.picturesOnly] : nil
    switch finished.item(picturesOnlySetBy: setBy) {
    case .success(let item):
      items.append(item)
      PostSpool.keep(finished.postHTML, for: item)
    case .failure(let reason): skipped.record("item \(entryCount): \(reason.text)")
    }
  }

  /// Keeps the entry's text just read (`name` is its element) for the entry's summary: a
  /// `description` or `summary` as the summary, a `content` as what stands in for one. HTML
  /// (escaped, as RSS has it, or `type="html"`) is read as HTML; text and XHTML (whose markup
  /// the parser already took apart) as text.
  private func keepBody(_ name: String) {
    guard !text.isEmpty else { return }
    let body = (text: text, isHTML: textMarkup == .html || textMarkup == .escaped)
    if name == "description" || name == "summary" {
      if entry?.summary == nil { entry?.summary = body }
    } else if entry?.content == nil {
      entry?.content = body
    }
  }

  func error(code: Int, message: String, line: Int, column: Int) {
    guard firstError == nil else { return }
    firstError = (code, message, line, column)
  }
}
