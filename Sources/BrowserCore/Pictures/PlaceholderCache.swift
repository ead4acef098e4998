import FeedModel
import Locking
import PictureCells

/// Placeholders drawn lately, by placeholder and size, so that a frame does not decode a blur
/// again for every box still waiting for its picture.
///
/// A class because a cache is shared mutable state (copies of the view share it, as they share
/// `LabelCache`); keyed by the placeholder's value, so items that send the same one share it,
/// and an entry can never be stale. Bounded: it forgets everything once it holds more than a few
/// screens of boxes, as making one again costs a small fraction of a frame.
final class PlaceholderCache: Sendable {
  private struct Key: Hashable {
    var placeholder: PicturePlaceholder
    var columns: Int
    var rows: Int
    var colors: CellColorMode
    var halfBlocks: Bool
  }

  private static let capacity = 256
  private let entries = Locked<[Key: SymbolPicture]>([:])

  /// `placeholder` drawn `columns` × `rows` (see `PlaceholderPicture.make`).
  func picture(
    _ placeholder: PicturePlaceholder, columns: Int, rows: Int, colors: CellColorMode,
    halfBlocks: Bool
  ) -> SymbolPicture {
    let key = Key(
      placeholder: placeholder, columns: columns, rows: rows, colors: colors,
      halfBlocks: halfBlocks)
    if let hit = entries.withLock({ $0[key] }) { return hit }
    let picture = PlaceholderPicture.make(
      placeholder, columns: columns, rows: rows, colors: colors, halfBlocks: halfBlocks)
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = picture
    }
    return picture
  }

  var count: Int { entries.withLock { $0.count } }
}
