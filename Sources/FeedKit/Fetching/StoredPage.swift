import FeedModel

/// A feed page as kept on disk between runs (`PageStore`): the body as it arrived (content
/// encoding undone) with what names it to its server (`PageValidators`) and what decoding it
/// again needs (the address it came from, its declared charset, the next page's address).
/// The next visit asks the server only whether it changed, and a `304` is decoded from here.
///
/// Written as a few `name value` lines, a blank line, then the body. Only pages whose
/// addresses hold no secret are kept (`URLSecrets`), so nothing on disk gives one back; the
/// entry's name is the store's hash of the requested address.
struct StoredPage: Equatable, Sendable {
  /// Where the page came from after redirects: its relative addresses are resolved against it.
  var url: String
  var nextLink: String?
  var validators: PageValidators
  /// The `charset` of the answer's `Content-Type`.
  var charset: String?
  var body: [UInt8]

  /// The largest body kept: most feeds are a few hundred KiB; a larger one is read whole on
  /// every visit rather than held in memory twice while it arrives.
  static let largestBody = 1 << 20
  /// What the first line says: a file of another shape (or a later version) is a miss.
  static let signature = "cascade-feed-page 1"

  /// The key a page of `url` is kept under.
  static func key(_ url: String) -> String { "feed-page " + url }

  /// The entry's bytes; nil for a page that is not kept: one whose addresses hold a secret, a
  /// body over `largestBody`, or a value that cannot be one line.
  func encoded() -> [UInt8]? {
    let addresses = [url] + (nextLink.map { [$0] } ?? [])
    guard body.count <= Self.largestBody, !addresses.contains(where: URLSecrets.holdsSecret)
    else { return nil }
    var lines = [Self.signature, "url " + url]
    if let nextLink { lines.append("next " + nextLink) }
    if let tag = validators.entityTag { lines.append("etag " + tag) }
    if let date = validators.lastModified { lines.append("modified " + date) }
    if let charset { lines.append("charset " + charset) }
    guard lines.allSatisfy({ $0.utf8.allSatisfy { (0x20...0x7E).contains($0) } }) else {
      return nil
    }
    return Array((lines.joined(separator: "\n") + "\n\n").utf8) + body
  }

  /// The page of an entry; nil for bytes that are not one (another version, a cut or
  /// damaged file), which is then read again from its server.
  init?(decoding bytes: [UInt8]) {
    var fields: [String: String] = [:]
    var start = 0
    var first = true
    while true {
      guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      let line = String(decoding: bytes[start..<end], as: UTF8.self)
      start = end + 1
      if first {
        guard line == Self.signature else { return nil }
        first = false
        continue
      }
      if line.isEmpty { break }
      guard let space = line.firstIndex(of: " ") else { return nil }
      fields[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    guard let url = fields["url"] else { return nil }
    let validators = PageValidators(entityTag: fields["etag"], lastModified: fields["modified"])
    guard validators.entityTag != nil || validators.lastModified != nil else { return nil }
    self.init(
      url: url, nextLink: fields["next"], validators: validators, charset: fields["charset"],
      body: Array(bytes[start...]))
  }

  init(
    url: String, nextLink: String?, validators: PageValidators, charset: String?, body: [UInt8]
  ) {
    self.url = url
    self.nextLink = nextLink
    self.validators = validators
    self.charset = charset
    self.body = body
  }
}
