import FeedModel
import Locking

/// The labels of the boxes drawn lately, so that scrolling does not sanitise the same titles
/// again on every frame.
///
/// A class because a cache is shared mutable state: every copy of a `BrowserState` (the app
/// keeps one, tests make many) may use it, and an entry is only returned for the very item and
/// number it was made from, so a stale entry can never show. Bounded: it forgets everything once
/// it holds more labels than a few screens show.
final class LabelCache: Sendable {
  private struct Entry {
    var item: FeedItem
    var number: Int
    var label: BoxLabel
  }

  private static let capacity = 1024
  private let entries = Locked<[Int: Entry]>([:])

  /// The label of `item` shown as `number`, made by `make` when it is not cached.
  func label(_ item: FeedItem, number: Int, make: (FeedItem, Int) -> BoxLabel) -> BoxLabel {
    if let hit = entries.withLock({ $0[number] }), hit.number == number, hit.item == item {
      return hit.label
    }
    let label = make(item, number)
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[number] = Entry(item: item, number: number, label: label)
    }
    return label
  }
}
