/// A hash of text that is the same in every run and on every machine (FNV-1a, 64 bits), for
/// what is kept on disk by its hash: the feeds a person visited and the items seen in them,
/// so the file that remembers them holds no address, title or id in the clear.
///
/// Swift's own `Hasher` is seeded anew in each process, so it cannot be used for this.
public enum StableHash {
  /// The hash of `text`'s UTF-8 bytes.
  public static func of(_ text: String) -> UInt64 {
    var copy = text
    return copy.withUTF8 { of(bytes: $0) }
  }

  /// The hash of `bytes`.
  public static func of(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The hash of `item`'s identity within its feed (without the feed's name, which a person
  /// may rename): how an item is known in what is kept of a visit.
  public static func of(item: FeedItem) -> UInt64 {
    let named = item.feed != nil
    return item.withIdentityUTF8 { bytes in
      guard named, let nul = bytes.firstIndex(of: 0) else { return of(bytes: bytes) }
      return of(bytes: UnsafeBufferPointer(rebasing: bytes[(nul + 1)...]))
    }
  }
}
