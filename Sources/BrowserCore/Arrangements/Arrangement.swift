import FeedModel
import LayoutEngine

/// Everything a style lays out for: the screen, the cells and the browser's options.
struct ArrangementContext: Sendable {
  var screen: CanvasSize
  var geometry: CellGeometry
  /// The column count the state chose (the column styles' only).
  var columnCount: Int
  var options: BrowserOptions

  /// Rows for boxes: all but the status line.
  var viewRows: Int { max(0, screen.rows - 1) }
}

/// The items a style lays out: the pictures, and the full-width rows between them.
struct ArrangedFeed: Sendable {
  var items: [FeedItem]
  /// Full-width rows, each before the picture at `before` (`items.count` for after the last),
  /// in order.
  var rows: [(before: Int, row: FullWidthRow)]
}

/// One way of placing the browser's items on screen: the waterfalls, the carousel, the ring.
///
/// The state machine owns the items, the selection, the vertical scroll position (`top`) and
/// the loads; a style only answers where things are and how the selection moves, so the state
/// never asks which style is showing. Rects are in content rows (the view shows rows
/// `top ..< top + viewRows`) and screen columns; a style that does not scroll vertically has as
/// many content rows as the view, so `top` stays 0.
protocol Arrangement: Sendable {
  var style: LayoutStyle { get }

  /// Lays every item out again for `context`. Unless `itemsChanged`, the feed is the one of the
  /// last layout, so a style may keep what it built from it.
  mutating func layOut(_ feed: ArrangedFeed, in context: ArrangementContext, itemsChanged: Bool)

  /// Adds the items and rows of a page after the existing ones (`feed` holds all of them);
  /// `firstNew` is the first new item.
  mutating func append(
    _ feed: ArrangedFeed, firstNew: Int, rows: [FullWidthRow], in: ArrangementContext)

  /// Makes room for `total` items in all before a page that big comes in parts.
  mutating func reserve(items total: Int)

  /// The height of the content in rows.
  var contentRows: Int { get }

  /// Whether the view scrolls vertically through the content (the waterfalls); the others turn
  /// scroll keys into steps from item to item.
  var scrollsVertically: Bool { get }

  /// The boxes with at least one cell in content rows `rows`, in layout order.
  /// - Complexity: independent of the item count for the waterfalls (their rect index), and
  ///   O(boxes in view) for the carousel and the ring.
  func boxes(inRows rows: Range<Int>) -> [PlacedBox]

  /// Where item `i` is drawn, or nil when it is not laid out (or, for the ring, not shown).
  func cellRect(ofItem i: Int) -> CellRect?

  /// The item a selection move from `i` lands on, or nil to stay.
  func item(_ move: SelectionMove, from i: Int, itemCount: Int) -> Int?

  /// The item the style is centred on (the carousel and the ring), nil for the waterfalls.
  var focus: Int? { get }

  /// Brings item `i` into the style's focus (centres it in the carousel, turns the ring to it).
  mutating func focus(on i: Int)

  /// A free sideways scroll by `columns` (the carousel's wheel); false if the style has none.
  mutating func slide(by columns: Int) -> Bool

  /// Ends a free scroll: snaps to the nearest box; returns the item then in focus, if any.
  mutating func settle() -> Int?

  /// Whether a free scroll waits for `settle()`.
  var isSliding: Bool { get }

  /// Free room where the selected item's title and size can be written out (inside the ring,
  /// whose boxes are too small for them), in content rows.
  var caption: CellRect? { get }
}

extension Arrangement {
  mutating func reserve(items total: Int) {}
  var focus: Int? { nil }
  mutating func focus(on i: Int) {}
  mutating func slide(by columns: Int) -> Bool { false }
  mutating func settle() -> Int? { nil }
  var isSliding: Bool { false }
  var caption: CellRect? { nil }
}
