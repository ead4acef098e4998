/// Cascade's version: the `User-Agent` of every request, `--version`, `--help` and the man page
/// use it.
///
/// The release version lives in the file `VERSION` at the top of the repository, which the
/// Makefile (and so the Debian package) reads; this copy is compiled in, so that a binary knows
/// its version wherever it is run. `Scripts/set-version` writes both, and a test fails while they
/// differ.
public enum CascadeVersion {
  public static let string = "0.1.0"

  /// The `User-Agent` header sent with every request, so servers can tell Cascade apart.
  public static var userAgent: String { "Cascade/\(string)" }
}
