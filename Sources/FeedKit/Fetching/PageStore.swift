/// Where feed pages are kept between runs (`FeedMemory`): bytes under a key, within a budget,
/// the least recently used dropped first. The browser hands in its disk cache
/// (`PictureDiskCache`, in a folder of its own), which names each entry by the SHA-256 of its
/// key, so that no address is written to disk; tests hand in a dictionary.
public protocol PageStore: AnyObject, Sendable {
  /// The bytes kept under `key`, if any and no more than `maxBytes`.
  func bytes(for key: String, atMost maxBytes: Int) -> [UInt8]?
  /// Keeps `bytes` under `key`, in place of what was there.
  func store(_ bytes: [UInt8], for key: String)
  /// Forgets what is kept under `key`.
  func remove(_ key: String)
}
