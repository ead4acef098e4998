import FeedKit
import FeedModel
import FoundationEssentials

/// The FEED arguments of the commands that read feeds (the browser, `print`, `layout`,
/// `items`): none, one, or several read as one.
enum FeedArgument {
  /// Whether `arguments` ask for help rather than naming a feed: `cascade print help`, the way
  /// people type after `git help`, unless a file of that name is really here to be read.
  static func asksForHelp(_ arguments: [String]) -> Bool {
    arguments == ["help"] && !FileManager.default.fileExists(atPath: "help")
  }

  /// The source `arguments` name: the bundled sample for none, the feed for one, and for
  /// several all of them as one (`FeedSource.several`). Nil after saying on standard error what
  /// is wrong and where to read more (`help`, e.g. "cascade print --help"), before anything is
  /// read; every command ends with status 2 then: a usage error, where a feed that cannot be
  /// read or decoded ends with 1.
  ///
  /// One argument of several that names no feed (`htp://typo`) is said and left out, as a
  /// feed of several that cannot be read is: a long glob is not lost to one odd name. Only
  /// when none is left is it a usage error.
  static func source(_ arguments: [String], help: String) -> FeedSource? {
    sources(arguments, help: help).flatMap(FeedSource.combining)
  }

  /// The sources `arguments` name, one each, in order (the sample for none); those of
  /// several that name no feed said on standard error and left out; nil when none is left or
  /// `-` is given twice, after saying so.
  static func sources(_ arguments: [String], help: String) -> [FeedSource]? {
    guard arguments.count > 1 else {
      guard let argument = arguments.first else { return [.sample] }
      do {
        return [try FeedSource(argument: argument)]
      } catch {
        Console.error("\(error) (see \(help))")
        return nil
      }
    }
    guard arguments.filter({ $0 == "-" }).count <= 1 else {
      Console.error(
        UsageError("standard input (-) can be read once: give - once among the FEEDs")
          .description)
      return nil
    }
    var sources: [FeedSource] = []
    for argument in arguments {
      do {
        sources.append(try FeedSource(argument: argument))
      } catch {
        Console.error("\(error); left out (see \(help))")
      }
    }
    return sources.isEmpty ? nil : sources
  }

  /// The exit status of a command that read `source` from `arguments` and skipped `skipped`:
  /// 1 when a FEED of several named no feed or could not be read, as `cat a b` ends when it
  /// printed `b` but not `a`; else 0.
  static func status(_ source: FeedSource, of arguments: [String], skipped: SkipReport) -> Int32 {
    let kept =
      if case .several(let parts) = source { parts.count } else { 1 }
    return skipped.failedFeeds.isEmpty && kept >= arguments.count ? 0 : 1
  }

  /// Says on standard error what a load left out: each feed of several that could not be read
  /// on a line of its own, then the items skipped.
  static func reportSkipped(_ skipped: SkipReport) {
    for failure in skipped.failedFeeds { Console.error(failure) }
    if let items = skipped.itemsMessage { Console.error(items) }
  }
}
