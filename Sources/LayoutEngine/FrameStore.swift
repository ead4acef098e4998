/// The frames of a column layout as the index keeps them: 18 bytes an item where an array of
/// `PlacedFrame` took 24.
///
/// An item's vertical extent (`y`, `height`: 16 bytes) in one array, and its column and span in
/// 2 bytes in another: a column number below `maxColumns` and which of the three spans the
/// column rules make it has — one column, two (the irregular style's enlargement), or all (a
/// full-width row). Apart, and not in one struct, because a struct of two doubles and two small
/// integers is padded back to 24 bytes. At a million items that is 6 MB, and the browser keeps
/// every item of a feed laid out.
struct FrameStore: Sendable {
  /// The most columns a column layout may have: the column number's bits.
  static let maxColumns = 1 << 14

  /// An item's vertical extent.
  struct Extent: Sendable {
    var y: Double
    var height: Double

    var maxY: Double { y + height }
  }

  /// The frames' memory, shared between copies until one of them changes (copy on write).
  private var storage = Storage(capacity: 0)
  private let columnCount: Int32

  init(columnCount: Int) {
    self.columnCount = Int32(truncatingIfNeeded: columnCount)
  }

  var count: Int { storage.count }
  /// The frames there is room for without growing.
  var capacity: Int { storage.capacity }
  var indices: Range<Int> { 0..<storage.count }
  var isEmpty: Bool { storage.count == 0 }

  mutating func reserveCapacity(_ total: Int) {
    makeUnique(capacity: total)
  }

  /// Room for at least `room` frames after the ones kept: where the next ones are to be
  /// written, in place, before `commit` counts them.
  ///
  /// A run of placed items writes its frames straight here, with nothing in its way but the
  /// stores (the pointers stay valid until the store next changes). Written first into a block
  /// of the run's own and copied in, every frame was written twice, ~7 % of a full layout.
  mutating func tail(room: Int) -> (
    extents: UnsafeMutablePointer<Extent>, places: UnsafeMutablePointer<UInt16>
  ) {
    makeUnique(capacity: storage.count + room)
    return (storage.extents + storage.count, storage.places + storage.count)
  }

  /// Counts the first `written` frames of the tail (`tail(room:)`, at least that much room)
  /// as kept.
  mutating func commit(_ written: Int) {
    precondition(written >= 0 && storage.count + written <= storage.capacity, "FrameStore: commit")
    makeUnique(capacity: storage.count + written)
    storage.count += written
  }

  /// Makes `storage` this store's own, with room for `capacity` frames: a copy when another
  /// store shares it (with the room it had), and, when it is short of room, at least twice the
  /// room it had (so that frames appended one page at a time are copied O(1) times each on
  /// average).
  private mutating func makeUnique(capacity: Int) {
    let unique = isKnownUniquelyReferenced(&storage)
    guard !unique || capacity > storage.capacity else { return }
    let grown = capacity > storage.capacity ? max(capacity, 2 * storage.capacity) : capacity
    storage = storage.copy(capacity: max(grown, storage.capacity))
  }

  subscript(i: Int) -> PlacedFrame {
    precondition(i >= 0 && i < storage.count, "FrameStore: index out of range")
    return withExtendedLifetime(storage) {
      Self.frame(storage.extents[i], storage.places[i], columnCount: columnCount)
    }
  }

  /// Calls `body` with the frames read in place, for the index's searches.
  func withView<R>(_ body: (View) -> R) -> R {
    withExtendedLifetime(storage) {
      body(
        View(
          extents: UnsafeBufferPointer(start: storage.extents, count: storage.count),
          places: UnsafeBufferPointer(start: storage.places, count: storage.count),
          columnCount: columnCount))
    }
  }

  /// The frames, read in place.
  struct View {
    let extents: UnsafeBufferPointer<Extent>
    fileprivate let places: UnsafeBufferPointer<UInt16>
    fileprivate let columnCount: Int32

    subscript(i: Int) -> PlacedFrame {
      FrameStore.frame(extents[i], places[i], columnCount: columnCount)
    }
  }

  /// The span kinds of the high 2 bits.
  private enum Span {
    static let one: UInt16 = 0
    static let two: UInt16 = 1
    static let all: UInt16 = 2
  }

  /// The stored place of `frame`: its column (below `maxColumns`, which the configuration's
  /// validation ensures) and its span (1, 2 or every column: the only spans the column rules
  /// make).
  @inline(__always)
  func place(of frame: PlacedFrame) -> UInt16 {
    assert(frame.column >= 0 && frame.column < Int32(Self.maxColumns), "column out of range")
    assert(frame.span == 1 || frame.span == 2 || frame.span == columnCount, "a span never made")
    let kind = frame.span == 1 ? Span.one : frame.span == 2 ? Span.two : Span.all
    return kind << 14 | UInt16(truncatingIfNeeded: frame.column)
  }

  /// The place of an item one column wide in `column`, as `place(of:)` gives it.
  @inline(__always)
  static func place(column: Int) -> UInt16 {
    assert(column >= 0 && column < maxColumns, "column out of range")
    return Span.one << 14 | UInt16(truncatingIfNeeded: column)
  }

  /// The first column of a stored place.
  @inline(__always)
  static func column(of place: UInt16) -> UInt16 { place & 0x3FFF }

  @inline(__always)
  private static func frame(_ extent: Extent, _ place: UInt16, columnCount: Int32) -> PlacedFrame {
    let kind = place >> 14
    let span: Int32 = kind == Span.one ? 1 : kind == Span.two ? 2 : columnCount
    return PlacedFrame(
      y: extent.y, height: extent.height, column: Int32(column(of: place)), span: span)
  }
}

extension FrameStore {
  /// The two halves of the frames in memory of their own: what `Array` would be, with the
  /// room past the frames kept writable (`tail(room:)`), which an array does not offer.
  ///
  /// Only `FrameStore` changes it, and only once `isKnownUniquelyReferenced` says no other
  /// store shares it, as an array does: so a store can be sent to another thread like one.
  private final class Storage: @unchecked Sendable {
    let extents: UnsafeMutablePointer<Extent>
    let places: UnsafeMutablePointer<UInt16>
    let capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = capacity
      extents = .allocate(capacity: capacity)
      places = .allocate(capacity: capacity)
    }

    /// A store of its own holding the same frames, with room for `capacity` (at least `count`).
    func copy(capacity: Int) -> Storage {
      let copy = Storage(capacity: capacity)
      copy.extents.initialize(from: extents, count: count)
      copy.places.initialize(from: places, count: count)
      copy.count = count
      return copy
    }

    deinit {
      extents.deallocate()
      places.deallocate()
    }
  }
}
