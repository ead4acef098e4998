import FeedKit
import FeedModel
import FoundationEssentials
import Locking

/// `cascade items [FEED…]`: every item of the feeds' first pages as a line of JSON on standard
/// output (`ItemsJSON`), written as it is decoded, for `jq` and scripts. The feeds are read in
/// the order given; one that cannot be read is said on standard error and the others written,
/// and the command ends with status 1 then.
enum ItemsCommand {
  static func run(arguments: [String]) async -> Int32 {
    let options: Settings
    do {
      options = try OptionParser.parse(arguments, for: .items)
    } catch {
      Console.error(error.description)
      return 2
    }
    if let status = StandardAnswers.answer(options, for: .items, help: HelpText.items) {
      return status
    }
    guard let sources = FeedArgument.sources(options.feeds, help: "cascade items --help") else {
      return 2
    }
    let writer = ItemsJSON(showSecrets: options.showSecrets)
    let names = sources.map { name(of: $0, showSecrets: options.showSecrets) }
    // Items a feed repeats are written once, as the browser shows them once; the lines of a
    // batch go out in one write, as they are decoded. Only the feed being read is
    // remembered, so a long list of feeds costs no more memory than its largest.
    let seen = Locked<Set<String>>([])
    var failed = false
    await FeedLoader(options: options.load).stream(sources) { index, items in
      var lines = ""
      for item in items {
        let fresh = seen.withLock { $0.insert(item.identity).inserted }
        guard fresh else { continue }
        lines += writer.line(item, feed: names[index], source: sources[index]) + "\n"
      }
      if !lines.isEmpty { Console.out(lines) }
    } ended: { _, outcome in
      seen.withLock { $0.removeAll() }
      switch outcome {
      case .success(let skipped): FeedArgument.reportSkipped(skipped)
      case .failure(let error):
        Console.error(error.message(naming: .commandLine))
        failed = true
      }
    }
    return failed || sources.count < max(1, options.feeds.count) ? 1 : 0
  }

  /// What an item's `feed` says: the FEED as given, its secrets masked unless shown.
  static func name(of source: FeedSource, showSecrets: Bool) -> String {
    switch source {
    case .url(let url) where showSecrets, .template(let url) where showSecrets: url
    default: source.displayName
    }
  }
}
