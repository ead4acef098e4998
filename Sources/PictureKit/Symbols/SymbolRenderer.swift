import CChafa
import PictureCells

/// Turns decoded RGBA pixels into terminal cells with libchafa: per cell, the symbol and the two
/// colours that best match that part of the picture.
///
/// chafa hands back characters and colours rather than escape codes, so the picture reaches the
/// screen as ordinary curses cells and the terminal library keeps owning scrolling and updates.
///
/// Thread safety: a value holding only settings. Every `render` builds its own chafa symbol map,
/// configuration and canvas and releases them before it returns, so any number of threads may
/// render at once; building them costs about 0.2 ms, against 3–6 ms to draw a 40×20-cell box.
/// What chafa shares between calls is its own process-wide state (CPU feature detection and its
/// worker thread pool), which it guards itself.
public struct SymbolRenderer: Sendable {
  public var colorMode: CellColorMode
  public var symbols: SymbolSet
  /// The colour, `0xRRGGBB`, that partly transparent pixels are laid over: the terminal's
  /// background when it answered the question (`TerminalAnswers.background`), else black.
  /// Cells with no visible pixel at all take the terminal's default colour instead.
  public var background: UInt32
  /// chafa's effort per cell, 0…1: how many candidate symbols it tries. Measured on the sample
  /// pictures in 40×20-cell boxes: from 0.3 up the error against the picture stops falling,
  /// while 1.0 took 4–9 times as long with the box-drawing symbols in the set, so 0.3.
  public var workFactor: Float

  public init(
    colorMode: CellColorMode, symbols: SymbolSet = .blocks, background: UInt32 = 0x000000,
    workFactor: Float = 0.3
  ) {
    self.colorMode = colorMode
    self.symbols = symbols
    self.background = background & 0xFF_FFFF
    self.workFactor = min(1, max(0, workFactor))
  }

  /// Draws `width` × `height` pixels (RGBA, 8 bits a channel, not premultiplied, rows packed
  /// without padding) into exactly `columns` × `rows` cells, stretching the picture to fill them:
  /// keeping its aspect is the caller's choice of cell size (see `PictureFit.fit`).
  ///
  /// An empty size gives an empty picture, and a picture without pixels gives cells of the
  /// background colour: no picture a decoder hands over makes it fail.
  ///
  /// - Precondition: `rgba.count == width * height * 4`.
  /// - Complexity: O(width × height + columns × rows × symbols tried).
  public func render(
    rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, columns: Int, rows: Int
  ) -> SymbolPicture {
    precondition(width >= 0 && height >= 0, "a picture has no negative size")
    precondition(
      rgba.count == width * height * 4,
      "\(width)×\(height) RGBA pixels need \(width * height * 4) bytes, got \(rgba.count)")
    guard columns > 0, rows > 0 else { return SymbolPicture(columns: 0, rows: 0, cells: []) }
    guard width > 0, height > 0, let base = rgba.baseAddress else {
      return blank(columns: columns, rows: rows)
    }
    if rgba.allOpaque {
      return draw(base, width: width, height: height, columns: columns, rows: rows)
    }
    // Soft edges are laid over the background (the terminal's own, when it said which), so
    // they fade as they should; cells with nothing under them show the terminal's background
    // itself, so a logo on a transparent canvas is no dark slab on a light terminal.
    let clear = rgba.clearCells(width: width, height: height, columns: columns, rows: rows)
    let flattened = rgba.composited(over: background)
    let drawn = flattened.withUnsafeBufferPointer { pixels in
      guard let flatBase = pixels.baseAddress else {
        preconditionFailure("a non-empty array has storage")
      }
      return draw(flatBase, width: width, height: height, columns: columns, rows: rows)
    }
    guard clear.contains(true) else { return drawn }
    let through = SymbolCell(
      scalar: " ", foreground: .terminalDefault, background: .terminalDefault)
    var cells = drawn.cells
    for index in clear.indices where clear[index] { cells[index] = through }
    return SymbolPicture(columns: columns, rows: rows, cells: cells)
  }

  /// `render(rgba:width:height:columns:rows:)` for pixels held in an array.
  public func render(rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int)
    -> SymbolPicture
  {
    rgba.withUnsafeBufferPointer {
      render(rgba: $0, width: width, height: height, columns: columns, rows: rows)
    }
  }

  private func draw(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, columns: Int, rows: Int
  ) -> SymbolPicture {
    let map = chafa_symbol_map_new()
    defer { chafa_symbol_map_unref(map) }
    chafa_symbol_map_add_by_tags(map, symbols.chafaTags)
    // Wide symbols would take two columns; an inverted symbol is another one with its colours
    // swapped, which chafa finds anyway, so leaving them out halves the search for nothing lost.
    chafa_symbol_map_remove_by_tags(
      map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_INVERTED.rawValue))

    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_canvas_mode(config, colorMode.chafaMode)
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
    chafa_canvas_config_set_symbol_map(config, map)
    chafa_canvas_config_set_work_factor(config, workFactor)
    chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
    chafa_canvas_config_set_bg_color(config, background)

    let canvas = chafa_canvas_new(config)
    defer { chafa_canvas_unref(canvas) }
    chafa_canvas_draw_all_pixels(
      canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, Int32(width), Int32(height),
      Int32(width * 4))

    var cells: [SymbolCell] = []
    cells.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        let code = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
        var foreground: Int32 = -1
        var background: Int32 = -1
        // The raw colours are what the canvas mode holds: 0xRRGGBB in truecolor, a palette
        // index in the indexed modes (where `get_colors_at` answers in RGB instead).
        chafa_canvas_get_raw_colors_at(
          canvas, Int32(column), Int32(row), &foreground, &background)
        cells.append(
          cell(
            Unicode.Scalar(code) ?? " ", foreground: color(foreground),
            background: color(background)))
      }
    }
    return SymbolPicture(columns: columns, rows: rows, cells: cells)
  }

  /// A cell whose symbol shows only one of its colours gets that colour for both: chafa leaves
  /// the hidden one at whatever it held (black, or palette index 0 outside the 240 colours), and
  /// one colour instead of two lets the caller reuse colour pairs.
  private func cell(_ scalar: Unicode.Scalar, foreground: CellColor, background: CellColor)
    -> SymbolCell
  {
    switch scalar {
    case " ": SymbolCell(scalar: scalar, foreground: background, background: background)
    case "\u{2588}": SymbolCell(scalar: scalar, foreground: foreground, background: foreground)
    default: SymbolCell(scalar: scalar, foreground: foreground, background: background)
    }
  }

  /// chafa answers -1 for a transparent colour; pixels are opaque by the time chafa sees them,
  /// but a cell that still says so gets the background rather than a wrong colour.
  private func color(_ value: Int32) -> CellColor {
    switch colorMode {
    case .direct:
      return .rgb(value < 0 ? background : UInt32(value) & 0xFF_FFFF)
    case .palette256, .palette16:
      return .palette(value < 0 ? 0 : UInt8(truncatingIfNeeded: value))
    }
  }

  /// Cells of the background colour, drawn by chafa so that a palette mode gets its nearest
  /// palette colour.
  private func blank(columns: Int, rows: Int) -> SymbolPicture {
    let pixel: [UInt8] = [
      UInt8(background >> 16 & 0xFF), UInt8(background >> 8 & 0xFF), UInt8(background & 0xFF), 0xFF,
    ]
    return pixel.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else {
        preconditionFailure("a four-byte array has storage")
      }
      return draw(base, width: 1, height: 1, columns: columns, rows: rows)
    }
  }
}

extension CellColorMode {
  fileprivate var chafaMode: ChafaCanvasMode {
    switch self {
    case .direct: CHAFA_CANVAS_MODE_TRUECOLOR
    case .palette256: CHAFA_CANVAS_MODE_INDEXED_240
    case .palette16: CHAFA_CANVAS_MODE_INDEXED_16
    }
  }
}

extension SymbolSet {
  fileprivate var chafaTags: ChafaSymbolTags {
    let blocks =
      CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
      | CHAFA_SYMBOL_TAG_SPACE.rawValue
    switch self {
    case .blocks: return ChafaSymbolTags(blocks)
    case .blocksAndSextants: return ChafaSymbolTags(blocks | CHAFA_SYMBOL_TAG_SEXTANT.rawValue)
    case .ascii:
      return ChafaSymbolTags(CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_ASCII.rawValue)
    }
  }
}
