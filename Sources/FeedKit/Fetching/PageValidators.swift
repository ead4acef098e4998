import Transport

/// What a server said identifies the page it sent (`ETag`, `Last-Modified`), sent back on the
/// next GET of it (`If-None-Match`, `If-Modified-Since`) so that a page that did not change
/// costs a `304 Not Modified` and no body, as newsboat and every feed reader ask.
package struct PageValidators: Hashable, Sendable {
  package var entityTag: String?
  package var lastModified: String?

  package init(entityTag: String? = nil, lastModified: String? = nil) {
    self.entityTag = entityTag
    self.lastModified = lastModified
  }

  /// Longest validator kept: an honest one is a hash or a date, not a kilobyte.
  static let longest = 512

  /// The validators of `response`; nil when it gives none worth sending back (missing, too
  /// long, or holding characters a header line cannot carry).
  package init?(_ response: TransferResponse) {
    entityTag = response.header("ETag").flatMap(Self.usable)
    lastModified = response.header("Last-Modified").flatMap(Self.usable)
    guard entityTag != nil || lastModified != nil else { return nil }
  }

  /// The request header lines that ask for the page only if it changed.
  package var requestHeaders: [String] {
    (entityTag.map { ["If-None-Match: \($0)"] } ?? [])
      + (lastModified.map { ["If-Modified-Since: \($0)"] } ?? [])
  }

  /// `value` when it can go back in a header line as it came: printable ASCII only (a control
  /// character could end the line and add a header of the server's choosing).
  private static func usable(_ value: String) -> String? {
    guard !value.isEmpty, value.utf8.count <= longest,
      value.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    else { return nil }
    return value
  }
}
