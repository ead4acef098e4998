import FeedModel
import FoundationEssentials

/// Where an item's picture is read from, once its URL is resolved against the feed.
public enum PictureLocation: Hashable, Sendable {
  /// One of the sample feed's pictures, built into the binary, by file name.
  case embedded(String)
  /// A local file, by path.
  case file(String)
  /// An http(s) URL.
  case web(String)
}

extension FeedSource {
  /// Where the picture `imageURL` of an item of this feed is read from.
  ///
  /// An http(s) URL is read from the web whatever the feed. A path (relative to the feed's
  /// folder, or absolute) or a `file://` URL is read from disk only for a feed that itself came
  /// from this machine — a file, standard input, a `file://` URL, the sample: a feed fetched
  /// over the network never makes Cascade read a local file. The sample feed's relative paths
  /// name its built-in pictures. A path is made absolute, against the working folder when the
  /// feed's own is relative (standard input, `cascade feed.json`).
  ///
  /// A protocol-relative URL (`//cdn.example/x.jpg`) takes the feed's scheme: over HTTP it
  /// resolves as any relative one; in a local feed it is https, as the publisher meant — read
  /// as a path it named a file that is not there.
  public func pictureLocation(of imageURL: String) throws(FeedError) -> PictureLocation {
    var link = imageURL.trimmingASCIIWhitespace()
    if link.hasPrefix("//"), link.count > 2, !link.hasPrefix("///"), isLocal {
      link = "https:" + link
    }
    guard !link.isEmpty else {
      throw .refusedLink(source: displayName, target: imageURL, detail: "the image URL is empty")
    }
    let scheme = Self.scheme(of: link)?.lowercased()
    if scheme == "http" || scheme == "https" {
      guard let url = URL(feedText: link), let host = url.host, !host.isEmpty else {
        throw .refusedLink(source: displayName, target: imageURL, detail: "not a valid URL")
      }
      return .web(url.absoluteString)
    }
    switch self {
    case .template:
      // A template's pages are URLs or files alike: its first page says which.
      return try page(1).pictureLocation(of: imageURL)
    case .url(let base):
      guard scheme == nil, let baseURL = URL(feedText: base),
        let target = URL(feedText: link, relativeTo: baseURL)?.absoluteURL,
        let targetScheme = target.scheme?.lowercased(),
        targetScheme == "http" || targetScheme == "https"
      else {
        throw .refusedLink(
          source: displayName, target: imageURL,
          detail: "a feed loaded over HTTP may only name http(s) pictures")
      }
      return .web(target.absoluteString)
    case .several:
      // Their items' pictures were made absolute, each against its own feed, as they were
      // read (`FeedLoader.loadSeveral`): an http(s) URL above, or a path of a local feed.
      guard scheme == nil, link.hasPrefix("/") else {
        throw .refusedLink(
          source: displayName, target: imageURL,
          detail: "pictures are read from http(s) URLs and paths")
      }
      return .file(link)
    case .sample:
      guard scheme == nil, let name = link.split(separator: "/").last else {
        throw .refusedLink(
          source: displayName, target: imageURL, detail: "not a picture of the sample feed")
      }
      return .embedded(String(name))
    case .file, .standardInput:
      if let scheme {
        guard scheme == "file", let url = URL(feedText: link), url.isFileURL, !url.path.isEmpty,
          url.host.map({ $0.isEmpty || $0 == "localhost" }) ?? true
        else {
          throw .refusedLink(
            source: displayName, target: imageURL,
            detail: "pictures are read from http(s) URLs, file:// URLs and paths")
        }
        return .file(url.path)
      }
      if link.hasPrefix("/") { return .file(link) }
      var relative = link
      if case .file(let path) = self, let slash = path.lastIndex(of: "/") {
        relative = String(path[...slash]) + link
      }
      // Absolute, as the path an opener or a viewer is handed must be: it may run in another
      // folder.
      guard !relative.hasPrefix("/") else { return .file(relative) }
      return .file(FileManager.default.currentDirectoryPath + "/" + relative)
    }
  }
}

extension PictureLocation {
  /// The server a web picture comes from, as `host:port` (the scheme's port when the URL names
  /// none), for counting the connections open to each; nil for a picture not read over the
  /// network. Two ports of one machine are two servers, as they are to a browser's
  /// per-origin limits: each port is its own listening process.
  public var server: String? {
    guard case .web(let address) = self, let url = URL(feedText: address),
      let host = url.host?.lowercased(), !host.isEmpty
    else { return nil }
    let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    return "\(host):\(port)"
  }
}
