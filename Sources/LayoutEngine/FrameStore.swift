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

  private(set) var extents: [Extent] = []
  /// Per item: the column in the low 14 bits, the span's kind (`Span`) in the high 2.
  private var places: [UInt16] = []
  private let columnCount: Int32

  init(columnCount: Int) {
    self.columnCount = Int32(truncatingIfNeeded: columnCount)
  }

  var count: Int { extents.count }
  var indices: Range<Int> { extents.indices }
  var isEmpty: Bool { extents.isEmpty }

  mutating func reserveCapacity(_ total: Int) {
    extents.reserveCapacity(total)
    places.reserveCapacity(total)
  }

  /// Adds frames after the ones kept: their extents, and their places as `place(of:)` gives
  /// them (copied as they are, so a run writes both halves itself and they move in bulk).
  mutating func append(
    extents added: UnsafeBufferPointer<Extent>, places: UnsafeBufferPointer<UInt16>
  ) {
    precondition(added.count == places.count, "FrameStore: extents and places differ in number")
    extents.append(contentsOf: added)
    self.places.append(contentsOf: places)
  }

  subscript(i: Int) -> PlacedFrame {
    Self.frame(extents[i], places[i], columnCount: columnCount)
  }

  /// Calls `body` with the frames read in place, for the index's searches.
  func withView<R>(_ body: (View) -> R) -> R {
    extents.withUnsafeBufferPointer { extents in
      places.withUnsafeBufferPointer { places in
        body(View(extents: extents, places: places, columnCount: columnCount))
      }
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
