/// Passwords and tokens in URLs, masked wherever a URL is shown or written down.
///
/// A feed's or a picture's URL may carry a secret: user info (`https://user:pass@host/`) or a
/// credential in the query or fragment (`?api_key=…`, `#access_token=…`). What a person sees
/// (the header row, errors, details, the status line) and what Cascade keeps on disk shows
/// such a URL with the secret replaced by `***`; the URL itself is still what is fetched,
/// opened and copied.
public enum URLSecrets {
  /// What a secret is shown as.
  public static let mask = "***"

  /// `url` with its user info and the values of credential-looking query and fragment
  /// parameters masked; a text that is not a `scheme://` URL comes back as it is.
  public static func masked(_ url: String) -> String {
    guard let scheme = url.firstRange(of: "://") else { return url }
    var out = String(url[..<scheme.upperBound])
    var rest = url[scheme.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") {
      out += mask + authority[at...]
    } else {
      out += authority
    }
    rest = rest[authorityEnd...]
    let queryStart = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
    out += rest[..<queryStart]
    var pair = Substring()
    for character in rest[queryStart...] {
      if character == "?" || character == "#" || character == "&" || character == ";" {
        out += maskedPair(pair)
        out.append(character)
        pair = Substring()
      } else {
        pair.append(character)
      }
    }
    return out + maskedPair(pair)
  }

  /// `text` with every `scheme://` URL in it masked: for messages that quote URLs among words.
  /// A URL ends at white space or a quote, and the punctuation that ends a sentence or a clause
  /// (`:`, `;`, `,`, `.`, `)`) right after it is not part of it.
  public static func masking(in text: String) -> String {
    guard text.contains("://"), text.contains("@") || text.contains("=") else { return text }
    var out = ""
    var rest = Substring(text)
    while let marker = rest.firstRange(of: "://") {
      var start = marker.lowerBound
      while start > rest.startIndex {
        let before = rest.index(before: start)
        guard isSchemeCharacter(rest[before]) else { break }
        start = before
      }
      var end =
        rest[marker.upperBound...].firstIndex { $0.isWhitespace || "\"'<>`".contains($0) }
        ?? rest.endIndex
      while end > marker.upperBound, ":;,.)".contains(rest[rest.index(before: end)]) {
        end = rest.index(before: end)
      }
      out += rest[..<start]
      out += masked(String(rest[start..<end]))
      rest = rest[end...]
    }
    return out + rest
  }

  /// Whether the URL holds something `masked` hides.
  public static func holdsSecret(_ url: String) -> Bool { masked(url) != url }

  private static func maskedPair(_ pair: Substring) -> String {
    guard let equals = pair.firstIndex(of: "="), isSecretName(pair[..<equals]) else {
      return String(pair)
    }
    let value = pair[pair.index(after: equals)...]
    return value.isEmpty ? String(pair) : pair[...equals] + mask
  }

  /// Names that carry credentials: the common ones, and any that ends in `token`, `secret`,
  /// `password`, `signature` or `key` (`api_key`, `apikey`, `X-Amz-Signature`).
  package static func isSecretName(_ name: Substring) -> Bool {
    let lower = (name.removingPercentEncodingLoosely).lowercased()
    let exact: Set<String> = [
      "sig", "auth", "authorization", "pass", "passwd", "pwd", "session", "sessionid", "sid",
      "code", "credential", "credentials", "x-amz-credential", "jwt", "hmac",
    ]
    if exact.contains(lower) { return true }
    return ["token", "secret", "password", "signature", "key"].contains { lower.hasSuffix($0) }
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
  }
}

extension Substring {
  /// The name with `%5F` and the like decoded where they are valid: `api%5Fkey` is `api_key`;
  /// a `%` that starts no escape stays as it is (where Foundation's `removingPercentEncoding`
  /// gives up on the whole text).
  package var removingPercentEncodingLoosely: String {
    guard contains("%") else { return String(self) }
    var bytes: [UInt8] = []
    var utf8 = Array(self.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == 0x25, utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
