/// A Pinterest-style waterfall: every item drops into the currently shortest column.
///
/// Shaped like a `UICollectionViewLayout` subclass, but as a value: change the configuration (which
/// invalidates the layout only when a value really changes), call `prepare()`, then ask for the
/// content size, one item's attributes, or the attributes of everything in a rect. Appending a
/// page to a prepared layout places only the new items and gives exactly the frames that a full
/// layout would, because placement carries on from the stored column bottoms.
///
/// Queries describe the layout as of the last successful `prepare()`; on an invalidated layout
/// they answer as for an empty feed.
public struct WaterfallLayout: Sendable {
  /// Setting a different value invalidates the layout; setting the same value does not.
  public var configuration: LayoutConfiguration {
    didSet {
      if configuration != oldValue { invalidate() }
    }
  }

  /// Whether the frames match the configuration and the items.
  public private(set) var isPrepared = false

  /// One `LayoutItem.encoded` per item: what `append(contentsOf:)` adds to, inlined into the
  /// caller so that the caller's sequence is read without a generic call per item.
  @usableFromInline var ratios: [Double] = []
  private var index = RectIndex()
  /// The placement state after the last item; nil while the layout is invalid.
  private var placer: ColumnPlacer?
  private var geometry: ColumnGeometry

  /// - Complexity: O(n) to copy the item ratios; no layout happens until `prepare()`.
  public init(configuration: LayoutConfiguration, items: [ItemSize] = []) {
    self.configuration = configuration
    self.geometry = ColumnGeometry(configuration)
    self.ratios = items.map(\.aspectRatio)
  }

  // MARK: Configuration, one value at a time (each invalidates only on a real change).

  public var columnCount: Int {
    get { configuration.columnCount }
    set { configuration.columnCount = newValue }
  }

  public var columnSpacing: Double {
    get { configuration.columnSpacing }
    set { configuration.columnSpacing = newValue }
  }

  public var rowSpacing: Double {
    get { configuration.rowSpacing }
    set { configuration.rowSpacing = newValue }
  }

  public var insets: EdgeInsets {
    get { configuration.insets }
    set { configuration.insets = newValue }
  }

  public var containerWidth: Double {
    get { configuration.containerWidth }
    set { configuration.containerWidth = newValue }
  }

  // MARK: Items

  /// The number of items, laid out or not.
  public var itemCount: Int { ratios.count }

  /// Replaces every item and invalidates the layout.
  /// - Complexity: O(n).
  public mutating func setItems(_ items: [ItemSize]) {
    ratios = items.map(\.aspectRatio)
    invalidate()
  }

  /// Replaces every item, pictures and full-width rows, and invalidates the layout.
  /// - Complexity: O(n).
  public mutating func setItems(_ items: [LayoutItem]) {
    ratios = items.map(\.encoded)
    invalidate()
  }

  /// Makes room for `total` items in all, so that appending up to that many grows no array
  /// step by step: each growth copies what is there and leaves the old space to the allocator.
  /// A caller that knows how many items are coming (a page being decoded) says so first.
  public mutating func reserveCapacity(_ total: Int) {
    ratios.reserveCapacity(total)
    index.reserve(total)
  }

  /// Adds a page of items after the existing ones.
  ///
  /// On a prepared layout the new items are placed at once, continuing from the column bottoms,
  /// so the result equals a full layout of all items. Inlinable, like the other `append`, so
  /// that the caller's sequence is specialised where it is called: no generic call per item.
  /// - Complexity: O(m) for m new items (amortised), independent of the items already there.
  @inlinable
  public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == ItemSize {
    let start = ratios.count
    ratios.append(contentsOf: EncodedItems(items))
    placeAppended(from: start)
  }

  /// Adds pictures and full-width rows after the existing items, as `append(contentsOf:)` does.
  /// This is the browser's path: it streams its pictures and page rows in through here.
  /// - Complexity: O(m) for m new items (amortised), independent of the items already there.
  @inlinable
  public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == LayoutItem {
    let start = ratios.count
    ratios.append(contentsOf: EncodedItems(items))
    placeAppended(from: start)
  }

  /// Places the items from `start` on, if the layout is prepared; otherwise `prepare()` will.
  @usableFromInline
  mutating func placeAppended(from start: Int) {
    guard isPrepared, var placer else { return }
    self.placer = nil  // so that `placer`'s arrays are not shared while it places
    Self.place(ratios, from: start, with: &placer, into: &index)
    self.placer = placer
  }

  /// The one placing loop, of a full layout and of an append alike.
  ///
  /// Static, with the stored properties it needs passed in: as a method it would read `self`
  /// while `index` (part of `self`) is changed, and Swift would copy `self` for the call and
  /// then every array of the index on its first write — a whole layout's worth per append.
  private static func place(
    _ ratios: [Double], from start: Int, with placer: inout ColumnPlacer,
    into index: inout RectIndex
  ) {
    ratios.withUnsafeBufferPointer { ratios in
      index.appendRun(expected: ratios.count - start) { run in
        placer.place(ratios, from: start, into: &run)
      }
    }
  }

  // MARK: The layout cycle

  /// Drops every frame; the next `prepare()` lays everything out again.
  /// - Complexity: O(C).
  public mutating func invalidate() {
    isPrepared = false
    index = RectIndex()
    placer = nil
  }

  /// Lays out every item if the layout is invalid; does nothing if it is already prepared.
  ///
  /// - Throws: `LayoutError` for a configuration that cannot be laid out; the layout then stays
  ///   invalid and empty, and a corrected configuration can be prepared again.
  /// - Complexity: O(n·C) for n items and C columns.
  public mutating func prepare() throws(LayoutError) {
    guard !isPrepared else { return }
    try configuration.validate()
    geometry = ColumnGeometry(configuration)
    var placer = ColumnPlacer(configuration)
    var index = RectIndex(columnCount: configuration.columnCount, expected: ratios.count)
    Self.place(ratios, from: 0, with: &placer, into: &index)
    self.index = index
    self.placer = placer
    isPrepared = true
  }

  // MARK: Queries

  /// Width `W`, height `max(column bottoms) + bottom` (`top + bottom` for an empty feed).
  /// - Complexity: O(C).
  public var contentSize: Size {
    let lowest = placer?.bottoms.max() ?? configuration.insets.top
    return Size(width: configuration.containerWidth, height: lowest + configuration.insets.bottom)
  }

  /// The attributes of item `i`, or nil when there is no such item or the layout is not prepared.
  /// - Complexity: O(1).
  public func attributes(at i: Int) -> LayoutAttributes? {
    guard i >= 0, i < index.count else { return nil }
    let placed = index.frames[i]
    return LayoutAttributes(
      index: i, frame: geometry.rect(placed), column: Int(placed.column), span: Int(placed.span))
  }

  /// The frame of item `i`: what a front end needs to keep the reader's place across a relayout.
  /// - Complexity: O(1).
  public func frame(of i: Int) -> Rect? {
    attributes(at: i)?.frame
  }

  /// Every item whose frame overlaps `rect` (open intervals on both axes), in item order.
  /// - Complexity: O(C·log n + k·log k) for k results and C columns.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    indices(in: rect).compactMap { attributes(at: $0) }
  }

  /// The item indices that `attributes(in:)` would return, without building attributes.
  /// - Complexity: as `attributes(in:)`.
  public func indices(in rect: Rect) -> [Int] {
    index.indices(overlapping: rect, geometry: geometry)
  }

  /// The item whose frame is nearest to `point` (0 when inside; the lower index on a tie), or nil
  /// for an empty or unprepared layout.
  /// - Complexity: a few rect queries: O(log(d / w)) of them for an item at distance d and
  ///   column width w.
  public func item(nearest point: Point) -> Int? {
    index.nearest(to: point, geometry: geometry)
  }
}
