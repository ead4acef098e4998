import BrowserCore
import BrowserShell
import FeedKit
import Foundation
import LayoutEngine
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
      print(HelpText.browse)
      return 0
    }
    if options.printConfig {
      Console.out(ConfigWriter.render(options, for: .browse))
      return 0
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
    let pictures = options.pictures.settings(for: source, load: options.load)
    return BrowserApp(feed: feed, options: browser, pictures: pictures).run(
      first: first, title: await feed.title)
  }
}
