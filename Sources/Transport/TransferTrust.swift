import Glibc

/// The certificates a TLS server's is checked against. By default libcurl's own (the system's
/// bundle); where the environment names others, as curl's own command reads it —
/// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`, for a bundle, and `SSL_CERT_DIR` for a folder of
/// hashed certificates — those: a company's own authority behind an inspecting proxy, or a
/// test's server. A feed never chooses them.
public struct TransferTrust: Sendable, Hashable {
  /// A file of PEM certificates (`CURLOPT_CAINFO`); nil for libcurl's own.
  public var bundle: String?
  /// A folder of certificates named by their hashes (`CURLOPT_CAPATH`); nil for libcurl's own.
  public var folder: String?

  public init(bundle: String? = nil, folder: String? = nil) {
    self.bundle = bundle
    self.folder = folder
  }

  /// What the environment of the process names, read once.
  public static let environment = TransferTrust(
    environment: { name in getenv(name).map { String(cString: $0) } })

  /// What `variable` (the environment's value of a name, nil where unset) names: an empty
  /// value names nothing.
  init(environment variable: (String) -> String?) {
    func named(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
    bundle = named("CURL_CA_BUNDLE") ?? named("SSL_CERT_FILE")
    folder = named("SSL_CERT_DIR")
  }
}
