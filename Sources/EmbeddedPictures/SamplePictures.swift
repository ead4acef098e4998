import CSamplePictures

/// The sample feed's pictures, assembled into the binary (see `Sources/CSamplePictures`), so that
/// `cascade` with no feed shows pictures on a machine with no network, even as a copied binary.
///
/// The sample feed names its pictures by paths relative to itself (`pictures/coffee.jpg`);
/// resolved against the embedded feed, such a path is looked up here by its last component.
public enum SamplePictures {
  /// The names of the embedded pictures, sorted.
  public static var names: [String] { archive.entries.keys.sorted() }

  /// The file called `name` (`coffee.jpg`), byte for byte, or nil if there is none.
  ///
  /// - Complexity: O(size of the file): the bytes are copied out of read-only data.
  public static func bytes(named name: String) -> [UInt8]? {
    guard let range = archive.entries[name] else { return nil }
    return Array(embedded[range])
  }

  /// All the archive's bytes, which live as long as the process.
  package static var embedded: UnsafeRawBufferPointer {
    var count = 0
    guard let start = cascade_sample_pictures(&count) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// Read once; an archive that does not read holds no pictures (the tests say so loudly).
  private static let archive = PictureArchive(embedded) ?? PictureArchive.empty
}
