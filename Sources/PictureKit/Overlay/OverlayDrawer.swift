import BrowserCore
import Pictures

/// One way of drawing pictures over curses' frame — sixel, iTerm2's inline files, kitty's
/// placements — behind the one seam `OverlayPictures` drives: what to keep of a picture, how
/// to draw some of its rows at the cursor, how to take a drawing off the screen, and what to
/// free when a picture is forgotten. A new protocol drawn over the frame is one more of these.
package protocol OverlayDrawer: Sendable {
  /// How the protocol shows a moving picture.
  var motion: OverlayMotion { get }
  /// Whether the terminal drops every picture of this protocol when the program leaves the
  /// alternate screen (Ctrl-Z, a program run in the foreground): they are forgotten then and
  /// sent again on return.
  var lostWithTheScreen: Bool { get }
  /// The bytes that take every drawing off the screen if the program dies before it can
  /// (written from the crash handler); empty where nothing outlives the program's screen.
  var crashCleanup: [UInt8] { get }
  /// What is kept of `image` (scaled to its `columns` × `rows` cells' pixels) to draw it as
  /// image `id`, and the bytes that hand it to the terminal before it is first drawn (kitty's
  /// transmission); nil when it cannot be encoded.
  func keep(_ image: RGBAImage, columns: Int, rows: Int, id: UInt32) -> KeptOverlay?
  /// The same for a moving picture, `image` its first frame: a terminal that plays animations
  /// gets them with the picture; the others keep the first frame.
  func keep(
    _ image: RGBAImage, animation: PixelAnimation, columns: Int, rows: Int, id: UInt32
  ) -> KeptOverlay?
  /// What stops or plays again the animation of picture `id`, kept moving.
  func play(id: UInt32, playing: Bool) -> [UInt8]
  /// The bytes that draw `rows` (cell rows of the picture) of `kept`, kept as `id`, with the
  /// cursor at the top left cell they go to. The cursor is saved around them by the caller.
  func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>) -> [UInt8]
  /// The same for frame `frame` of a moving picture kept with its frames (sixel); frame 0 is
  /// the picture's own.
  func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>, frame: Int) -> [UInt8]
  /// The bytes that draw `placement` of `kept`: its rows and columns in view (a picture cut
  /// by the view's edges), its frame, and its copy (the picture's placement counted in its
  /// frame, which kitty keys each placement by; the others draw every copy alike).
  func draw(_ kept: KeptOverlay, placement: OverlayPlacement) -> [UInt8]
  /// The bytes that draw `part`, pixels cut from a kept picture, over `columns` × `rows`
  /// cells (sixel, iTerm2); empty where the terminal holds the pixels (kitty).
  func encodePart(_ part: RGBAImage, columns: Int, rows: Int) -> [UInt8]
  /// The bytes that take `placement`, drawn before, off the screen (the cursor is saved
  /// around them by the caller). `staying` says whether the same placement (picture and copy)
  /// is drawn again in the same frame, elsewhere or cut otherwise.
  func erase(_ placement: OverlayPlacement, staying: Bool) -> [UInt8]
  /// The bytes that free picture `id` in the terminal once it is forgotten.
  func forget(id: UInt32) -> [UInt8]
  /// The bytes that take every drawing off a screen curses is about to repaint whole; empty
  /// where the repaint's own blanks do it.
  func clearScreen() -> [UInt8]
}

/// What an `OverlayDrawer` keeps of one picture.
package struct KeptOverlay: Sendable {
  package var columns: Int
  package var rows: Int
  /// The bytes that draw it whole, made once: most pictures are drawn whole.
  package var whole: [UInt8]
  /// The scaled pixels, for drawing a part (sixel, iTerm2); nil where the terminal holds them.
  package var image: RGBAImage?
  /// The size in pixels of the picture as the terminal has it (kitty's source rectangles).
  package var pixelWidth: Int
  package var pixelHeight: Int
  /// Bytes for the terminal before the picture is first drawn, and again whenever the
  /// terminal may have dropped them (kitty's transmission).
  package var upload: [UInt8] = []
  /// Whether the terminal plays it as an animation.
  package var moving = false
  /// A moving picture's frames after its first, at the same pixels, for a terminal shown
  /// one frame at a time (sixel); empty otherwise.
  package var frames: [RGBAImage] = []

  /// The memory it holds.
  package var byteCount: Int {
    whole.count + upload.count + (image?.pixels.count ?? 0)
      + frames.reduce(0) { $0 + $1.pixels.count } + 64
  }

  /// The pixel rows of the picture that cell rows `rows` show.
  package func pixelRows(_ rows: Range<Int>) -> Range<Int> {
    guard self.rows > 0 else { return 0..<0 }
    let top = rows.lowerBound * pixelHeight / self.rows
    let bottom = min(pixelHeight, rows.upperBound * pixelHeight / self.rows)
    return top..<max(top, bottom)
  }

  /// The pixel columns of the picture that cell columns `columns` show.
  package func pixelColumns(_ columns: Range<Int>) -> Range<Int> {
    guard self.columns > 0 else { return 0..<0 }
    let left = columns.lowerBound * pixelWidth / self.columns
    let right = min(pixelWidth, columns.upperBound * pixelWidth / self.columns)
    return left..<max(left, right)
  }

  /// `image`'s (or frame `frame`'s) pixels that cell rows `rows` (and cell columns
  /// `columns`, all when nil) show, as a picture of their own.
  package func cut(_ rows: Range<Int>, columns: Range<Int>? = nil, frame: Int = 0) -> RGBAImage? {
    guard let image = frame > 0 && frame <= frames.count ? frames[frame - 1] : image else {
      return nil
    }
    let pixels = pixelRows(rows)
    let across = columns.map(pixelColumns) ?? 0..<image.width
    guard !pixels.isEmpty, !across.isEmpty, across.upperBound <= image.width else { return nil }
    if across == 0..<image.width {
      let start = pixels.lowerBound * image.bytesPerRow
      let end = pixels.upperBound * image.bytesPerRow
      return RGBAImage(
        width: image.width, height: pixels.count, pixels: Array(image.pixels[start..<end]))
    }
    var cut: [UInt8] = []
    cut.reserveCapacity(pixels.count * across.count * 4)
    for y in pixels {
      let row = y * image.bytesPerRow
      cut += image.pixels[(row + across.lowerBound * 4)..<(row + across.upperBound * 4)]
    }
    return RGBAImage(width: across.count, height: pixels.count, pixels: cut)
  }
}

extension OverlayDrawer {
  package func clearScreen() -> [UInt8] { [] }

  package var lostWithTheScreen: Bool { false }

  package var crashCleanup: [UInt8] { [] }

  package func keep(
    _ image: RGBAImage, animation: PixelAnimation, columns: Int, rows: Int, id: UInt32
  ) -> KeptOverlay? {
    keep(image, columns: columns, rows: rows, id: id)
  }

  package func play(id: UInt32, playing: Bool) -> [UInt8] { [] }

  package func draw(_ kept: KeptOverlay, id: UInt32, rows: Range<Int>, frame: Int) -> [UInt8] {
    draw(kept, id: id, rows: rows)
  }

  /// Pictures kept as pixels (sixel, iTerm2): cut at the columns too where the view cuts them,
  /// a part encoded from the kept pixels.
  package func draw(_ kept: KeptOverlay, placement: OverlayPlacement) -> [UInt8] {
    if placement.columns == 0..<kept.columns || kept.columns == 0 {
      return draw(kept, id: placement.id, rows: placement.rows, frame: placement.frame)
    }
    guard
      let part = kept.cut(placement.rows, columns: placement.columns, frame: placement.frame)
    else { return [] }
    return encodePart(part, columns: placement.area.width, rows: placement.area.height)
  }

  package func encodePart(_ part: RGBAImage, columns: Int, rows: Int) -> [UInt8] { [] }

  /// Blank cells over each row of the placement (ECH), which takes a picture's pixels with
  /// the characters, and which curses already takes for blank: its idea of the screen stays
  /// true, and nothing of the picture is left for a terminal scroll to carry elsewhere.
  package static func blanking(_ area: CellRect) -> [UInt8] {
    guard area.width > 0 else { return [] }
    var bytes: [UInt8] = []
    for row in area.row..<(area.row + area.height) {
      bytes += Array("\u{1B}[\(row + 1);\(area.column + 1)H\u{1B}[\(area.width)X".utf8)
    }
    return bytes
  }
}
