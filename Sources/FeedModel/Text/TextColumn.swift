/// The texts of many items in order, 8 bytes an item: where each is in its block, and each
/// block once for the run of items kept in it.
///
/// What a session keeps of its items to drop duplicates of later ones. A `TextHandle` is 16
/// bytes, half of them a reference to its block; the decoder writes the texts of a page's items
/// one after another into blocks of a MiB, so consecutive items share a block and a million
/// items name a few hundred blocks. An item made on its own (one block for it) costs a run of
/// its own, 16 bytes more: no worse than handles.
package struct TextColumn {
  /// Per item, `TextHandle.place`.
  private var places: [UInt64] = []
  /// The block of items `first...` up to the next run's `first`.
  private var runs: [(first: Int, block: TextBlock?)] = []

  package init() {}

  package var count: Int { places.count }

  package mutating func reserveCapacity(_ total: Int) {
    places.reserveCapacity(total)
  }

  /// Adds the texts of `items` after the items already kept, read in place: copying an item
  /// out of the array retains its text block and releases it again, for every item, while the
  /// decoder retains the same block for the items it makes.
  package mutating func append(contentsOf items: [FeedItem]) {
    places.reserveCapacity(places.count + items.count)
    items.withUnsafeBufferPointer { items in
      guard var base = items.baseAddress else { return }
      for _ in items.indices {
        // Through the pointer's `pointee`, so the item is read where it is, never copied.
        if runs.isEmpty || !base.pointee.texts.isKept(in: runs[runs.count - 1].block) {
          runs.append((places.count, base.pointee.texts.block))
        }
        places.append(base.pointee.texts.place)
        base += 1
      }
    }
  }

  /// The texts of item `i`.
  /// - Complexity: O(log r) for r runs.
  package subscript(i: Int) -> TextHandle {
    precondition(i >= 0 && i < places.count, "TextColumn: index out of range")
    var low = 0
    var high = runs.count
    // The last run whose first item is at or before i.
    while high - low > 1 {
      let middle = (low + high) / 2
      if runs[middle].first <= i { low = middle } else { high = middle }
    }
    return TextHandle(block: runs[low].block, place: places[i])
  }
}
