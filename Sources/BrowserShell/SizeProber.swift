import BrowserCore
import FeedKit
import FeedModel
import PictureKit

/// Runs an `Effect.probeSizes`: reads the pictures' headers through `SizeProbe` (ranged
/// requests, all of a batch at once, in the order asked) and reports the results in
/// `Event.sizesProbed`s of a few each as they arrive: the state lays out once per few pictures
/// rather than once per picture, and a picture whose size is in is fetched while the rest of
/// its batch is still being read (one event for the whole batch held them all back until its
/// slowest probe). In the browser the picture loader runs the probes with its pictures
/// (`PictureLoader.probe`), and each size is posted as it comes.
public enum SizeProber {
  /// Results reported together: a relayout each.
  static let resultsPerEvent = 4

  /// Starts the probes in the background; `post` gets the events. With a `loader`, the probes
  /// share its servers' transfers with the pictures (`PictureLoader.probe`).
  static func run(
    _ requests: [SizeRequest], source: FeedSource?, options: LoadOptions,
    cache: PictureDiskCache?, loader: PictureLoader? = nil,
    post: @escaping @Sendable (Event) -> Void
  ) {
    if let loader, source != nil {
      // Each as it comes: a size read from a picture fetched whole comes with its first
      // bytes, and held for three more it waited for their pictures' round trips. Those that
      // come in one turn of the loop are laid out once (`coalesced`).
      loader.probe(requests) { post(.sizesProbed([$0])) }
      return
    }
    Task.detached {
      var pending: [ProbedSize] = []
      await results(requests, source: source, options: options, cache: cache) { result in
        pending.append(result)
        if pending.count >= resultsPerEvent {
          post(.sizesProbed(pending))
          pending = []
        }
      }
      if !pending.isEmpty { post(.sizesProbed(pending)) }
    }
  }

  /// `events` with each run of `sizesProbed` side by side made one: the sizes that came in
  /// one turn of the loop are laid out once, not once each.
  static func coalesced(_ events: [Event]) -> [Event] {
    var merged: [Event] = []
    merged.reserveCapacity(events.count)
    for event in events {
      if case .sizesProbed(let more) = event, case .sizesProbed(let sizes)? = merged.last {
        merged[merged.count - 1] = .sizesProbed(sizes + more)
      } else {
        merged.append(event)
      }
    }
    return merged
  }

  /// The sizes of a batch, or why each could not be read.
  public static func results(
    _ requests: [SizeRequest], source: FeedSource?, options: LoadOptions,
    cache: PictureDiskCache? = nil
  ) async -> [ProbedSize] {
    var all: [ProbedSize] = []
    await results(requests, source: source, options: options, cache: cache) { all.append($0) }
    return all
  }

  /// The sizes of a batch, each told to `report` as it arrives. A request asked again
  /// (`SizeRequest.again`) is one already under way here: it only reorders a loader's waiting
  /// probes, and is not read a second time.
  static func results(
    _ requests: [SizeRequest], source: FeedSource?, options: LoadOptions,
    cache: PictureDiskCache?, report: (ProbedSize) -> Void
  ) async {
    let requests = requests.filter { !$0.again }
    guard !requests.isEmpty else { return }
    guard let source else {
      for request in requests {
        report(ProbedSize(request: request, width: 0, height: 0, failure: "no feed"))
      }
      return
    }
    let items = requests.map { FeedItem.unsized(imageURL: $0.imageURL) }
    await SizeProbe.probe(
      Array(items.indices), of: items, in: source, options: options,
      concurrency: max(1, requests.count), cache: cache
    ) { position, result in
      report(SizeProbe.probed(requests[position], result, naming: options.settingNames))
    }
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
