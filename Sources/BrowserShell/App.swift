import BrowserCore
import FeedKit
import Glibc
import Locking

/// The browser's main loop: input, loads and signals in, frames out.
///
/// It blocks in `poll()` on the terminal's input and a self-pipe. Background load tasks post
/// their results to a mailbox and write a byte to the pipe; the handlers of `endingSignals`
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM…) write the signal's number, and the
/// SIGWINCH handler a wake byte; SIGTSTP (Ctrl-Z) and SIGCONT (`fg`) write theirs too, so that
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
  ///     the caller can remember it.
  public func run(
    first: FeedUpdate, title: String? = nil, resume: ReadingPlace? = nil,
    opening: OpeningLoad? = nil, typedAhead: [UInt8] = [],
    leaving: (ReadingPlace?) -> Void = { _ in }
  ) -> Int32 {
    let wake = WakePipe()
    guard let wake else {
      printError("cannot create a pipe: \(String(cString: strerror(errno)))")
      return 1
    }
    let terminal: Terminal
    do {
      terminal = try Terminal(type: terminalType?.name, mouse: options.mouse)
    } catch {
      printError("\(error)")
      return 1
    }
    wake.installSignalHandlers()
    wake.input = terminal.inputDescriptor
    let theme = Theme.detect(
      isUTF8: terminal.isUTF8, colorCount: terminal.colorCount,
      noColor: Theme.noColor(getenv("NO_COLOR").map { String(cString: $0) }),
      custom: colors)
    let mailbox = Mailbox()
    let decision = pictureSettings?.decision
    var colorMode = pictureSettings?.color.mode(colorCount: terminal.colorCount)
    // Pictures drawn over the frame need no colours of the terminal's: only what stands in
    // for them (a feed's placeholder colour) is drawn in the few it has.
    let pixelsWithoutColours =
      colorMode == nil && pictureSettings?.color != ColorChoice.none
      && decision?.drawsOverFrame == true
    if pixelsWithoutColours { colorMode = .palette16 }
    var options = options
    if colorMode == nil { options.pictures = false }
    var state = BrowserState(options: options, screen: terminal.size)
    let kitty = colorMode.flatMap { KittyPixels(pictureSettings?.decision, colorMode: $0) }
    // A kitty picture that leaves the cache is deleted from the terminal: no cell names it.
    let uploads = kitty?.uploads
    if let uploads { CrashGuard.writeFirst(uploads.crashCleanup) }
    let cache = PictureCache(budget: pictureSettings?.memoryBudget ?? 0) { key, picture in
      if let uploads, let id = picture.placeholder?.imageID { uploads.release(id: id, of: key) }
    }
    let view = BrowserView(theme: theme, pictures: cache, keys: keys, pictureColors: colorMode)
    var reader = KeySequenceReader(bindings: keys)
    let overlay =
      colorMode == nil
      ? nil : OverlayPictures(decision, budget: pictureSettings?.memoryBudget ?? 0)
    // kitty's placements stay on the screen until deleted: a crash deletes them too.
    if overlay?.protocolUsed == .kitty {
      CrashGuard.writeFirst(KittyGraphics.deleteAllOnScreen())
    }
    var loader: PictureLoader?
    if let settings = pictureSettings, let mode = colorMode {
      var configuration = PictureLoader.Configuration(settings, colorMode: mode)
      configuration.cellAspect = options.cellAspect
      if !terminal.isUTF8 { configuration.symbols = .ascii }
      configuration.kitty = kitty
      configuration.overlay = overlay
      loader = PictureLoader(configuration, cache: cache) { event in
        mailbox.post(event)
        wake.wake()
      }
    }
    /// When the status line's message runs out, and its number; a later message replaces it.
    var expiry: (deadline: ContinuousClock.Instant, serial: Int)?
    /// The alarms the state asked for (`Effect.alarm`), each with its time.
    var alarms: [(deadline: ContinuousClock.Instant, alarm: Alarm)] = []

    /// Runs effects; their results come back through the mailbox, as events.
    func perform(_ effects: [Effect]) -> Bool {
      var wanted: [PictureKey] = []
      var unwanted: [PictureKey] = []
      defer {
        loader?.cancel(unwanted)
        loader?.load(wanted)
      }
      // An effect's answer made here goes to the mailbox like any other, with a wake byte:
      // without one it waited for the next key (`y` wrote its copy and said nothing until then).
      func answer(_ event: Event) {
        mailbox.post(event)
        wake.wake()
      }
      for effect in effects {
        switch effect {
        case .quit: return false
        case .expireMessage(let serial, let seconds):
          expiry = (.now + .milliseconds(Int(seconds * 1000)), serial)
        case .alarm(let alarm, let seconds):
          alarms.append((.now + .milliseconds(Int(seconds * 1000)), alarm))
        case .keepPicture(let request):
          let keeper = PictureKeeper(settings: pictureSettings, folder: options.saveFolder)
          Task.detached { answer(await keeper.run(request)) }
        case .copy(let text, let request):
          answer(.copied(text, request, terminal.copy(text)))
        case .loadPicture(let key):
          if loader == nil {
            answer(.pictureLoaded(key, failure: "pictures are off"))
          } else {
            wanted.append(key)
          }
        case .cancelPicture(let key): unwanted.append(key)
        case .dropPicture(let key):
          // Only a picture the terminal holds costs anything kept: symbols and overlays stay
          // cached, ready for scrolling back.
          if kitty != nil { cache.remove(key) }
        case .revalidatePictures:
          cache.removeAll()
          loader?.revalidate()
        case .probeSizes(let requests):
          SizeProber.run(
            requests, source: pictureSettings?.source,
            options: pictureSettings?.load ?? LoadOptions(), cache: pictureSettings?.diskCache
          ) { event in
            mailbox.post(event)
            wake.wake()
          }
        case .open(let url):
          if let command = Opener.foregroundCommand(for: url, localTo: pictureSettings?.source) {
            // A terminal that leaves the alternate screen keeps no kitty picture (as on Ctrl-Z).
            if let uploads {
              terminal.writeBetweenFrames(uploads.deleteAll())
              cache.removeAll()
              answer(.picturesLost)
            }
            let failure = terminal.lend {
              ForegroundRun.run(command, input: terminal.inputDescriptor)
            }
            overlay?.forgetDrawn()
            answer(.opened(url, failure: failure))
            continue
          }
          switch Opener.open(url, localTo: pictureSettings?.source) {
          case .success(let started):
            answer(.opened(url, failure: nil))
            // A program that ends badly (`BROWSER=false`, xdg-open with no browser set up)
            // is said to have failed, not left as opened; its thread also reaps it.
            started.whenEnded { failure in
              guard let failure else { return }
              mailbox.post(.opened(url, failure: failure))
              wake.wake()
            }
          case .failure(let refusal):
            answer(.opened(url, failure: refusal.failure))
          }
        case .load(let request):
          let feed = self.feed
          Task.detached {
            let result =
              request.kind == .refresh ? await feed.refresh() : await feed.loadMore()
            mailbox.post(.loaded(result, request, title: await feed.title))
            wake.wake()
          }
        }
      }
      return true
    }

    var running = perform(state.update(.started(first, title: title)))
    // Colours were asked for by name and the terminal has too few: no pictures, and why.
    if let color = pictureSettings?.color, colorMode == nil, color != .none {
      running = perform(state.update(.notice(Self.tooFewColours(terminal.colorCount)))) && running
    }
    // What was put in place of what the command line or TERM asked for, said once.
    for notice in [
      terminalType?.termMissing == true ? terminalType?.reason : nil, decision?.refusal,
    ] {
      guard let notice else { continue }
      running = perform(state.update(.notice(notice))) && running
    }
    // The rest of a page shown while it is decoded, as the load the state now waits for.
    if let opening, let request = state.loading {
      opening.listen { piece in
        mailbox.post(.loaded(piece.update, request, title: piece.title))
        wake.wake()
      }
    }
    if let resume { running = perform(state.resume(at: resume)) && running }
    var status: Int32 = 0
    /// When the browser came back from a Ctrl-Z it handled itself: the SIGCONT that follows
    /// (its wake byte read an iteration later) needs no second repaint. Every sixel and iTerm2
    /// picture was sent twice on each `fg`.
    var resumedFromSuspend: ContinuousClock.Instant?
    var pacing = FramePacing()
    var waitingKeys = TypedAhead.keys(typedAhead)[...]
    /// The keys typed ahead first, then what the terminal has.
    func nextKey() -> Key?? { waitingKeys.popFirst().map { .some($0) } ?? terminal.readKey() }
    while running {
      if pacing.frameDue {
        var canvas = CursesCanvas(terminal: terminal)
        view.draw(state, into: &canvas)
        // The pictures this frame's cells name were queued before they were cached, so before
        // the frame was drawn: sent now, they reach the terminal before their cells do.
        if let uploads { terminal.writeBetweenFrames(uploads.take()) }
        if let overlay {
          overlay.update(canvas.overlays, terminal: terminal) { terminal.present() }
        } else {
          terminal.present()
        }
        pacing.frameSent(at: .now, nextAnimationFrame: canvas.nextFrame)
      }

      // A free scroll (the carousel's wheel) has ended when no input came for a moment; the
      // wait also ends when the message's time is up.
      var timeout: Int32 = state.isSliding ? 150 : -1
      // While a load runs, its progress is read a few times a second.
      if state.loading != nil, progress != nil { timeout = timeout < 0 ? 250 : min(timeout, 250) }
      if let expiry { timeout = Self.timeout(timeout, endingBy: expiry.deadline) }
      if let next = alarms.map(\.deadline).min() { timeout = Self.timeout(timeout, endingBy: next) }
      // A frame held back, or the next of a moving picture, is drawn when its time comes.
      if let deadline = pacing.deadline { timeout = Self.timeout(timeout, endingBy: deadline) }
      if !waitingKeys.isEmpty { timeout = 0 }
      let (input, signals) = wake.waitForInput(timeout: timeout)
      if let ending = signals.first(where: endingSignals.contains) {
        status = 128 + ending
        break
      }
      var events = mailbox.take()
      if signals.contains(SIGTSTP) {
        // A terminal re-entering the alternate screen keeps no kitty picture: they are freed
        // now, and sent again once the browser is back.
        if let uploads {
          terminal.writeBetweenFrames(uploads.deleteAll())
          cache.removeAll()
          events.append(.picturesLost)
        }
        if let overlay, overlay.protocolUsed == .kitty {
          terminal.writeBetweenFrames(overlay.removeAll())
          cache.removeAll()
          events.append(.picturesLost)
        }
        terminal.suspend()
        resumedFromSuspend = signals.contains(SIGCONT) ? nil : .now
      } else if signals.contains(SIGCONT), !terminal.isForeground {
        // Stopped by someone else and continued in the background: the screen is not ours.
        terminal.suspend()
        resumedFromSuspend = .now
      }
      // A SIGCONT soon after a resume this loop made is that resume's own (a `kill -CONT` of
      // a browser stopped by someone else still repaints).
      let ownContinue =
        !signals.contains(SIGTSTP) && signals.contains(SIGCONT)
        && resumedFromSuspend.map { $0.duration(to: .now) < .seconds(2) } == true
      if ownContinue { resumedFromSuspend = nil }
      if signals.contains(SIGTSTP) || (signals.contains(SIGCONT) && !ownContinue) {
        // The screen was the shell's meanwhile: curses repaints all of it, and every picture
        // over it is drawn again.
        if let overlay { terminal.writeBetweenFrames(overlay.forgetDrawn()) }
        terminal.repaintAll()
      }
      if state.loading != nil, let snapshot = progress?.snapshot, snapshot.isLoading {
        events.append(.loadProgress(snapshot))
      }
      if !input, state.isSliding { events.append(.idle) }
      if let due = expiry, due.deadline <= .now {
        expiry = nil
        events.append(.messageExpired(due.serial))
      }
      let now = ContinuousClock.now
      events += alarms.filter { $0.deadline <= now }.map { .alarm($0.alarm) }
      alarms.removeAll { $0.deadline <= now }
      // Always ask ncurses: a wake byte may stand for a resize it has noted.
      var typing = state.isTypingSearch
      var keyEvents: [Event] = []
      var keysRead = false
      while let key = nextKey() {
        keysRead = true
        guard let key else { continue }
        if key == .resize {
          if let overlay { terminal.writeBetweenFrames(overlay.forgetDrawn()) }
          keyEvents.append(.resized(terminal.size))
        } else if case .click(let click) = key {
          keyEvents.append(.click(click))
        } else if typing {
          // The search prompt takes keys as they are, until Enter or Esc closes it.
          keyEvents.append(.typed(key))
          if key == .enter || key == .escape { typing = false }
        } else {
          let actions = reader.read(key)
          keyEvents += actions.map(Event.action)
          if actions.isEmpty, reader.pending.isEmpty { keyEvents.append(.unboundKey) }
          if actions.contains(.search) { typing = true }
        }
      }
      // Moving pictures in view: their clock goes on by the time that passed, after the keys
      // when both are due.
      if let milliseconds = pacing.animationTick(at: .now, keysRead: keysRead) {
        events.append(.animationTick(milliseconds: milliseconds))
      }
      events += keyEvents
      let wasPlaying = state.animationsPlaying
      for event in events where running {
        running = perform(state.update(event))
      }
      // kitty plays its animations itself: `a` stops or plays them there too.
      if state.animationsPlaying != wasPlaying {
        if let uploads { terminal.writeBetweenFrames(uploads.play(state.animationsPlaying)) }
        if let overlay { terminal.writeBetweenFrames(overlay.play(state.animationsPlaying)) }
      }
      pacing.turnEnded(at: .now, input: input, events: events)
    }
    if let uploads { terminal.writeBetweenFrames(uploads.deleteAll()) }
    if let overlay { terminal.writeBetweenFrames(overlay.removeAll()) }
    terminal.restore()
    leaving(state.readingPlace)
    return status
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

/// Results of effects waiting for the main thread, as events.
final class Mailbox: Sendable {
  private let inbox = Locked<[Event]>([])

  func post(_ event: Event) {
    inbox.withLock { $0.append(event) }
  }

  func take() -> [Event] {
    inbox.withLock { inbox in
      defer { inbox.removeAll() }
      return inbox
    }
  }
}

/// The self-pipe that wakes `poll()`: a 0 byte for a posted load, a signal number for a signal.
final class WakePipe: @unchecked Sendable {
  let readEnd: Int32
  let writeEnd: Int32
  /// The terminal's input; set once on the main thread before the loop starts.
  var input: Int32 = 0

  init?() {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, O_NONBLOCK)
    }
    readEnd = fds[0]
    writeEnd = fds[1]
  }

  func wake() {
    var byte: UInt8 = 0
    _ = write(writeEnd, &byte, 1)
  }

  func installSignalHandlers() {
    signalPipe = writeEnd
    // A parent may have left these blocked; the loop depends on them.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for sig in endingSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&wanted, sig) }
    pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    // A write to a connection the other end closed must not end the browser; the write fails
    // with EPIPE instead. A terminal that goes away sends SIGHUP, handled above.
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-Z and `fg` as well, in place of ncurses' own SIGTSTP handler, which repaints from
    // whichever thread the signal lands on and knows nothing of the pictures.
    for sig in endingSignals + [SIGTSTP, SIGCONT] { Self.forward(sig) }
    // ncurses notes a resize in its own SIGWINCH handler, but the signal may land on any of the
    // runtime's threads and then never interrupt this thread's poll(). So the handler is chained:
    // ncurses' runs first, then a wake byte makes the loop ask ncurses for KEY_RESIZE.
    var previous = sigaction()
    sigaction(SIGWINCH, nil, &previous)
    if previous.sa_flags & SA_SIGINFO == 0 {
      previousResizeHandler = previous.__sigaction_handler.sa_handler
    }
    var action = previous
    action.__sigaction_handler.sa_handler = { sig in
      if let handler = previousResizeHandler, unsafeBitCast(handler, to: Int.self) > 1 {
        handler(sig)
      }
      var byte: UInt8 = 0
      _ = write(signalPipe, &byte, 1)
    }
    action.sa_flags = previous.sa_flags & ~SA_SIGINFO
    sigaction(SIGWINCH, &action, nil)
  }

  /// Has `sig` write its number into the pipe.
  static func forward(_ sig: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in
      var byte = UInt8(truncatingIfNeeded: sig)
      _ = write(signalPipe, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(sig, &action, nil)
  }

  /// Stops the process as Ctrl-Z would have (SIGTSTP's default action); returns once it is
  /// continued, with the signal forwarded again.
  static func stopUntilContinued() {
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    forward(SIGTSTP)
  }

  /// Blocks until a key, a load result or a signal arrives (or a SIGWINCH interrupts), or for
  /// at most `timeout` milliseconds (-1: no limit).
  /// - Returns: whether input or a wake byte may be waiting (false after a timeout), and the
  ///   signals received, in order.
  func waitForInput(timeout: Int32 = -1) -> (input: Bool, signals: [Int32]) {
    var fds = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, timeout)
    // Interrupted (EINTR): a signal, a resize most likely; let ncurses look for it.
    if ready < 0 { return (true, []) }
    if ready == 0 { return (false, []) }  // the timeout passed with nothing to read
    var signals: [Int32] = []
    // The terminal went away with no SIGHUP (its session's leader outlived it, as a parent
    // that is not the shell can): the hang-up is only in poll's answer, which then comes back
    // at once, forever, a busy loop at full CPU. Taken as the hang-up it is.
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { signals.append(SIGHUP) }
    if fds[1].revents != 0 {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        guard count > 0 else { break }
        for byte in buffer.prefix(count) where byte != 0 { signals.append(Int32(byte)) }
      }
    }
    return (fds[0].revents != 0 || fds[1].revents != 0, signals)
  }
}

/// Every signal whose default action ends the process without a core dump, SIGPIPE aside
/// (ignored): each restores the terminal and exits with 128 + its number. Those that dump core
/// as crashes do (SIGSEGV, SIGABRT, …) go through `CrashGuard`; SIGQUIT is here because Ctrl-\
/// would otherwise leave a raw terminal behind.
let endingSignals: [Int32] = [
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
  SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR,
]

nonisolated(unsafe) private var signalPipe: Int32 = -1
nonisolated(unsafe) private var previousResizeHandler: (@convention(c) (Int32) -> Void)?
