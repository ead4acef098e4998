import CCurl

/// The libcurl loaded at run time, for `cascade --version` (bug reports).
public enum CurlVersion {
  /// `7.88.1 (OpenSSL/3.0.17 zlib/1.2.13 …)`: the version, then the TLS and compression
  /// libraries curl names beside it, which decide what a failed fetch means.
  public static var description: String {
    guard let text = curl_version() else { return "unknown" }
    let words = String(cString: text).split(separator: " ")
    let version = words.first.map { $0.replacingPrefix("libcurl/") } ?? "unknown"
    let rest = words.dropFirst().joined(separator: " ")
    return rest.isEmpty ? version : "\(version) (\(rest))"
  }
}

extension Substring {
  fileprivate func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : String(self)
  }
}
