import CascadeTUI
import FeedKit
import Foundation

/// `cascade [FEED] [options]`: the full-screen browser. Parses options, loads the first page
/// through FeedKit's session (so that a feed that cannot be loaded is reported on a terminal that
/// was never touched), then hands over to `BrowserApp`.
enum BrowseCommand {
  static let usage = """
    usage: cascade [FEED] [--columns N] [--cell-aspect X] [--pull-threshold N] [--timeout S]
           cascade layout ...
    FEED is a file, - (standard input), an http(s) URL, or a URL template with {page}; without it
    the bundled sample feed opens. Press ? in the browser for the keys.
    """

  struct Options {
    var feed: String?
    var browser = BrowserOptions()
    var timeout: Double?
  }

  struct UsageError: Error {
    var message: String
  }

  /// Runs the browser; returns the process exit status.
  /// - Parameter arguments: the command line after the program name.
  static func run(arguments: [String]) async -> Int32 {
    let options: Options
    do {
      guard let parsed = try parse(arguments) else {
        print(usage)
        return 0
      }
      options = parsed
    } catch {
      printError("\(error.message) (see cascade --help)")
      return 2
    }
    let source: FeedSource
    do {
      source =
        try options.feed.map { (argument) throws(FeedError) in
          try FeedSource(argument: argument)
        } ?? .sample
    } catch {
      printError("\(error) (see cascade --help)")
      return 2
    }
    var loadOptions = LoadOptions()
    if let timeout = options.timeout { loadOptions.timeout = timeout }
    let feed = SessionFeed(session: FeedSession(source: source, options: loadOptions))
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
    let items: [FeedItem]
    let skipped: SkipReport
    let hasMore: Bool
    switch first {
    case .replaced(let loaded, let report, let more), .appended(let loaded, let report, let more):
      (items, skipped, hasMore) = (loaded, report, more)
    case .failed(let error):
      printError("\(error)")
      return 1
    case .endOfFeed, .superseded:
      (items, skipped, hasMore) = ([], SkipReport(), false)
    }
    return BrowserApp(feed: feed, options: options.browser).run(
      items: items, skipped: skipped, hasMore: hasMore)
  }

  /// The options, or nil for `--help`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) throws(UsageError) -> String {
      guard let next = rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help": return nil
      case "--columns":
        let text = try value(argument)
        guard let n = Int(text), (1...BrowserState.maximumColumns).contains(n) else {
          throw UsageError(
            message: "--columns must be a whole number from 1 to \(BrowserState.maximumColumns), "
              + "not \(text)")
        }
        options.browser.columns = n
      case "--cell-aspect":
        let text = try value(argument)
        guard let x = Double(text), x.isFinite, x >= 0.25, x <= 8 else {
          throw UsageError(message: "--cell-aspect must be a number from 0.25 to 8, not \(text)")
        }
        options.browser.cellAspect = x
      case "--pull-threshold":
        let text = try value(argument)
        guard let n = Int(text), (1...50).contains(n) else {
          throw UsageError(message: "--pull-threshold must be from 1 to 50, not \(text)")
        }
        options.browser.pullThreshold = n
      case "--timeout":
        let text = try value(argument)
        guard let s = Double(text), s.isFinite, s > 0 else {
          throw UsageError(message: "--timeout must be a positive number of seconds, not \(text)")
        }
        options.timeout = s
      default:
        if argument.hasPrefix("-") && argument != "-" {
          throw UsageError(message: "unknown option \(argument)")
        }
        guard options.feed == nil else {
          throw UsageError(message: "only one FEED may be given, got \(argument) as well")
        }
        options.feed = argument
      }
    }
    return options
  }

  /// Errors can quote a feed (a `next` link, a server's text), and stderr is a terminal with no
  /// curses in between: the message is sanitised like any text from a feed.
  private static func printError(_ message: String) {
    let safe = DisplayText(message, maximumWidth: 2_000).string
    FileHandle.standardError.write(Data("cascade: \(safe)\n".utf8))
  }
}
