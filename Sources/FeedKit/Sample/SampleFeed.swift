/// The feed that ships with Cascade, opened when no FEED is given.
///
/// Compiled into the binary (see `Scripts/embed-sample-feed.py`) rather than read through
/// `Bundle.module`, whose generated accessor calls `fatalError` on Linux once the build folder
/// is gone: a copied `cascade` binary must still start.
public enum SampleFeed {
  /// The name shown where a path would be.
  public static let name = "sample feed"

  /// The document's bytes.
  public static var bytes: [UInt8] { Array(json.utf8) }
}
