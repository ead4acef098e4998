extension ColumnStacks {
  /// Item numbers on their way into the stacks while a run of items is placed: a block of
  /// slots per column, written with one store an item.
  ///
  /// Appending each item straight to its column's array checked the uniqueness of the array of
  /// stacks and of the column's array, and its capacity, for every item: as much time as the
  /// placing itself. Staged, a column's items go in with one `append(contentsOf:)` per block.
  struct Staging: ~Copyable {
    /// The slots of column c are `slots[c * perColumn ..< (c + 1) * perColumn]`.
    private let storage: UnsafeMutablePointer<Int32>
    /// How many slots of each column are taken.
    let fills: UnsafeMutablePointer<Int>
    let perColumn: Int
    let columnCount: Int
    /// Whether any staged item spans several columns.
    private(set) var sawSpan = false

    /// Slots for `columnCount` columns and a run of about `expected` items: a column's share of
    /// them and some, up to 4,096 a column and 16,384 in all (64 KiB; fewer a column for many
    /// columns).
    ///
    /// A flush appends to a column's arrays, a fixed cost (uniqueness, capacity, reference
    /// counts) that 256 slots a column, as there were, paid every 128 items at 2 columns: 12 %
    /// of a full layout. A page of a hundred items gets a few hundred bytes.
    init(columnCount: Int, expected: Int) {
      self.columnCount = columnCount
      let columns = max(1, columnCount)
      perColumn = max(1, min(4_096, 16_384 / columns, expected / columns + 16))
      storage = .allocate(capacity: perColumn * columnCount)
      fills = .allocate(capacity: columnCount)
      fills.initialize(repeating: 0, count: columnCount)
    }

    deinit {
      storage.deallocate()
      fills.deallocate()
    }

    func slots(of column: Int) -> UnsafeMutablePointer<Int32> {
      storage + column * perColumn
    }

    /// Stages `item` in `column` (an item spanning several columns is staged in each); returns
    /// whether that column's slots are now full and must be flushed before the next item.
    @inline(__always)
    func add(_ item: Int32, column: Int) -> Bool { slots.add(item, column: column) }

    /// Whether `column`'s slots are full.
    func isFull(_ column: Int) -> Bool { fills[column] == perColumn }

    /// The slots, for a placing loop to stage its items in without going through the run.
    var slots: Slots { Slots(storage: storage, fills: fills, perColumn: perColumn) }

    /// Where the staged items go: a copyable view of the staging's memory.
    struct Slots {
      fileprivate let storage: UnsafeMutablePointer<Int32>
      fileprivate let fills: UnsafeMutablePointer<Int>
      fileprivate let perColumn: Int

      /// Stages `item` in `column`; returns whether that column's slots are now full.
      @inline(__always)
      func add(_ item: Int32, column: Int) -> Bool {
        let fill = fills[column]
        storage[column &* perColumn &+ fill] = item
        fills[column] = fill &+ 1
        return fill &+ 1 == perColumn
      }
    }

    /// Notes that an item spans several columns; the caller stages it column by column.
    mutating func noteSpan() { sawSpan = true }
  }
}
