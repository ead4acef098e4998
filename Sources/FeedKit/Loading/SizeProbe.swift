/// Sizes read from the pictures of items a feed gave none for (`FeedItem.hasSize`): only the
/// header is read — a ranged request for the first 64 KiB, a second, longer one when the header
/// is further in — so learning a picture's shape costs a few KB, not the picture.
public enum SizeProbe {
  /// The size of `item`'s picture, or why it cannot be known. The picture is found as the
  /// browser finds it (`FeedSource.pictureLocation`), so a feed from the network never makes
  /// Cascade read a local file.
  public static func size(
    of item: FeedItem, in source: FeedSource, options: LoadOptions
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
      do {
        outcome = try await PictureSize.read { (count: Int) async throws(FeedError) in
          try await PrefixFetch.get(url, count: count, options: options)
        }
      } catch {
        return .failure(error)
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

  /// Sizes for the items at `indices` of `items`, at most `concurrency` probes at a time, in
  /// the order given (the caller puts the visible ones first); each result is reported to
  /// `report` as it arrives.
  public static func probe(
    _ indices: [Int], of items: [FeedItem], in source: FeedSource, options: LoadOptions,
    concurrency: Int = 8,
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
        group.addTask { (index, await size(of: item, in: source, options: options)) }
      }
      for _ in 0..<max(1, concurrency) { launch() }
      while let (index, result) = await group.next() {
        report(index, result)
        launch()
      }
    }
  }
}
