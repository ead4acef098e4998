import FeedModel

/// Several FEEDs read one after another, their items handed out as they are decoded
/// (`cascade items a.json b.xml *.jpg`): for a program that writes each item as it comes
/// rather than one that shows them together.
extension FeedLoader {
  /// Picture files read in one pass off the cooperative threads before their items are handed
  /// out: a glob of thousands is a few passes, not a thread for each picture.
  static let picturesAtOnce = 256

  /// Reads the first page of each of `sources` in order, giving `items` each one's items (its
  /// index in `sources`, and a batch as it is decoded; a page's items in order, batches in
  /// order, one source's before the next's), then `ended` what it skipped or why it could not
  /// be read, once for each source. A picture file is a feed of its one picture
  /// (`PictureFileFeed`).
  public func stream(
    _ sources: [FeedSource],
    items: @escaping @Sendable (_ source: Int, _ items: [FeedItem]) -> Void,
    ended: (_ source: Int, _ outcome: Result<SkipReport, FeedError>) -> Void
  ) async {
    var index = 0
    while index < sources.count {
      // A run of paths: their pictures, read together.
      var end = index
      while end < sources.count, end - index < Self.picturesAtOnce,
        case .file = sources[end]
      {
        end += 1
      }
      guard end > index else {
        await streamOne(sources[index], index: index, items: items, ended: ended)
        index += 1
        continue
      }
      let run = Array(sources[index..<end])
      let pictures: [Result<FeedItem?, FeedError>]
      do throws(FeedError) {
        pictures = try await runOffThread { () throws(FeedError) in
          run.map { source in
            guard case .file(let path) = source else { return .success(nil) }
            return Result { () throws(FeedError) in try PictureFileFeed.item(at: path) }
          }
        }
      } catch {
        pictures = run.map { _ in .success(nil) }
      }
      for (offset, picture) in pictures.enumerated() {
        switch picture {
        case .success(let item?):
          items(index + offset, [item])
          ended(index + offset, .success(SkipReport()))
        case .success(nil):
          await streamOne(
            sources[index + offset], index: index + offset, items: items, ended: ended)
        case .failure(let error): ended(index + offset, .failure(error))
        }
      }
      index = end
    }
  }

  private func streamOne(
    _ source: FeedSource, index: Int,
    items: @escaping @Sendable (_ source: Int, _ items: [FeedItem]) -> Void,
    ended: (_ source: Int, _ outcome: Result<SkipReport, FeedError>) -> Void
  ) async {
    do throws(FeedError) {
      var loader = self
      if case .several = source {
        // Not a FEED argument: several are given as a list of their own.
        throw .invalidArgument(argument: source.displayName, detail: "give each feed alone")
      }
      loader.options.progress = nil
      let page = try await loader.loadPage(source) { items(index, $0) }
      if !page.document.items.isEmpty { items(index, page.document.items) }
      ended(index, .success(page.document.skipped))
    } catch {
      ended(index, .failure(error))
    }
  }
}
