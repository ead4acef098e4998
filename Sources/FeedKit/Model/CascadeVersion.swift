/// Cascade's version, kept in one place: the `User-Agent` of every request and `--version` use it.
public enum CascadeVersion {
  public static let string = "0.1.0"

  /// The `User-Agent` header sent with every request, so servers can tell Cascade apart.
  public static var userAgent: String { "Cascade/\(string)" }
}
