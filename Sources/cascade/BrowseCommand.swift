import BrowserCore
import BrowserShell
import FeedKit
import Foundation
import LayoutEngine

/// `cascade [FEED] [options]`: the full-screen browser. Parses options, loads the first page
/// through FeedKit's session (so that a feed that cannot be loaded is reported on a terminal that
/// was never touched), then hands over to `BrowserApp`.
enum BrowseCommand {
  struct Options {
    var feed: String?
    var browser = BrowserOptions()
    var load = LoadOptions()
  }

  /// Runs the browser; returns the process exit status.
  /// - Parameter arguments: the command line after the program name.
  static func run(arguments: [String]) async -> Int32 {
    let options: Options
    do {
      guard let parsed = try parse(arguments) else {
        print(Usage.main)
        return 0
      }
      options = parsed
    } catch {
      Console.error(error.description)
      return 2
    }
    let source: FeedSource
    do {
      source =
        try options.feed.map { (argument) throws(FeedError) in
          try FeedSource(argument: argument)
        } ?? .sample
    } catch {
      Console.error("\(error) (see cascade --help)")
      return 2
    }
    let feed = FeedSession(source: source, options: options.load)
    // A slow first load (a feed over the network) says what it waits for, on the terminal's
    // standard error only, and wipes that line before the browser starts or the error prints.
    let notice = Task {
      try await Task.sleep(for: .milliseconds(300))
      guard isatty(2) == 1 else { return false }
      let name = DisplayText(source.displayName, maximumWidth: 60).string
      FileHandle.standardError.write(Data("cascade: loading \(name)…".utf8))
      return true
    }
    let first = await feed.refresh()
    notice.cancel()
    if (try? await notice.value) == true {
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
    if case .failed(let error) = first {
      Console.error("\(error)")
      return 1
    }
    var browser = options.browser
    browser.feedName = source.displayName
    return BrowserApp(feed: feed, options: browser).run(first: first, title: await feed.title)
  }

  /// The options, or nil for `--help`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
    var options = Options()
    var scanner = ArgumentScanner(arguments, command: "cascade")
    var browser = BrowserOptions()
    while let option = scanner.nextOption() {
      switch option {
      case "-h", "--help":
        try scanner.flag()
        return nil
      case "--columns":
        browser.columns = try scanner.integer(option, in: 1...BrowserState.maximumColumns)
      case "--column-width": browser.columnWidth = try scanner.number(option, atLeast: 1)
      case "--cell-aspect":
        browser.cellAspect = try scanner.number(option, in: 0.25...8)
      case "--pull-threshold": browser.pullThreshold = try scanner.integer(option, in: 1...50)
      case "--style": browser.style = try scanner.choice(option, LayoutStyle.self)
      case "--order": browser.order = try scanner.choice(option, ColumnOrder.self)
      case "--tie-tolerance": browser.tieTolerance = try scanner.number(option, atLeast: 0)
      case "--enlarge-probability":
        browser.enlargeProbability = try scanner.number(option, in: 0...1)
      case "--seed": browser.seed = try scanner.unsigned(option)
      case "--no-separators":
        try scanner.flag()
        browser.separators = false
      default:
        guard try LoadOptionFlags.parse(option, &scanner, into: &options.load) else {
          throw scanner.unknown(option)
        }
      }
    }
    guard scanner.positionals.count <= 1 else {
      throw UsageError(
        "only one FEED may be given, got \(scanner.positionals.dropFirst().joined(separator: " "))"
          + " as well", command: scanner.command)
    }
    options.feed = scanner.positionals.first
    options.browser = browser
    return options
  }
}
