import FeedKit
import FeedModel
import PictureKit

/// What `cascade layout` does with items the feed gave no size for: reads each size from the
/// picture's header (`SizeProbe`), or with `--no-probe` leaves them out. Either way the items
/// left out are reported, as skipped items are, so the frames printed are never for made-up
/// shapes.
enum UnsizedItems {
  /// Probes at once: enough to hide each probe's latency, few enough for a small server.
  static let concurrency = 8

  /// Sizes or removes the unsized items of `items`; the report line for stderr, if any.
  static func resolve(
    _ items: inout [FeedItem], source: FeedSource, options: LoadOptions, probe: Bool
  ) async -> String? {
    let unsized = items.indices.filter { !items[$0].hasSize }
    guard !unsized.isEmpty else { return nil }
    var failed: [Int: String] = [:]
    if probe {
      var sized = items
      await SizeProbe.probe(
        unsized, of: items, in: source, options: options, concurrency: concurrency,
        prefixes: .keepingNothing
      ) { index, result in
        switch result {
        case .success(let size):
          sized[index].width = size.width
          sized[index].height = size.height
        case .failure(let error):
          failed[index] = error.message(naming: options.settingNames)
        }
      }
      items = sized
    }
    let dropped = Set(probe ? Array(failed.keys) : unsized)
    items = items.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    let noun = dropped.count == 1 ? "item" : "items"
    guard probe else {
      return "skipped \(dropped.count) \(noun) without a size (--no-probe)"
    }
    guard let first = failed.keys.min(), let reason = failed[first] else { return nil }
    return "skipped \(dropped.count) \(noun) whose size could not be read "
      + "(first: item \(first + 1): \(reason))"
  }
}
