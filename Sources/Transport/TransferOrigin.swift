import FoundationEssentials

/// Where a URL's request goes, as far as trust goes: its scheme, host and port (the web's
/// "origin"). Credentials given for one site are sent only to that origin: not to another host a
/// redirect or a `next` link leads to, nor over plain http after https.
public struct TransferOrigin: Hashable, Sendable {
  public let scheme: String
  public let host: String
  public let port: Int

  /// The origin of an absolute http(s) URL; nil for anything else.
  public init?(_ url: String) {
    guard let components = URLComponents(string: url),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.scheme = scheme
    self.host = host
    port = components.port ?? (scheme == "https" ? 443 : 80)
  }

  /// Whether `a` and `b` are both http(s) URLs of one origin.
  public static func same(_ a: String, _ b: String) -> Bool {
    guard let first = TransferOrigin(a) else { return false }
    return first == TransferOrigin(b)
  }
}
