/// Sizes read from the pictures of items a feed gave none for (`FeedItem.hasSize`): only the
/// header is read — a ranged request for the first 64 KiB, a second, longer one when the header
/// is further in — so learning a picture's shape costs a few KB, not the picture.
public enum SizeProbe {
  /// The size of `item`'s picture, or why it cannot be known. The picture is found as the
  /// browser finds it (`FeedSource.pictureLocation`), so a feed from the network never makes
  /// Cascade read a local file.
  /// - Parameter cache: the picture cache: a picture already in it is not fetched again, and a
  ///   size read is kept in it (a few bytes under the picture's URL with a `size:` prefix), so
  ///   a feed opened again lays out at once.
  public static func size(
    of item: FeedItem, in source: FeedSource, options: LoadOptions,
    cache: PictureDiskCache? = nil
  ) async -> Result<(width: Double, height: Double), FeedError> {
    let location: PictureLocation
    do {
      location = try source.pictureLocation(of: item.imageURL)
    } catch {
      return .failure(error)
    }
    let outcome: PictureSize.Outcome
    switch location {
    case .embedded(let name):
      return .failure(.unreadable(source: name, detail: "a built-in picture has its size"))
    case .file(let path):
      outcome = PictureSize.read { count in FolderReader.prefix(of: path, count: count) }
    case .web(let url):
      if let known = cache.flatMap({ cachedSize(of: url, in: $0) }) {
        outcome = known
      } else if let picture = cache?.bytes(for: url) {
        outcome = PictureSize.read { count in Array(picture.prefix(count)) }
      } else {
        do {
          outcome = try await PictureSize.read { (count: Int) async throws(FeedError) in
            try await PrefixFetch.get(url, count: count, options: options)
          }
        } catch {
          return .failure(error)
        }
      }
      if case .size(let width, let height) = outcome {
        cache?.store(Array("\(Int(width)) \(Int(height))".utf8), for: sizeKey + url)
      }
    }
    switch outcome {
    case .size(let width, let height):
      let shape = ItemFields.clampShape(width: width, height: height)
      return .success(shape)
    case .unreadable(let reason):
      return .failure(.unreadable(source: item.imageURL, detail: reason))
    }
  }

  /// The prefix of the cache key a picture's size is kept under, beside the picture's own.
  static let sizeKey = "size:"

  private static func cachedSize(of url: String, in cache: PictureDiskCache) -> PictureSize
    .Outcome?
  {
    guard let bytes = cache.bytes(for: sizeKey + url), bytes.count < 32 else { return nil }
    let sides = String(decoding: bytes, as: UTF8.self).split(separator: " ").compactMap {
      Int($0)
    }
    guard sides.count == 2, sides[0] > 0, sides[1] > 0 else { return nil }
    return .size(width: Double(sides[0]), height: Double(sides[1]))
  }

  /// Sizes for the items at `indices` of `items`, at most `concurrency` probes at a time, in
  /// the order given (the caller puts the visible ones first); each result is reported to
  /// `report` as it arrives.
  public static func probe(
    _ indices: [Int], of items: [FeedItem], in source: FeedSource, options: LoadOptions,
    concurrency: Int = 8, cache: PictureDiskCache? = nil,
    report: (Int, Result<(width: Double, height: Double), FeedError>) -> Void
  ) async {
    await withTaskGroup(of: (Int, Result<(width: Double, height: Double), FeedError>).self) {
      group in
      var next = 0
      func launch() {
        guard next < indices.count else { return }
        let index = indices[next]
        let item = items[index]
        next += 1
        group.addTask {
          (index, await size(of: item, in: source, options: options, cache: cache))
        }
      }
      for _ in 0..<max(1, concurrency) { launch() }
      while let (index, result) = await group.next() {
        report(index, result)
        launch()
      }
    }
  }
}
