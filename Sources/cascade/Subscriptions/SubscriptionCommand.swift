import FeedKit
import FeedModel
import FoundationEssentials
import Glibc

/// `cascade add URL [NAME]`, `cascade remove URL|NAME`, `cascade import FILE.opml` and
/// `cascade export`: the feeds followed (`FeedsFile`). Every address is shown with its secrets
/// masked; `export` writes them whole only with `--show-secrets`.
enum SubscriptionCommand {
  static func run(_ command: Command, arguments: [String]) async -> Int32 {
    let options: Settings
    do {
      options = try OptionParser.parse(arguments, for: command)
    } catch {
      Console.error(error.description)
      return 2
    }
    if options.help || options.feeds == ["help"] {
      Console.out(HelpText.subscriptions)
      return 0
    }
    if options.version {
      Console.out(VersionText.text)
      return 0
    }
    guard let url = FeedsFile.path(environment: ProcessInfo.processInfo.environment) else {
      Console.error("no place for the feeds file: set HOME or XDG_CONFIG_HOME")
      return 1
    }
    let file: FeedsFile
    do {
      file = try FeedsFile.load(from: url)
    } catch {
      Console.error(error.description)
      return 1
    }
    let words = options.feeds
    switch command {
    case .add: return add(words, to: file, at: url)
    case .remove: return remove(words, from: file, at: url)
    case .importFeeds: return importFeeds(words, into: file, at: url)
    case .export: return export(words, file, showSecrets: options.showSecrets)
    case .browse, .layout, .print, .items: return 2
    }
  }

  private static func add(_ words: [String], to file: FeedsFile, at url: URL) -> Int32 {
    guard let first = words.first else {
      return usage("add needs the feed to follow: cascade add URL [NAME]", command: .add)
    }
    do {
      _ = try FeedSource(argument: first)
    } catch {
      Console.error("\(error) (see cascade help add)")
      return 2
    }
    guard first != "-" else {
      return usage("standard input cannot be followed; give a URL or a path", command: .add)
    }
    let name = words.dropFirst().joined(separator: " ")
    let subscription = Subscription(
      feed: FeedsFile.address(first), name: name.isEmpty ? nil : name)
    var changed = file
    guard changed.add(subscription) else {
      Console.error("\(URLSecrets.masked(subscription.feed)) is followed already")
      return 0
    }
    return save(changed, at: url)
  }

  private static func remove(_ words: [String], from file: FeedsFile, at url: URL) -> Int32 {
    guard words.count == 1, let what = words.first else {
      return usage("remove takes one feed: its URL, path or name", command: .remove)
    }
    var changed = file
    guard let removed = changed.remove(what) else {
      let named = file.subscriptions.filter { $0.name?.lowercased() == what.lowercased() }
      Console.error(
        "'\(what.escapingControls)' names \(named.count) feeds: "
          + named.map { URLSecrets.masked($0.feed) }.joined(separator: ", ")
          + "; give the one's URL")
      return 1
    }
    guard !removed.isEmpty else {
      Console.error(
        "no feed followed is '\(URLSecrets.masking(in: what).escapingControls)'; "
          + "'cascade export' lists them")
      return 1
    }
    return save(changed, at: url)
  }

  private static func importFeeds(_ words: [String], into file: FeedsFile, at url: URL) -> Int32 {
    guard words.count == 1, let path = words.first else {
      return usage("import takes one OPML file, or - for standard input", command: .importFeeds)
    }
    guard let bytes = opmlBytes(path) else { return 1 }
    let result: OPMLReader.Result
    do {
      result = try OPMLReader.read(bytes, source: path)
    } catch {
      Console.error(error.message(naming: .commandLine))
      return 1
    }
    for reason in result.skipped { Console.error("skipped: \(reason)") }
    var changed = file
    let added = result.subscriptions.filter { changed.add($0) }.count
    let already = result.subscriptions.count - added
    Console.error(
      "imported \(added) feed\(added == 1 ? "" : "s")"
        + (already > 0 ? " (\(already) followed already)" : ""))
    return added > 0 ? save(changed, at: url) : 0
  }

  /// The largest OPML file read: thousands of feeds take a few hundred kilobytes.
  static let maxOPMLBytes = 16 << 20

  /// The bytes of the OPML file at `path` (`-`: standard input), at most `maxOPMLBytes`; nil
  /// after saying why not.
  private static func opmlBytes(_ path: String) -> [UInt8]? {
    let shown = path == "-" ? "standard input" : path.escapingControls
    let read: Result<[UInt8], FileBytes.Failure>
    if path == "-" {
      read = FileBytes.read(STDIN_FILENO, upTo: maxOPMLBytes + 1)
    } else {
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        Console.error("\(shown): cannot read: not a file here; check the path")
        return nil
      }
      read = FileBytes.read(path, upTo: maxOPMLBytes + 1)
    }
    guard case .success(let data) = read else {
      Console.error("\(shown): cannot read: permission denied; check the file's permissions")
      return nil
    }
    guard data.count <= maxOPMLBytes else {
      Console.error("\(shown): more than \(maxOPMLBytes >> 20) MiB, which no OPML export is")
      return nil
    }
    return data
  }

  private static func export(_ words: [String], _ file: FeedsFile, showSecrets: Bool) -> Int32 {
    guard words.isEmpty else {
      return usage("export takes no FEED; it writes every feed followed", command: .export)
    }
    Console.out(
      OPMLWriter.document(
        file.subscriptions, title: "Feeds followed in Cascade",
        address: showSecrets ? { $0 } : URLSecrets.masked))
    return 0
  }

  private static func save(_ file: FeedsFile, at url: URL) -> Int32 {
    do {
      try file.save(to: url)
      return 0
    } catch {
      Console.error("cannot save the feeds followed: \(error)")
      return 1
    }
  }

  private static func usage(_ message: String, command: Command) -> Int32 {
    Console.error(UsageError(message, command: command.rawValue).description)
    return 2
  }
}
