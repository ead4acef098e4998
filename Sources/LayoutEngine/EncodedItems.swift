/// An item as the engine stores it: one `Double` (`LayoutItem.encoded`).
@usableFromInline
protocol EncodedItem {
  var encoded: Double { get }
}

extension LayoutItem: EncodedItem {}

extension ItemSize: EncodedItem {
  /// A picture's aspect ratio, as `LayoutItem.picture` encodes it.
  @inlinable
  var encoded: Double { aspectRatio }
}

/// The caller's items as the numbers the engine stores, for `WaterfallLayout.append`.
///
/// A type of its own and not `items.lazy.map { $0.encoded }`: the specialised copy loop of
/// `Array.append(contentsOf:)` called the map's closure through its context for every item,
/// which cost as much as a tenth of a layout; here the conversion is part of the iterator and
/// inlines into the caller's specialisation.
@usableFromInline
struct EncodedItems<Base: Sequence>: Sequence where Base.Element: EncodedItem {
  @usableFromInline let base: Base

  @inlinable
  init(_ base: Base) { self.base = base }

  @inlinable
  var underestimatedCount: Int { base.underestimatedCount }

  @inlinable
  func makeIterator() -> Iterator { Iterator(base: base.makeIterator()) }

  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline var base: Base.Iterator

    @inlinable
    init(base: Base.Iterator) { self.base = base }

    @inlinable
    mutating func next() -> Double? { base.next()?.encoded }
  }
}
