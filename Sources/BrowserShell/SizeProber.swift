import BrowserCore
import FeedKit
import FeedModel
import PictureKit

/// Runs an `Effect.probeSizes`: reads the pictures' headers through `SizeProbe` (ranged
/// requests, all of a batch at once, in the order asked) and reports the results in one
/// `Event.sizesProbed`, so the state lays out once per batch rather than once per picture.
public enum SizeProber {
  /// Starts the probes in the background; `post` gets the event.
  static func run(
    _ requests: [SizeRequest], source: FeedSource?, options: LoadOptions,
    cache: PictureDiskCache?, post: @escaping @Sendable (Event) -> Void
  ) {
    Task.detached {
      post(
        .sizesProbed(await results(requests, source: source, options: options, cache: cache)))
    }
  }

  /// The sizes of a batch, or why each could not be read.
  public static func results(
    _ requests: [SizeRequest], source: FeedSource?, options: LoadOptions,
    cache: PictureDiskCache? = nil
  ) async -> [ProbedSize] {
    guard let source else {
      return requests.map { ProbedSize(request: $0, width: 0, height: 0, failure: "no feed") }
    }
    let items = requests.map { FeedItem.unsized(imageURL: $0.imageURL) }
    var results: [ProbedSize] = []
    await SizeProbe.probe(
      Array(items.indices), of: items, in: source, options: options,
      concurrency: max(1, requests.count), cache: cache
    ) { position, result in
      let request = requests[position]
      switch result {
      case .success(let size):
        results.append(ProbedSize(request: request, width: size.width, height: size.height))
      case .failure(let error):
        results.append(
          ProbedSize(request: request, width: 0, height: 0, failure: error.description))
      }
    }
    return results
  }

  /// Runs the `probeSizes` among `effects` and feeds the results back into `state`, until it
  /// asks for no more: for `cascade print`, which shows one sheet and cannot relayout later.
  public static func settle(
    _ effects: [Effect], in state: inout BrowserState, source: FeedSource, options: LoadOptions,
    cache: PictureDiskCache? = nil
  ) async {
    var pending = effects
    while true {
      let requests = pending.flatMap { effect -> [SizeRequest] in
        if case .probeSizes(let batch) = effect { batch } else { [] }
      }
      guard !requests.isEmpty else { return }
      pending = state.update(
        .sizesProbed(await results(requests, source: source, options: options, cache: cache)))
    }
  }
}
