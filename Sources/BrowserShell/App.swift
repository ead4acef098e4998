import BrowserCore
import FeedKit
import FeedModel
import Glibc
import PictureCells
import PictureKit

/// The browser's main loop: input, loads and signals in, frames out.
///
/// Each turn draws a frame when one is due (`FramePacing`), then blocks in `poll()` on the
/// terminal's input and a self-pipe (`WakePipe`) until something comes or a time is up, then
/// takes the events of each source in turn — signals, results of effects from the `Mailbox`,
/// Ctrl-Z and `fg` (`JobControl`), a load's progress, timers (`Timers`), keys (`KeyInput`),
/// moving pictures — and hands them to the state, whose effects `EffectRunner` runs.
/// Background work posts its results to the mailbox and writes a byte to the pipe; the
/// handlers of `endingSignals`, SIGWINCH, SIGTSTP and SIGCONT write theirs too, so that
/// suspending and resuming happen here, between frames. Only this thread touches ncurses.
/// Every way out — quit, a signal, an error — goes through `Terminal.restore()`; traps go
/// through `CrashGuard`.
public struct BrowserApp {
  let feed: any FeedPaging
  let options: BrowserOptions
  let pictureSettings: PictureSettings?
  let colors: ThemeColors
  /// The keys in force: the key table's, with the config file's rebinding.
  let keys: KeyBindings
  /// How far the running load has got (the feed's loaders write it), shown while it runs.
  let progress: LoadProgress?
  /// The terminfo entry to draw with, and why, when it is not `TERM`'s.
  let terminalType: TerminalType?

  /// - Parameters:
  ///   - pictures: how to draw pictures; nil for none.
  ///   - colors: the interface's colours from the config file, over the terminal's defaults.
  ///   - keys: the keys in force.
  public init(
    feed: any FeedPaging, options: BrowserOptions, pictures: PictureSettings? = nil,
    colors: ThemeColors = ThemeColors(), keys: KeyBindings = .standard,
    progress: LoadProgress? = nil, terminalType: TerminalType? = nil
  ) {
    self.terminalType = terminalType
    self.keys = keys
    self.feed = feed
    self.options = options
    self.pictureSettings = pictures
    self.colors = colors
    self.progress = progress
  }

  /// Runs the browser on a feed already loaded once; returns the exit status: 0 after quit,
  /// 128 + the signal after one of `endingSignals`, 1 if the terminal cannot be used.
  /// - Parameters:
  ///   - first: page 1 as loaded, or its first items (`.partial`) while `opening` decodes the
  ///     rest.
  ///   - resume: the place to open at, from an earlier run (`cascade --last`).
  ///   - opening: the first load, when it may still be running: its later pieces come in as
  ///     events.
  ///   - typedAhead: keys typed before the browser took the terminal that something else read
  ///     (the terminal probe, `TerminalAnswers.typed`): the browser's first keys.
  ///   - leaving: told the reader's place once the browser has ended, quit or signal, so that
  ///     the caller can remember it; and, of the followed feeds, the items refreshes brought
  ///     on this visit, by feed name (`BrowserState.arrivals`), to record them as seen.
  public func run(
    first: FeedUpdate, title: String? = nil, resume: ReadingPlace? = nil,
    opening: OpeningLoad? = nil, typedAhead: [UInt8] = [],
    leaving: (ReadingPlace?, [String: [UInt64]]) -> Void = { _, _ in }
  ) -> Int32 {
    let wake = WakePipe()
    guard let wake else {
      printError("cannot create a pipe: \(String(cString: strerror(errno)))")
      return 1
    }
    let terminal: Terminal
    do {
      terminal = try Terminal(
        type: terminalType?.name, mouse: options.mouse,
        stillPixels: pictureSettings?.decision?.drawsOverFrame == true)
    } catch {
      printError("\(error)")
      return 1
    }
    wake.installSignalHandlers()
    wake.input = terminal.inputDescriptor
    let theme = Theme.detect(
      isUTF8: terminal.isUTF8, colorCount: terminal.colorCount,
      noColor: Theme.noColor(getenv("NO_COLOR").map { String(cString: $0) }),
      custom: colors, background: pictureSettings?.decision?.background)
    let mailbox = Mailbox()
    let post: @Sendable (Event) -> Void = { event in
      mailbox.post(event)
      wake.wake()
    }
    let (colorMode, pictures, loader) = setUpPictures(on: terminal, post: post)
    var options = options
    if colorMode == nil { options.pictures = false }
    var state = BrowserState(options: options, screen: terminal.size)
    state.readerTime = LocalClock.readerTime()
    let view = BrowserView(theme: theme, keys: keys, pictureColors: colorMode)
    var effects = EffectRunner(
      feed: feed, options: options, pictureSettings: pictureSettings, terminal: terminal,
      mailbox: mailbox, wake: wake, loader: loader, pictures: pictures)
    var running = start(
      &state, effects: &effects, first: first, title: title,
      tooFewColours: colorMode == nil ? terminal.colorCount : nil)
    // The rest of a page shown while it is decoded, as the load the state now waits for.
    if let opening, let request = state.loading {
      opening.listen { piece in post(.loaded(piece.update, request, title: piece.title)) }
    }
    if let resume { running = effects.perform(state.resume(at: resume)) && running }

    var status: Int32 = 0
    var pacing = FramePacing()
    var jobControl = JobControl()
    var keyInput = KeyInput(bindings: keys, typedAhead: typedAhead)
    while running {
      if pacing.frameDue {
        state.readerTime.now = LocalClock.now()
        let next = pictures.drawFrame(state, view: view, terminal: terminal)
        pacing.frameSent(at: .now, nextAnimationFrame: next)
      }
      let (input, signals) = wake.waitForInput(
        timeout: waitTimeout(state, timers: effects.timers, pacing: pacing, keys: keyInput))

      // Each source of events in turn. Signals that end the browser:
      if let ending = signals.first(where: endingSignals.contains) {
        status = 128 + ending
        break
      }
      // Results of effects: pages, pictures, copies, openers.
      var events = SizeProber.coalesced(mailbox.take())
      // Ctrl-Z, `fg`, `bg`.
      events += jobControl.handle(signals, terminal: terminal, pictures: pictures)
      // A load's progress, a few times a second.
      if state.loading != nil, let snapshot = progress?.snapshot, snapshot.isLoading {
        events.append(.loadProgress(snapshot))
      }
      // A free scroll (the carousel's wheel) ends when no input came for a moment.
      if !input, state.isSliding { events.append(.idle) }
      // The message's time, and alarms.
      events += effects.timers.due(at: .now)
      // Keys, clicks, resizes.
      let typed = keyInput.read(from: terminal, typing: state.isTypingSearch) {
        pictures.forgetDrawn(terminal)
      }
      // Moving pictures in view: their clock goes on by the time that passed, after the keys
      // when both are due.
      if let milliseconds = pacing.animationTick(at: .now, keysRead: typed.read) {
        events.append(.animationTick(milliseconds: milliseconds))
      }
      events += typed.events

      let wasPlaying = state.animationsPlaying
      for event in events where running {
        running = effects.perform(state.update(event))
      }
      // kitty plays its animations itself: `a` stops or plays them there too.
      if state.animationsPlaying != wasPlaying {
        pictures.play(state.animationsPlaying, terminal: terminal)
      }
      pacing.turnEnded(at: .now, input: input, events: events)
    }
    pictures.removeAll(terminal)
    terminal.restore()
    effects.viewerFolder.remove()
    leaving(state.readingPlace, state.arrivals)
    return status
  }

  /// How pictures are drawn on `terminal`: the colours they are drawn in (nil: not drawn),
  /// what the terminal holds of them, and the loader that fetches and decodes them, whose
  /// results `post` sends to the loop.
  private func setUpPictures(
    on terminal: Terminal, post: @escaping @Sendable (Event) -> Void
  ) -> (colorMode: CellColorMode?, pictures: TerminalPictures, loader: PictureLoader?) {
    let decision = pictureSettings?.decision
    var colorMode = pictureSettings?.color.mode(colorCount: terminal.colorCount)
    // Pictures drawn over the frame need no colours of the terminal's: only what stands in
    // for them (a feed's placeholder colour) is drawn in the few it has.
    let pixelsWithoutColours =
      colorMode == nil && pictureSettings?.color != ColorChoice.none
      && decision?.drawsOverFrame == true
    if pixelsWithoutColours { colorMode = .palette16 }
    let made = colorMode.map {
      PixelPictures(decision, colorMode: $0, budget: pictureSettings?.memoryBudget ?? 0)
    }
    let kitty = made?.kitty
    // A kitty picture that leaves the cache is deleted from the terminal: no cell names it.
    let uploads = kitty?.uploads
    if let uploads { CrashGuard.writeFirst(uploads.crashCleanup) }
    let cache = PictureCache(budget: pictureSettings?.memoryBudget ?? 0) { key, picture in
      if let uploads, let id = picture.placeholder?.imageID { uploads.release(id: id, of: key) }
    }
    let overlay = made?.overlay
    if let cleanup = overlay?.crashCleanup, !cleanup.isEmpty { CrashGuard.writeFirst(cleanup) }
    var loader: PictureLoader?
    if let settings = pictureSettings, let mode = colorMode {
      var configuration = PictureLoader.Configuration(settings, colorMode: mode)
      configuration.cellAspect = options.cellAspect
      if !terminal.isUTF8 { configuration.symbols = .ascii }
      configuration.kitty = kitty
      configuration.overlay = overlay
      loader = PictureLoader(configuration, cache: cache, post: post)
    }
    return (colorMode, TerminalPictures(uploads: uploads, overlay: overlay, cache: cache), loader)
  }

  /// Opens the browser on page 1, and says once what was put in place of what was asked.
  /// False when that already ended it.
  /// - Parameter tooFewColours: the terminal's colours when they are too few for pictures.
  private func start(
    _ state: inout BrowserState, effects: inout EffectRunner, first: FeedUpdate,
    title: String?, tooFewColours: Int?
  ) -> Bool {
    var running = effects.perform(state.update(.started(first, title: title)))
    // Colours were asked for by name and the terminal has too few: no pictures, and why.
    if let color = pictureSettings?.color, let colors = tooFewColours, color != .none {
      running = effects.perform(state.update(.notice(Self.tooFewColours(colors)))) && running
    }
    // What was put in place of what the command line or TERM asked for, said once.
    for notice in [
      terminalType?.termMissing == true ? terminalType?.reason : nil,
      pictureSettings?.decision?.refusal,
    ] {
      guard let notice else { continue }
      running = effects.perform(state.update(.notice(notice))) && running
    }
    return running
  }

  /// How long the loop waits for input (milliseconds, −1 for no limit): until the first of the
  /// times something is due.
  private func waitTimeout(
    _ state: BrowserState, timers: Timers, pacing: FramePacing, keys: KeyInput
  ) -> Int32 {
    if keys.hasTypedAhead { return 0 }
    // A free scroll has ended when no input came for a moment.
    var timeout: Int32 = state.isSliding ? 150 : -1
    // While a load runs, its progress is read a few times a second.
    if state.loading != nil, progress != nil { timeout = timeout < 0 ? 250 : min(timeout, 250) }
    timeout = timers.timeout(timeout)
    // A frame held back, or the next of a moving picture, is drawn when its time comes.
    if let deadline = pacing.deadline { timeout = Self.timeout(timeout, endingBy: deadline) }
    return timeout
  }

  /// Why a terminal of `colors` colours shows no pictures.
  static func tooFewColours(_ colors: Int) -> String {
    let term = getenv("TERM").map { String(cString: $0) } ?? "?"
    return "no pictures: this terminal (TERM=\(term)) has \(colors) colours and pictures need "
      + "16; if it has more, set TERM to say so (xterm-256color)"
  }

  /// `timeout` (milliseconds, −1 for none) shortened so that the wait ends by `deadline`, and
  /// never later than an hour from now. Rounded up: a wait that ended a fraction of a
  /// millisecond early found nothing due and drew a frame for nothing (a moving picture's
  /// frame a turn too soon, unchanged).
  static func timeout(
    _ timeout: Int32, endingBy deadline: ContinuousClock.Instant,
    now: ContinuousClock.Instant = .now
  ) -> Int32 {
    let left = now.duration(to: deadline).components
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    let milliseconds = Int32(
      min(
        max(
          0,
          left.seconds * 1000
            + (left.attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond),
        3_600_000))
    return timeout < 0 ? milliseconds : min(timeout, milliseconds)
  }

  private func printError(_ message: String) {
    let line = "cascade: \(message)\n"
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
  }
}
