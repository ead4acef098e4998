import FeedKit
import Foundation

/// The FEED argument of the commands that read a feed (the browser, `print`, `layout`).
enum FeedArgument {
  /// Whether `argument` asks for help rather than naming a feed: `cascade print help`, the way
  /// people type after `git help`, unless a file of that name is really here to be read.
  static func asksForHelp(_ argument: String?) -> Bool {
    argument == "help" && !FileManager.default.fileExists(atPath: "help")
  }

  /// The source `argument` names, the bundled sample without one; nil after saying on standard
  /// error what is wrong with it and where to read more (`help`, e.g. "cascade print --help"),
  /// before anything is read. The browser and `print` end with status 2 then (a usage error);
  /// `cascade layout` with 1, as its README section says for a feed it cannot read.
  static func source(_ argument: String?, help: String) -> FeedSource? {
    guard let argument else { return .sample }
    do {
      return try FeedSource(argument: argument)
    } catch {
      Console.error("\(error) (see \(help))")
      return nil
    }
  }
}
