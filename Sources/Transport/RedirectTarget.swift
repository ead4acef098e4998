/// Where a redirect may lead: judged from the `Location` header as the server sent it, since
/// libcurl's resolved address loses what was refused (`file:///etc/passwd`) or unusable (`::::`).
enum RedirectTarget: Equatable {
  /// An http(s) address, absolute.
  case follow(String)
  /// Another scheme; carries the `Location` as sent.
  case refused(String)
  /// No `Location`, an empty one, or one that is not a URL reference.
  case unusable

  /// - Parameters:
  ///   - location: the `Location` header, if any.
  ///   - resolved: libcurl's resolution of it against the address that answered.
  static func resolve(location: String?, resolved: String?) -> RedirectTarget {
    guard let location, !location.isEmpty else { return .unusable }
    if let scheme = scheme(of: location) {
      guard let scheme else { return .unusable }
      guard isWeb(scheme) else { return .refused(location) }
    }
    guard let resolved, let scheme = scheme(of: resolved) ?? nil, isWeb(scheme) else {
      return .unusable
    }
    return .follow(resolved)
  }

  private static func isWeb(_ scheme: Substring) -> Bool {
    let lower = scheme.lowercased()
    return lower == "http" || lower == "https"
  }

  /// nil when `reference` has no scheme (a relative reference: no `:` before the first `/`, `?`
  /// or `#`); `.some(nil)` when it has a colon there but what precedes it is no scheme (RFC 3986:
  /// a letter, then letters, digits, `+`, `-`, `.`), which makes it unusable.
  private static func scheme(of reference: String) -> Substring?? {
    guard let end = reference.firstIndex(where: { ":/?#".contains($0) }),
      reference[end] == ":"
    else { return nil }
    let scheme = reference[..<end]
    guard let first = scheme.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first),
      scheme.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "+" || $0 == "-" || $0 == "."
      })
    else { return .some(nil) }
    return .some(scheme)
  }
}
