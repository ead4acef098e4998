/// Follows the cursor and the cells written through Cascade's output, as far as needed to tell
/// whether every picture drawn over the frame (sixel, iTerm2) was later covered by text or
/// erased: the test of "no picture is left where its box is gone".
///
/// It knows the sequences ncurses sends for `xterm-256color`: absolute and relative cursor
/// moves, erases, character repeats, line inserts and deletes, scroll regions; anything else
/// is skipped.
struct OverlayScreen {
  struct Picture {
    var row: Int
    var column: Int
    var width: Int
    var height: Int
    /// The sequence number of the write that drew it.
    var drawnAt: Int
  }

  let columns: Int
  let rows: Int
  /// The sequence number of the last write to each cell.
  private(set) var touched: [Int]
  private(set) var pictures: [Picture] = []
  /// Which cells hold a kitty placeholder now, row by row: rows move with scrolls, inserts
  /// and deletes, as on a terminal.
  private(set) var placeholderRows: [[Bool]]
  /// Which cells show pixels of a picture drawn over them, row by row: a written or erased
  /// cell loses them, and a terminal scroll carries them along with the text.
  private(set) var pixelRows: [[Bool]]

  /// The cells that hold a kitty placeholder at the end of the output.
  var placeholderCells: Int { placeholderRows.reduce(0) { $0 + $1.filter { $0 }.count } }

  /// The cells that still show a picture's pixels at the end, (row, column).
  var pixelPositions: [(Int, Int)] {
    pixelRows.enumerated().flatMap { r, cells in
      cells.indices.filter { cells[$0] }.map { (r, $0) }
    }
  }

  /// Where those cells are, (row, column), for failure messages.
  var placeholderPositions: [(Int, Int)] {
    placeholderRows.enumerated().flatMap { r, cells in
      cells.indices.filter { cells[$0] }.map { (r, $0) }
    }
  }

  init(_ bytes: [UInt8], columns: Int, rows: Int, cell: (width: Int, height: Int)) {
    self.columns = columns
    self.rows = rows
    touched = Array(repeating: 0, count: columns * rows)
    let blankRow = Array(repeating: false, count: columns)
    placeholderRows = Array(repeating: blankRow, count: rows)
    pixelRows = Array(repeating: blankRow, count: rows)
    var (row, column) = (0, 0)
    var saved = (0, 0)
    var top = 0
    var bottom = rows - 1
    var clock = 1
    var lastWasPlaceholder = false
    func touch(_ r: Int, _ c: Int, placeholder: Bool = false) {
      guard (0..<rows).contains(r), (0..<columns).contains(c) else { return }
      touched[r * columns + c] = clock
      placeholderRows[r][c] = placeholder
      pixelRows[r][c] = false
    }
    func touchRows(_ range: ClosedRange<Int>) {
      for r in range where (0..<rows).contains(r) {
        for c in 0..<columns { touch(r, c) }
      }
    }
    /// Moves rows `range` up (`by` > 0) or down, blank rows coming in: what scrolling, line
    /// inserts and deletes do to the cells.
    func shift(_ range: ClosedRange<Int>, up count: Int) {
      guard range.lowerBound >= 0, range.upperBound < rows, count != 0 else { return }
      func shifted(_ grid: [[Bool]]) -> [[Bool]] {
        var region = Array(grid[range])
        let n = min(abs(count), region.count)
        if count > 0 {
          region.removeFirst(n)
          region += Array(repeating: blankRow, count: n)
        } else {
          region.removeLast(n)
          region.insert(contentsOf: Array(repeating: blankRow, count: n), at: 0)
        }
        var all = grid
        all.replaceSubrange(range, with: region)
        return all
      }
      placeholderRows = shifted(placeholderRows)
      pixelRows = shifted(pixelRows)
      for r in range {
        for c in 0..<columns { touched[r * columns + c] = clock }
      }
    }
    var i = 0
    while i < bytes.count {
      clock += 1
      let byte = bytes[i]
      switch byte {
      case 0x1B where i + 1 < bytes.count:
        let kind = bytes[i + 1]
        switch kind {
        case UInt8(ascii: "7"):
          saved = (row, column)
          i += 2
        case UInt8(ascii: "8"):
          (row, column) = saved
          i += 2
        case UInt8(ascii: "D"):
          if row == bottom { shift(top...bottom, up: 1) } else { row += 1 }
          i += 2
        case UInt8(ascii: "M"):
          if row == top { shift(top...bottom, up: -1) } else { row -= 1 }
          i += 2
        case UInt8(ascii: "["):
          var j = i + 2
          while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
          guard j < bytes.count else { i = j; continue }
          let text = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
          let private_ = text.hasPrefix("?") || text.hasPrefix(">")
          let n = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
          func p(_ k: Int, _ fallback: Int) -> Int {
            k < n.count ? (n[k].flatMap { $0 == 0 ? nil : $0 } ?? fallback) : fallback
          }
          if !private_ {
            switch bytes[j] {
            case UInt8(ascii: "H"), UInt8(ascii: "f"): (row, column) = (p(0, 1) - 1, p(1, 1) - 1)
            case UInt8(ascii: "A"): row -= p(0, 1)
            case UInt8(ascii: "B"): row += p(0, 1)
            case UInt8(ascii: "C"): column += p(0, 1)
            case UInt8(ascii: "D"): column -= p(0, 1)
            case UInt8(ascii: "d"): row = p(0, 1) - 1
            case UInt8(ascii: "G"), UInt8(ascii: "`"): column = p(0, 1) - 1
            case UInt8(ascii: "K"):
              let mode = n.first.flatMap { $0 } ?? 0
              let range = mode == 0 ? column..<columns : mode == 1 ? 0..<(column + 1) : 0..<columns
              for c in range { touch(row, c) }
            case UInt8(ascii: "J"):
              let mode = n.first.flatMap { $0 } ?? 0
              if mode == 0 {
                for c in column..<columns { touch(row, c) }
                if row + 1 < rows { touchRows((row + 1)...(rows - 1)) }
              } else {
                touchRows(0...(rows - 1))
              }
            case UInt8(ascii: "X"):
              for c in column..<min(columns, column + p(0, 1)) { touch(row, c) }
            case UInt8(ascii: "b"):
              for _ in 0..<p(0, 1) {
                touch(row, column, placeholder: lastWasPlaceholder)
                column += 1
              }
            case UInt8(ascii: "L"): if row <= bottom { shift(row...bottom, up: -p(0, 1)) }
            case UInt8(ascii: "M"): if row <= bottom { shift(row...bottom, up: p(0, 1)) }
            case UInt8(ascii: "S"): shift(top...bottom, up: p(0, 1))
            case UInt8(ascii: "T"): shift(top...bottom, up: -p(0, 1))
            case UInt8(ascii: "r"):
              (top, bottom) = (p(0, 1) - 1, p(1, rows) - 1)
              (row, column) = (0, 0)
            case UInt8(ascii: "@"), UInt8(ascii: "P"):
              for c in column..<columns { touch(row, c) }
            default: break
            }
          }
          i = j + 1
        case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"):
          var j = i + 2
          while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")),
            !(kind == UInt8(ascii: "]") && bytes[j] == 0x07)
          {
            j += 1
          }
          let body = String(decoding: bytes[(i + 2)..<min(j, bytes.count)], as: UTF8.self)
          let before = pictures.count
          if kind == UInt8(ascii: "P"), let size = Self.sixelSize(body) {
            pictures.append(
              Picture(
                row: row, column: column, width: (size.width + cell.width - 1) / cell.width,
                height: (size.height + cell.height - 1) / cell.height, drawnAt: clock))
          } else if kind == UInt8(ascii: "]"), body.hasPrefix("1337;File="),
            let size = Self.itermSize(body)
          {
            pictures.append(
              Picture(
                row: row, column: column, width: size.width, height: size.height, drawnAt: clock))
          }
          if pictures.count > before, let picture = pictures.last {
            for r in picture.row..<min(rows, picture.row + picture.height) where r >= 0 {
              for c in picture.column..<min(columns, picture.column + picture.width) where c >= 0 {
                pixelRows[r][c] = true
              }
            }
          }
          i = j + (kind == UInt8(ascii: "]") && j < bytes.count && bytes[j] == 0x07 ? 1 : 2)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"):
          i += 3  // a character set designation: ESC ( B
        default:
          i += 2
        }
      case 0x0D:
        column = 0
        i += 1
      case 0x0A:
        if row == bottom { shift(top...bottom, up: 1) } else { row += 1 }
        i += 1
      case 0x08:
        column = max(0, column - 1)
        i += 1
      case 0x00..<0x20, 0x7F:
        i += 1
      default:
        // A character: UTF-8 continuation bytes and combining marks take no cell.
        if byte & 0xC0 != 0x80 {
          let scalarStart = i
          var length = 1
          if byte >= 0xF0 {
            length = 4
          } else if byte >= 0xE0 {
            length = 3
          } else if byte >= 0xC0 {
            length = 2
          }
          let end = min(bytes.count, scalarStart + length)
          let scalar = String(decoding: bytes[scalarStart..<end], as: UTF8.self).unicodeScalars
            .first
          if scalar?.properties.generalCategory != .nonspacingMark {
            lastWasPlaceholder = scalar == "\u{10EEEE}"
            touch(row, column, placeholder: lastWasPlaceholder)
            column = min(columns - 1, column + 1)
          }
          i = end
        } else {
          i += 1
        }
      }
    }
  }

  /// Pictures some cell of which nothing wrote over or erased after the picture was drawn.
  var picturesLeftBehind: [Picture] {
    pictures.filter { picture in
      for r in picture.row..<min(rows, picture.row + picture.height) {
        for c in picture.column..<min(columns, picture.column + picture.width)
        where touched[r * columns + c] < picture.drawnAt {
          return true
        }
      }
      return false
    }
  }

  /// A sixel string's size in pixels, from its raster attributes (`"1;1;W;H`).
  static func sixelSize(_ body: String) -> (width: Int, height: Int)? {
    guard let q = body.firstIndex(of: "q") else { return nil }
    let after = body[body.index(after: q)...]
    guard after.hasPrefix("\"") else { return nil }
    let fields = after.dropFirst().prefix { $0.isNumber || $0 == ";" }.split(separator: ";")
    guard fields.count == 4, let w = Int(fields[2]), let h = Int(fields[3]) else { return nil }
    return (w, h)
  }

  /// An iTerm2 file's size in cells, from its `width=` and `height=` arguments.
  static func itermSize(_ body: String) -> (width: Int, height: Int)? {
    let arguments = body.prefix { $0 != ":" }.split(separator: ";")
    var width: Int?
    var height: Int?
    for argument in arguments {
      if argument.hasPrefix("width=") { width = Int(argument.dropFirst(6)) }
      if argument.hasPrefix("height=") { height = Int(argument.dropFirst(7)) }
    }
    guard let width, let height else { return nil }
    return (width, height)
  }
}
