import FeedModel
import Synchronization

/// The first page of a session while it is decoded and shown: its items are deduplicated on
/// the decoding thread, batch by batch, and handed to the reader's `partial` at once; the
/// session takes the identities over once the page is done (`FeedSession.refresh(partial:)`).
///
/// Why on the decoding thread: through the session's actor every batch crossed threads twice,
/// and each item's text block had its reference count bumped from three threads at once, which
/// cost more than the decoding itself. Here the decoder's thread alone touches `loaded` until
/// the load's task ends (which orders it before the session reads it); `current` is the only
/// state shared while it runs.
final class StreamedLoad: @unchecked Sendable {
  private let partial: @Sendable ([FeedItem]) -> Void
  /// False once the session has moved on (a newer load, a cancel): batches are no longer
  /// handed out.
  private let current = Atomic(true)
  /// The items handed out so far; read by the session once the load has ended.
  private(set) var loaded = LoadedItems()
  /// The repeats dropped so far, and how many items the batches held: read with `loaded`.
  private(set) var duplicates = SkipReport()
  private var taken = 0

  /// How far the load has got, when it says: the first batch's share of the bytes sizes the
  /// tables for the whole page.
  private let progress: LoadProgress?

  init(partial: @escaping @Sendable ([FeedItem]) -> Void, progress: LoadProgress?) {
    self.partial = partial
    self.progress = progress
  }

  /// Takes a batch of decoded items (on the decoding thread).
  func take(_ batch: [FeedItem]) {
    guard current.load(ordering: .acquiring) else { return }
    // The first batch is counted in the progress before it comes here.
    if loaded.count == 0, let estimate = progress?.snapshot.estimatedTotalItems {
      loaded.reserve(estimate)
    }
    let fresh = loaded.keepNew(batch, firstPosition: taken + 1, skipped: &duplicates)
    taken += batch.count
    if !fresh.isEmpty { partial(fresh) }
  }

  func supersede() { current.store(false, ordering: .releasing) }
}
