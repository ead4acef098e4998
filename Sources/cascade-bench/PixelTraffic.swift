import BrowserCore
import BrowserShell
import Glibc
import PictureCells
import PictureKit
import Pictures

/// What each way of drawing pictures costs a terminal: the bytes of the first screen with every
/// picture drawn, of a one-row scroll after it, and the time from decoded pictures to that
/// first screen written — measured through a headless ncurses writing to a temporary file, with
/// the same code the browser runs (the uploads, the overlay erase and redraw).
enum PixelTraffic {
  struct Measurement: Sendable {
    var screenBytes: Int
    var scrollBytes: Int
    var seconds: Double
    var pictures: Int
  }

  /// Draws every picture `state` asks for with `pictureProtocol` from `image(key)` (scaled to
  /// the key's cells here, as the loader does after decoding), then the screen, then the
  /// screen scrolled by one row.
  /// - Parameter state: a state just started, whose picture requests are `keys`.
  static func measure(
    _ state: BrowserState, keys: [PictureKey], image: (PictureKey) -> RGBAImage?,
    protocol pictureProtocol: PictureProtocol, cell: PixelSize = PictureDecision.assumedCell
  ) throws(TerminalError) -> Measurement {
    try HeadlessScreen.run(type: "xterm-256color", size: state.screen) { terminal, written in
      terminal.erase()
      terminal.present()
      let blank = written()
      return measure(
        state, keys: keys, image: image, protocol: pictureProtocol, cell: cell,
        terminal: terminal, written: written, blank: blank)
    }
  }

  private static func measure(
    _ state: BrowserState, keys: [PictureKey], image: (PictureKey) -> RGBAImage?,
    protocol pictureProtocol: PictureProtocol, cell: PixelSize, terminal: Terminal,
    written: () -> Int, blank: Int
  ) -> Measurement {
    var state = state
    let cache = PictureCache(budget: 1 << 30)
    let uploads = KittyUploads(insideTmux: false)
    // Only sixel and iTerm2 keep pictures in it here; kitty sends uploads.
    let overlay = OverlayPictures(
      protocol: pictureProtocol == .iterm ? .iterm : .sixel, cell: cell, budget: 1 << 30)
    let renderer = SymbolRenderer(colorMode: .palette256)
    let view = BrowserView(theme: Theme())
    func frame() -> Int {
      var canvas = CursesCanvas(terminal: terminal)
      view.draw(state, pictures: cache.drawn(for: state), into: &canvas)
      terminal.writeBetweenFrames(uploads.take())
      if pictureProtocol == .sixel || pictureProtocol == .iterm {
        overlay.update(canvas.overlays, terminal: terminal) { terminal.present() }
      } else {
        terminal.present()
      }
      return written()
    }

    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    for key in keys {
      guard let source = image(key) else { continue }
      let pixels =
        pictureProtocol == .symbols
        ? PictureFit.decodeSize(columns: key.columns, rows: key.rows)
        : (key.columns * cell.width, key.rows * cell.height)
      let scaled = source.scaled(toFit: pixels)
      switch pictureProtocol {
      case .symbols, .off:
        cache.insert(
          renderer.render(
            rgba: scaled.pixels, width: scaled.width, height: scaled.height,
            columns: key.columns, rows: key.rows), for: key)
      case .kitty:
        guard let png = PNGEncoder.encode(scaled) else { continue }
        let rows = min(key.rows, KittyPlaceholder.maximumRows)
        let (id, _) = uploads.send(png: png, columns: key.columns, rows: rows, for: key)
        cache.insert(
          .placeholder(
            KittyPlaceholder(imageID: id, direct: false), columns: key.columns, rows: rows),
          for: key)
      case .sixel, .iterm:
        guard let id = overlay.keep(scaled, columns: key.columns, rows: key.rows) else { continue }
        cache.insert(.overlay(id, columns: key.columns, rows: key.rows), for: key)
      }
      _ = state.update(.pictureLoaded(key, failure: nil))
    }
    let screen = frame()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    _ = state.update(.action(.scroll(1)))
    let scrolled = frame()
    return Measurement(
      screenBytes: screen - blank, scrollBytes: scrolled - screen,
      seconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
      pictures: keys.count)
  }
}
