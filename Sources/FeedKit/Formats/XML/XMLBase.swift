import FoundationEssentials

/// The base URI in scope while an XML feed is walked (XML Base, part of Atom by RFC 4287 §2,
/// and written in RSS too): an `xml:base` attribute sets the base of its element and of
/// everything inside it, itself resolved against the base around it; the nearest wins.
///
/// While no `xml:base` is in scope, references are left as the feed wrote them, and the
/// document's own address resolves them later, as it does for every format (`PageAddress` for
/// a page fetched over http(s), `FeedSource.pictureLocation(of:)` for a file). Under an
/// `xml:base` they are made absolute here, where the scope is known: once the element closes,
/// nothing says which base a reference had.
///
/// A feed from the network never makes Cascade read a local file, so its bases are http(s)
/// only: a `file:` base there (or any other scheme) is ignored, and the base around it holds.
/// A local feed may name `file://` pictures, so it may have `file:` bases as well; its
/// document base is the file's own URL, so that a relative base names what a relative path
/// would.
struct XMLBase {
  /// What a relative base at the top is resolved against: the document's address.
  private let document: URL?
  private let allowsFiles: Bool
  /// The bases open elements set, each with `open.count` of the element that set it.
  private var scopes: [(level: Int, url: URL)] = []

  /// - Parameter origin: the document's address as the decoder was given it: the URL a page
  ///   came from (after redirects), or a local file's path (`standard input` for a pipe, whose
  ///   relative paths are the working directory's).
  init(origin: String) {
    let scheme = FeedSource.scheme(of: origin)?.lowercased()
    switch scheme {
    case "http", "https":
      document = URL(feedText: origin).flatMap { $0.host?.isEmpty == false ? $0 : nil }
      allowsFiles = false
    case "file":
      document = URL(feedText: origin)
      allowsFiles = true
    case nil:
      let path = origin == FeedSource.standardInput.displayName ? "./" : origin
      document = URL(fileURLWithPath: path, isDirectory: path.hasSuffix("/"))
      allowsFiles = true
    default:
      document = nil
      allowsFiles = false
    }
  }

  /// Opens the element at `level` with its `xml:base` attribute, if any. A base that does not
  /// resolve to an address Cascade may read from this feed is ignored.
  mutating func enter(level: Int, base attribute: String?) {
    guard let value = attribute?.trimmingASCIIWhitespace(), !value.isEmpty else { return }
    let around = scopes.last?.url ?? document
    let resolved = around.map { URL(feedText: value, relativeTo: $0) } ?? URL(feedText: value)
    guard let url = resolved?.absoluteURL, let scheme = url.scheme?.lowercased() else { return }
    let isWeb = (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    guard isWeb || (scheme == "file" && allowsFiles) else { return }
    scopes.append((level, url))
  }

  /// Closes the element at `level`, and the base it set.
  mutating func leave(level: Int) {
    if scopes.last?.level == level { scopes.removeLast() }
  }

  /// `reference` made absolute against the base in scope; as it was when no `xml:base` is in
  /// scope, when it is absolute already, or when it does not resolve.
  func resolve(_ reference: String) -> String {
    guard let base = scopes.last?.url else { return reference }
    let trimmed = reference.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty, FeedSource.scheme(of: trimmed) == nil,
      let url = URL(feedText: trimmed, relativeTo: base)?.absoluteURL
    else { return reference }
    return url.absoluteString
  }
}
