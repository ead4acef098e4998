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
  /// before anything is read. Every command ends with status 2 then: a usage error, where a
  /// feed that cannot be read or decoded ends with 1.
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
