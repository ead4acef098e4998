import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import LayoutEngine
import PictureKit
import Pictures

/// `cascade [FEED] [options]`: the full-screen browser. Parses options, loads the first page
/// through FeedKit's session (so that a feed that cannot be loaded is reported on a terminal that
/// was never touched), then hands over to `BrowserApp`.
enum BrowseCommand {
  /// Runs the browser; returns the process exit status.
  /// - Parameter arguments: the command line after the program name.
  static func run(arguments: [String]) async -> Int32 {
    let options: Settings
    do {
      options = try OptionParser.parse(arguments, for: .browse)
    } catch {
      Console.error(error.description)
      return 2
    }
    if options.help {
      Console.out(HelpText.browse + "\n")
      return 0
    }
    if options.version {
      Console.out(VersionText.text)
      return 0
    }
    if options.pictures.probe { return PictureProbing.run(options.pictures) }
    if options.printConfig {
      Console.out(ConfigWriter.render(options, for: .browse))
      return 0
    }
    let environment = ProcessInfo.processInfo.environment
    let recentURL = RecentFeeds.path(environment: environment)
    let recent = recentURL.map(RecentFeeds.load) ?? RecentFeeds()
    var arguments = options.feeds
    var resume: ReadingPlace?
    // `--last` after the sample feed: the sample again, even when feeds are followed now.
    var reopensSample = false
    if options.last {
      guard options.feeds.isEmpty else {
        Console.error(UsageError("--last reopens the last feed: give no FEED with it").description)
        return 2
      }
      guard let last = recent.feeds.first else {
        Console.error("no feed to reopen: none has been browsed yet (or its state was lost)")
        return 1
      }
      guard !last.isMasked else {
        Console.error(
          "cannot reopen \(last.feed ?? "the last feed"): its address held a password or a "
            + "token, which is not kept on disk; give the whole address again")
        return 1
      }
      arguments = last.feed.map { [$0] } ?? []
      resume = last.place
      reopensSample = last.feed == nil && last.followed != true
    }
    var load = options.load
    // No FEED: the feeds followed, all together; the sample feed only when there are none.
    var followed: FeedSource?
    if arguments.isEmpty, !reopensSample, let feedsURL = FeedsFile.path(environment: environment) {
      do {
        let subscriptions = try FeedsFile.load(from: feedsURL).subscriptions
        followed = FollowedFeeds.source(subscriptions, load: &load)
      } catch {
        Console.error(error.description)
        return 1
      }
    }
    if followed == nil {
      // `--header` is for the feed opened, the one `--last` reopens too; several feeds send
      // it each to its own server.
      load.headersFeed = arguments.count == 1 ? arguments.first : nil
      load.headersFeeds = arguments.count > 1 ? arguments : []
    }
    guard let source = followed ?? FeedArgument.source(arguments, help: "cascade --help") else {
      return 2
    }
    let pictureLoad = load
    // Of several feeds, one that keeps the others waiting is shown when it comes: a server
    // that takes its time (or never answers) does not hold the browser's opening.
    if followed != nil || arguments.count > 1 { load.patience = Self.openingPatience }
    // What a refresh asks each server: only whether its page changed, and not before it said;
    // so does the next visit, from the pages kept on disk (none with `--no-cache`).
    load.memory = FeedMemory(
      now: { Int64(time(nil)) },
      disk: Self.feedPages(noCache: options.pictures.noCache, environment: environment))
    let progress = LoadProgress()
    load.progress = progress
    // Posts' whole texts are kept on disk as they are decoded, for the post view.
    PostSpool.install(in: FileManager.default.temporaryDirectory.path)
    let feed = FeedSession(source: source, options: load)
    // A large page is shown from its first items while the rest is decoded; a place to go
    // back to (`--last`) may be anywhere in it, so that load is waited for whole; so are the
    // feeds followed, whose visit is recorded from what every one of them gave.
    let opening = OpeningLoad.begin(feed, streams: resume == nil && followed == nil)
    // tmux is asked while the feed loads (and passthrough turned on for this pane, where the
    // pictures may need it): nothing of it reaches the terminal.
    let passthrough = PictureProbing.wantsPassthrough(options.pictures, environment: environment)
    let tmuxAsked = Task {
      await TmuxPane.Answers.asked(environment: environment, passthrough: passthrough)
    }
    // Then the terminal is checked and asked what it draws, still while the feed loads; keys
    // typed after that wait for the browser without printing over the progress line. Off is
    // off: no questions. A feed typed on the terminal shares it with the probe, which would
    // read the feed's keys (and the feed its answers): it is asked once the feed has ended.
    let probes =
      options.pictures.protocolName != "off"
      && ColorChoice(rawValue: options.pictures.color) != ColorChoice.none
    let askTerminal = { @Sendable (holdsEcho: Bool) in
      TerminalOpening.begin(
        options.pictures, environment: environment, tmux: tmuxAsked, probes: probes,
        holdsEcho: holdsEcho)
    }
    let typedFeed = source.readsStandardInput && isatty(STDIN_FILENO) == 1
    let askedEarly = typedFeed ? nil : askTerminal(true)
    // A slow first load (a big file, a feed over the network) shows how far it has got, on the
    // terminal's standard error only, and wipes that line before the browser starts or the
    // error prints.
    let notice = ProgressNotice.start(
      name: source.displayName, progress: progress, after: askedEarly)
    let piece = await opening.opening()
    // The terminal's modes are put back (the probe's, then the echo) before anything is said.
    let answeredEarly = await askedEarly?.value
    // The line's signal handlers were installed after the hold's: taken away first.
    await ProgressNotice.stop(notice)
    EchoHold.release()
    let (first, title) = (piece.update, piece.title)
    if case .failed(let error) = first {
      Console.error(error.message(naming: .commandLine))
      return 1
    }
    let terminalOpening: TerminalOpening
    if let answeredEarly {
      terminalOpening = answeredEarly
    } else {
      terminalOpening = await askTerminal(false).value
    }
    // A terminal type the browser cannot draw on is a usage error; no terminal at all, as
    // before, is not.
    let terminalType: TerminalType
    switch terminalOpening.terminalType {
    case .success(let type): terminalType = type
    case .failure(let error):
      Console.error(error.description)
      return error == .notATerminal ? 1 : 2
    }
    let keys = KeyBindings(rebinding: options.keys)
    var browser = options.browser
    browser.feedName = source.displayName
    browser.refreshMinutes = Self.backgroundRefreshMinutes(browser.refreshMinutes, for: source)
    let seenURL = SeenItems.path(environment: environment)
    var outcomes: [FeedOutcome] = []
    if followed != nil {
      browser.feedName = "all feeds"
      let skipped: SkipReport? =
        switch first {
        case .replaced(_, let skipped, _), .appended(_, let skipped, _): skipped
        default: nil
        }
      outcomes = skipped?.feeds ?? []
      let visit = FollowedFeeds.visit(outcomes, seenAt: seenURL, now: Date().timeIntervalSince1970)
      browser.feeds = visit.feeds
      browser.newItems = visit.newItems
      browser.lateFeeds = FollowedFeeds.lateFeeds(outcomes, seenAt: seenURL)
      if let problem = visit.problem { Console.error(problem) }
    }
    browser.escapeQuits = keys.escapeQuits
    browser.localFeed = source.isLocal
    var pictures: PictureSettings? = options.pictures.settings(for: source, load: pictureLoad)
    pictures?.animations = browser.animations
    // Keys typed during the first load that the probe read with the terminal's answers.
    var typedAhead: [UInt8] = []
    if options.pictures.protocolName == "off" {
      // Off is off: `i` cannot turn pictures on either. The settings stay, without colours to
      // draw in, for what else reads the pictures: the sizes a feed leaves out.
      browser.pictures = false
      pictures?.color = .none
    } else if let report = terminalOpening.report {
      pictures?.decision = report.decision
      typedAhead = report.answers?.typed ?? []
      // Boxes shaped for the terminal's own cells: laid out for 2:1 cells, a picture in
      // kitty's 8×19 ones was 16 % off its box, and drawn smaller, a row short.
      if !options.cellAspectGiven, let aspect = report.decision.measuredCellAspect {
        browser.cellAspect = aspect
      }
    }
    let app = BrowserApp(
      feed: feed, options: browser, pictures: pictures, colors: options.theme,
      keys: keys,
      progress: progress, terminalType: terminalType)
    return app.run(
      first: first, title: title, resume: resume, opening: opening, typedAhead: typedAhead
    ) { place, arrivals in
      if let seenURL, !arrivals.isEmpty {
        FollowedFeeds.record(
          arrivals, of: outcomes, seenAt: seenURL, now: Date().timeIntervalSince1970)
      }
      let remembered =
        followed != nil
        ? RecentFeeds.Entry(feed: nil, followed: true) : RecentFeeds.argument(for: source)
      guard let recentURL, var entry = remembered else { return }
      entry.place = place
      do {
        try RecentFeeds.remember(entry, at: recentURL)
      } catch {
        Console.error("could not remember the place in this feed: \(error)")
      }
    }
  }

  /// Seconds the opening waits for each of several feeds before showing the others without
  /// it (`LoadOptions.patience`).
  static let openingPatience = 5.0

  /// Budget of the feed pages kept on disk between runs: a few hundred feeds' pages.
  static let feedPagesBudget = 32 << 20

  /// Where the pages of feeds read whole are kept for the next visit: `$XDG_CACHE_HOME/
  /// cascade/feeds`; nil with `--no-cache`, without a home, or when the folder cannot be used
  /// (the feeds are then read whole each visit, as before, and a folder refused says why, as
  /// the pictures' does: before the browser takes the terminal, and left there after it).
  static func feedPages(noCache: Bool, environment: [String: String]) -> PictureDiskCache? {
    guard !noCache else { return nil }
    return CacheFolder.opened(
      "feeds", budget: feedPagesBudget, environment: environment, cache: "feed page cache",
      keeps: "feed pages")
  }

  /// How often the browser refreshes on its own: never for standard input alone, which was
  /// read to its end and would only say every N minutes that it cannot be read again (of
  /// several feeds, the others are refreshed and standard input keeps its items).
  static func backgroundRefreshMinutes(_ asked: Int?, for source: FeedSource) -> Int? {
    if case .standardInput = source { return nil }
    return asked
  }
}
