import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import PictureCells
import PictureKit

/// `cascade print [FEED]`: the waterfall's first screen (or its whole first page), pictures
/// included, written to standard output with ANSI colours; exits once every picture in it is
/// drawn or has failed. A contact sheet for a README, a pipe or a quick look, and the path the
/// picture benchmarks time.
enum PrintCommand {
  static func run(arguments: [String]) async -> Int32 {
    let options: Settings
    do {
      options = try OptionParser.parse(arguments, for: .print)
    } catch {
      Console.error(error.description)
      return 2
    }
    if let status = StandardAnswers.answer(options, for: .print, help: HelpText.print) {
      return status
    }
    guard let source = FeedArgument.source(options.feeds, help: "cascade print --help") else {
      return 2
    }
    let session = FeedSession(source: source, options: options.load)
    let first = await session.refresh()
    if case .failed(let error) = first {
      Console.error(error.message(naming: .commandLine))
      return 1
    }
    // The sheet has no status line: what was left out is said on stderr, as `layout` does.
    var skipped = SkipReport()
    if case .replaced(_, let report, _) = first { skipped = report }
    FeedArgument.reportSkipped(skipped)
    let terminal = terminalSize()
    let width = options.print.width ?? terminal?.columns ?? 80
    var height = options.print.height ?? terminal.map { max(1, $0.rows - 1) } ?? 24
    var settings = options.pictures.settings(for: source, load: options.load)
    // A sheet stands still: a moving picture shows its first frame, marked as moving.
    settings.animations = false
    // A mode asked for by name is the mode: the sheet may go anywhere (a file read later, a
    // terminal TERM does not describe), so only `auto` goes by the environment, NO_COLOR
    // included; a mode named, or colours the config file chose, override NO_COLOR (as
    // no-color.org asks, and as in the browser).
    var environment = ProcessInfo.processInfo.environment
    if !options.theme.isEmpty { environment["NO_COLOR"] = nil }
    var colorMode = settings.color.mode(
      colorCount: settings.color == .auto
        ? Self.colorCount(environment: environment, toTerminal: isatty(1) == 1) : 1 << 24)
    if options.pictures.protocolName == "off" { colorMode = nil }
    var browser = options.browser
    browser.feedName = source.displayName
    // The sheet stands still: its moving pictures are marked as such.
    browser.animations = false
    // Without colours there are no pictures to draw: the boxes say their sizes, as in the
    // browser, instead of waiting for pictures that never come.
    if colorMode == nil { browser.pictures = false }
    var state = BrowserState(
      options: browser, screen: CanvasSize(columns: width, rows: height + 1))
    state.readerTime = LocalClock.readerTime()
    // Sizes a feed leaves out are read before the sheet is drawn: it cannot be laid out again.
    let started = state.update(.started(first, title: await session.title))
    await SizeProber.settle(
      started, in: &state, source: source, options: options.load, cache: settings.diskCache)
    // The whole feed: as tall as its content, again while sizes read late change that height.
    while options.print.all, height != max(1, state.contentRows) {
      height = max(1, state.contentRows)
      let resized = state.update(.resized(CanvasSize(columns: width, rows: height + 1)))
      await SizeProber.settle(
        resized, in: &state, source: source, options: options.load, cache: settings.diskCache)
    }
    if let report = state.sizeFailureReport { Console.error(report) }
    // A sheet of the default height ends at a whole box: it ended half-way through one, with
    // no caption and no bottom border.
    if !options.print.all, options.print.height == nil {
      // Laid out a few sheets tall, to find the end of a box the sheet would cut.
      let tall = max(height, min(state.contentRows, 4 * height))
      var resized = state.update(.resized(CanvasSize(columns: width, rows: tall + 1)))
      await SizeProber.settle(
        resized, in: &state, source: source, options: options.load, cache: settings.diskCache)
      height = Self.wholeBoxRows(state.visibleBoxes().map(\.rect), within: height, upTo: tall)
      resized = state.update(.resized(CanvasSize(columns: width, rows: height + 1)))
      await SizeProber.settle(
        resized, in: &state, source: source, options: options.load, cache: settings.diskCache)
    }
    let cache = PictureCache(budget: Int.max)
    var pixels = SheetPixels(kitty: nil, overlay: nil)
    if let colorMode, state.picturesShown {
      settings.decision = pictureDecision(options.pictures)
      let made = PixelPictures(settings.decision, colorMode: colorMode, budget: Int.max)
      pixels = SheetPixels(kitty: made.kitty, overlay: made.overlay)
      await drawPictures(
        in: &state, settings: settings, colorMode: colorMode, pixels: pixels, cache: cache)
    }
    let theme = Theme.detect(
      isUTF8: true, colorCount: colorMode == nil ? 0 : 256,
      noColor: Theme.noColor(ProcessInfo.processInfo.environment["NO_COLOR"]), custom: options.theme
    )
    var canvas = SheetCanvas(columns: width, rows: height + 1)
    BrowserView(theme: theme, pictureColors: colorMode)
      .draw(state, pictures: cache.drawn(for: state), into: &canvas)
    if let kitty = pixels.kitty {
      Console.out(String(decoding: kitty.uploads.take(), as: UTF8.self))
    }
    Console.out(ANSIText.lines(of: canvas.cells, rows: 0..<height, colorMode: colorMode))
    if let overlay = pixels.overlay {
      Console.out(
        String(
          decoding: pixels.overPrinted(
            canvas.overlays, from: overlay, sheetRows: height, screenRows: terminal?.rows),
          as: UTF8.self))
    }
    return FeedArgument.status(source, of: options.feeds, skipped: skipped)
  }

  /// The rows of a sheet that cuts no box, near `rows`: the bottom of the last whole box if
  /// that leaves at least half the sheet, else the end of the one box `rows` would cut (up to
  /// `limit`: a single column's tall box); `rows` when columns never end together near it.
  static func wholeBoxRows(_ boxes: [CellRect], within rows: Int, upTo limit: Int) -> Int {
    let ends = Set(boxes.map(\.bottom) + [rows]).sorted()
    func cut(at end: Int) -> [CellRect] { boxes.filter { $0.row < end && $0.bottom > end } }
    if let shorter = ends.last(where: { $0 <= rows && cut(at: $0).isEmpty }), shorter * 2 >= rows {
      return shorter
    }
    // Growing past a box in one column would cut the next box of another.
    let crossing = cut(at: rows)
    guard crossing.count == 1, let box = crossing.first, box.bottom <= limit,
      cut(at: box.bottom).isEmpty
    else { return rows }
    return box.bottom
  }

  /// How pictures are drawn on the sheet: asked of the terminal only when the sheet goes to
  /// one (a file is read later, elsewhere), or when `--pictures` names a pixel protocol
  /// (symbols ask only for the background, which a file's later reader may not share).
  private static func pictureDecision(_ options: PictureOptions) -> PictureDecision? {
    let choice = PictureChoice(name: options.protocolName) ?? .auto
    guard (choice != .auto && choice != .only(.symbols)) || isatty(1) == 1 else { return nil }
    return PictureProbing.probe(options).decision
  }

  /// Fetches and draws the pictures of the boxes on the sheet, and waits for every one.
  private static func drawPictures(
    in state: inout BrowserState, settings: PictureSettings, colorMode: CellColorMode,
    pixels: SheetPixels, cache: PictureCache
  ) async {
    var keys: [PictureKey] = []
    for box in state.visibleBoxes() {
      if case .item(let i) = box.content, !state.hidesPicture(ofItem: i),
        let key = state.pictureKey(forItem: i, in: box.rect)
      {
        keys.append(key)
      }
    }
    var waiting = Set(keys)
    guard !waiting.isEmpty else { return }
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    var configuration = PictureLoader.Configuration(settings, colorMode: colorMode)
    configuration.cellAspect = state.geometry.cellAspect
    configuration.jobs = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
    configuration.kitty = pixels.kitty
    configuration.overlay = pixels.overlay
    let loader = PictureLoader(configuration, cache: cache) { sink.yield($0) }
    loader.load(keys)
    var failures: [(url: String, reason: String)] = []
    for await event in events {
      guard case .pictureLoaded(let key, let failure) = event else { continue }
      _ = state.update(event)
      if let failure, waiting.contains(key) { failures.append((key.url, failure)) }
      waiting.remove(key)
      if waiting.isEmpty { break }
    }
    sink.finish()
    if let report = failureReport(failures) { Console.error(report) }
  }

  /// Why boxes on the sheet say "no picture", on standard error as the sizes' failures are:
  /// the count and the first in the sheet's order, named with its address.
  static func failureReport(_ failures: [(url: String, reason: String)]) -> String? {
    guard let first = failures.min(by: { $0.url < $1.url }) else { return nil }
    let named = first.reason.hasPrefix(first.url) ? first.reason : "\(first.url): \(first.reason)"
    let count = failures.count == 1 ? "1 picture" : "\(failures.count) pictures"
    return "could not draw \(count) (first: \(named))"
  }

  /// The terminal's size when standard output is one.
  private static func terminalSize() -> CanvasSize? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0,
      size.ws_row > 0
    else { return nil }
    return CanvasSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// How many colours the output can show, for `--color auto`: none where `NO_COLOR` is set
  /// and not empty or `TERM` is `dumb` (whose user wants plain text, even in a pipe: `TERM=dumb
  /// cascade print | less`); 24-bit where `COLORTERM` says so, 256 for a pipe (a file is read
  /// later, most often by a modern terminal), else what terminfo gives `TERM` (256 for
  /// `xterm-kitty` and `*256color`), or 256 for a `TERM` it has no entry for (kitty's,
  /// Ghostty's over ssh), as the browser draws those.
  static func colorCount(environment: [String: String], toTerminal: Bool) -> Int {
    let term = environment["TERM"] ?? ""
    if Theme.noColor(environment["NO_COLOR"]) || term == "dumb" { return 0 }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return 1 << 24 }
    if term.hasSuffix("-direct") { return 1 << 24 }
    if term.contains("256color") || !toTerminal { return 256 }
    if term.isEmpty { return 0 }
    guard let colors = TerminalType.installedColors(term) else { return 256 }
    return max(colors, 16)
  }
}
