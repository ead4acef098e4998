import FeedModel
import FoundationEssentials

/// Where a feed comes from: what the FEED argument names.
///
/// Only `file`, `http` and `https` are loaded; other schemes are refused when the argument is
/// parsed, so a typo or a hostile `next` link never reaches the network stack.
public enum FeedSource: Hashable, Sendable {
  /// A local file, by path (relative to the working directory, or absolute).
  case file(String)
  /// The standard input (`-`).
  case standardInput
  /// An `http` or `https` URL, absolute.
  case url(String)
  /// A FEED argument containing `{page}`: page 1, 2, 3, … until a page ends the feed.
  case template(String)
  /// The feed compiled into Cascade (`SampleFeed`).
  case sample
  /// Several FEED arguments at once (`cascade a.json b.xml photos/*.jpg`): one feed of all
  /// their items, in the order given, each naming the feed it came from (`FeedItem.feed`).
  /// Never empty, never nested; of one source only for the feeds followed (`cascade` alone),
  /// whose items name their feed even when there is one.
  case several([FeedSource])

  /// The source of `sources`: the one source itself, or several together; nil for none.
  public static func combining(_ sources: [FeedSource]) -> FeedSource? {
    let flat = sources.flatMap { source -> [FeedSource] in
      if case .several(let parts) = source { return parts }
      return [source]
    }
    guard let first = flat.first else { return nil }
    return flat.count == 1 ? first : .several(flat)
  }

  /// The text that `{page}` is replaced with in a template.
  public static let pagePlaceholder = "{page}"

  /// Reads a FEED argument: `-` is standard input; `file://`, `http://` and `https://` are URLs;
  /// an argument containing `{page}` is a template; anything else without a scheme is a path.
  public init(argument: String) throws(FeedError) {
    guard !argument.trimmingASCIIWhitespace().isEmpty else {
      throw .invalidArgument(argument: argument, detail: "it is empty; give a path or a URL")
    }
    if argument == "-" {
      self = .standardInput
      return
    }
    if argument.contains(Self.pagePlaceholder) {
      // Page 1 must itself be a loadable source, so a bad template fails now, not on page 2.
      let first = try Self(argument: Self.expand(argument, page: 1))
      guard first != .standardInput else {
        throw .invalidArgument(argument: argument, detail: "a template cannot name standard input")
      }
      self = .template(argument)
      return
    }
    guard let scheme = Self.scheme(of: argument) else {
      self = .file(argument)
      return
    }
    switch scheme.lowercased() {
    case "http", "https":
      guard let url = URL(feedText: argument), let host = url.host, !host.isEmpty else {
        throw .invalidArgument(
          argument: argument, detail: "not a valid URL (expected \(scheme)://host/path)")
      }
      self = .url(url.absoluteString)
    case "file":
      guard let url = URL(feedText: argument), url.isFileURL, !url.path.isEmpty else {
        throw .invalidArgument(
          argument: argument, detail: "not a valid file URL (expected file:///path)")
      }
      if let host = url.host, !host.isEmpty, host != "localhost" {
        throw .invalidArgument(
          argument: argument, detail: "file URLs on another host (\(host)) cannot be read")
      }
      self = .file(url.path)
    default:
      throw .unsupportedScheme(argument: argument, scheme: scheme)
    }
  }

  /// How the source is named in messages and the status bar: a URL with its secrets masked.
  public var displayName: String {
    switch self {
    case .file(let path): path
    case .standardInput: "standard input"
    case .url(let url): URLSecrets.masked(url)
    case .template(let template): URLSecrets.masked(template)
    case .sample: SampleFeed.name
    case .several(let parts):
      "\(parts.first?.displayName ?? "") and \(parts.count - 1) more"
    }
  }

  /// Whether loading more can follow a `next` link or template from this source.
  /// Whether the feed came from this machine (a file, a folder, standard input): its items'
  /// paths are the reader's own files, which `o` may open.
  public var isLocal: Bool {
    switch self {
    case .file, .standardInput: true
    case .url, .template, .sample: false
    case .several(let parts): parts.allSatisfy(\.isLocal)
    }
  }

  /// Whether the feed, or one of several, is read from standard input (`-`): keys typed while
  /// it loads are its bytes, not the browser's.
  public var readsStandardInput: Bool {
    switch self {
    case .standardInput: true
    case .several(let parts): parts.contains(.standardInput)
    case .file, .url, .template, .sample: false
    }
  }

  var isTemplate: Bool {
    if case .template = self { return true }
    return false
  }

  /// Page `number` of a template; the source itself for anything else.
  func page(_ number: Int) throws(FeedError) -> FeedSource {
    guard case .template(let template) = self else { return self }
    return try FeedSource(argument: Self.expand(template, page: number))
  }

  /// The source a page's `next` link names: an absolute URL, or a path or URL reference
  /// relative to this page (a URL page resolves against its URL, a file against its folder).
  ///
  /// A page fetched over http may only lead to http or https: a remote feed must not make
  /// Cascade read local files.
  func resolving(next link: String) throws(FeedError) -> FeedSource {
    switch self {
    case .url(let base):
      guard let baseURL = URL(feedText: base), let target = URL(feedText: link, relativeTo: baseURL)
      else {
        throw .refusedLink(source: base, target: link, detail: "not a valid URL")
      }
      let absolute = target.absoluteURL
      guard let scheme = absolute.scheme?.lowercased(), scheme == "http" || scheme == "https"
      else {
        throw .refusedLink(
          source: base, target: link, detail: "a page loaded over HTTP may only link to http(s)")
      }
      return .url(absolute.absoluteString)
    case .several:
      throw .refusedLink(
        source: displayName, target: link,
        detail: "several feeds together are read a first page each")
    case .file, .standardInput, .sample, .template:
      if Self.scheme(of: link) != nil {
        do {
          return try FeedSource(argument: link)
        } catch {
          throw .refusedLink(source: displayName, target: link, detail: error.description)
        }
      }
      if link.hasPrefix("/") { return .file(link) }
      guard case .file(let path) = self, let slash = path.lastIndex(of: "/") else {
        return .file(link)
      }
      return .file(String(path[...slash]) + link)
    }
  }

  static func expand(_ template: String, page: Int) -> String {
    template.replacing(pagePlaceholder, with: String(page))
  }

  /// The scheme of `text` when it starts like a URL (`letters:`), else nil. A single letter
  /// is not taken for a scheme, so `C:` style names stay paths.
  static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard scheme.count >= 2, let first = scheme.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first),
      scheme.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "+" || $0 == "-" || $0 == "."
      })
    else { return nil }
    return String(scheme)
  }
}
