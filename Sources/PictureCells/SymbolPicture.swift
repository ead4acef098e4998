/// A picture as a grid of terminal cells, ready to be drawn cell by cell.
///
/// Row-major: the cell at (`column`, `row`) is `cells[row * columns + column]`. A value type, so
/// a cache can hand the same picture to any thread.
public struct SymbolPicture: Hashable, Sendable {
  public let columns: Int
  public let rows: Int
  public let cells: [SymbolCell]
  /// Set when the terminal holds the picture (kitty graphics): the cells are then blank and the
  /// view draws placeholder cells instead.
  public private(set) var placeholder: KittyPlaceholder?
  /// Set when the picture is drawn over the frame after curses has sent it (sixel, iTerm2):
  /// the number the shell keeps its bytes under. The cells are blank.
  public private(set) var overlay: UInt32?
  /// Set when the picture moves: its frames, the first being `cells`.
  public private(set) var animation: CellAnimation?
  /// Whether the picture is an animation, drawn still (moving pictures off) or moving.
  public var moves = false
  /// Whether it is an animation drawn still here even while moving pictures play: its way of
  /// drawing plays animations only full screen (sixel sends a whole picture for each frame).
  /// Its box shows the mark of a moving picture standing still.
  public var standsStill = false

  /// - Precondition: `cells.count == columns * rows`.
  public init(columns: Int, rows: Int, cells: [SymbolCell]) {
    precondition(columns >= 0 && rows >= 0, "a picture has no negative size")
    precondition(cells.count == columns * rows, "a picture needs columns × rows cells")
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// A picture held by the terminal as `placeholder`'s image, `columns` × `rows` cells.
  public static func placeholder(
    _ placeholder: KittyPlaceholder, columns: Int, rows: Int
  ) -> SymbolPicture {
    let blank = SymbolCell(scalar: " ", foreground: .palette(0), background: .palette(0))
    var picture = SymbolPicture(
      columns: columns, rows: rows, cells: Array(repeating: blank, count: columns * rows))
    picture.placeholder = placeholder
    return picture
  }

  /// A picture drawn over the frame by the shell as `overlay`, `columns` × `rows` cells.
  public static func overlay(_ overlay: UInt32, columns: Int, rows: Int) -> SymbolPicture {
    let blank = SymbolCell(scalar: " ", foreground: .palette(0), background: .palette(0))
    var picture = SymbolPicture(
      columns: columns, rows: rows, cells: Array(repeating: blank, count: columns * rows))
    picture.overlay = overlay
    return picture
  }

  /// An animated picture: its first frame's cells, and every frame.
  /// - Precondition: every frame has `columns × rows` cells.
  public static func animated(_ animation: CellAnimation, columns: Int, rows: Int)
    -> SymbolPicture
  {
    precondition(
      animation.frames.allSatisfy { $0.count == columns * rows }, "a frame of another size")
    var picture = SymbolPicture(columns: columns, rows: rows, cells: animation.frames[0])
    picture.animation = animation
    picture.moves = true
    return picture
  }

  /// A picture drawn over the frame whose terminal shows one frame at a time (sixel): the
  /// shell keeps its frames, and `animation` only says when each shows (its cells are blank).
  public func moving(delays: [Int], loops: Int) -> SymbolPicture {
    guard delays.count >= 2 else { return self }
    var picture = self
    // One blank frame, shared by every entry: the timing costs no cells.
    picture.animation = CellAnimation(
      frames: Array(repeating: cells, count: delays.count), delays: delays, loops: loops)
    picture.moves = true
    return picture
  }

  /// The cells shown `milliseconds` into its animation (its only cells when it has none).
  public func cells(at milliseconds: Int) -> [SymbolCell] {
    guard let animation else { return cells }
    return animation.frames[animation.frame(at: milliseconds).index]
  }

  /// - Precondition: the cell is inside the picture.
  public subscript(column: Int, row: Int) -> SymbolCell {
    precondition(
      (0..<columns).contains(column) && (0..<rows).contains(row),
      "cell (\(column), \(row)) is outside a \(columns)×\(rows) picture")
    return cells[row * columns + column]
  }
}
