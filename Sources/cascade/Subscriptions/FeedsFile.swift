import FeedKit
import FeedModel
import FoundationEssentials

/// The feeds a person follows: a plain file, `$XDG_CONFIG_HOME/cascade/feeds` (else
/// `~/.config/cascade/feeds`), edited by hand as newsboat's urls file is:
///
///     # comments and blank lines are kept as they are
///     https://example.org/photos.xml Example photos
///     [Photography/Film]
///     "/home/me/My Pictures" Holidays
///     []
///
/// One feed a line: its URL or path (in double quotes when it holds a space), then an
/// optional name. A line `[Folder/Inner]` files the feeds under it in that folder, `[]` ends
/// it. `add`, `remove` and `import` change only their own lines, so a person's comments and
/// order stay; the file is written whole and atomically, readable by its owner alone, since
/// its URLs may hold passwords and tokens (shown masked everywhere else).
struct FeedsFile: Equatable {
  /// One line of the file as written, and what it says.
  struct Line: Equatable {
    enum Kind: Equatable {
      case feed(Subscription)
      case folder([String])
      case other
    }
    var text: String
    var kind: Kind
  }

  /// A line the file cannot be read by: where, and why.
  struct ReadError: Error, CustomStringConvertible {
    var path: String
    var line: Int
    var reason: String
    var description: String { "\(path), line \(line): \(reason); correct or remove the line" }
  }

  var lines: [Line] = []

  /// `$XDG_CONFIG_HOME/cascade/feeds`, else `~/.config/cascade/feeds`; nil with neither
  /// (a relative `XDG_CONFIG_HOME` is ignored, as the XDG rules say).
  static func path(environment: [String: String]) -> URL? {
    XDGFolders(environment: environment).config.map {
      URL(fileURLWithPath: $0).appendingPathComponent("cascade/feeds")
    }
  }

  /// The file at `url`; empty when there is none yet.
  static func load(from url: URL) throws(ReadError) -> FeedsFile {
    guard FileManager.default.fileExists(atPath: url.path) else { return FeedsFile() }
    guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8)
    else {
      throw ReadError(path: url.path, line: 0, reason: "cannot be read as UTF-8 text")
    }
    return try parse(text, path: url.path)
  }

  static func parse(_ text: String, path: String) throws(ReadError) -> FeedsFile {
    var file = FeedsFile()
    var folders: [String] = []
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let text = String(raw.hasSuffix("\r") ? raw.dropLast() : raw)
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty || trimmed.hasPrefix("#") {
        file.lines.append(Line(text: text, kind: .other))
      } else if trimmed.hasPrefix("[") {
        guard trimmed.hasSuffix("]") else {
          throw ReadError(path: path, line: number, reason: "a folder line ends with ]")
        }
        folders = trimmed.dropFirst().dropLast().split(separator: "/")
          .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        file.lines.append(Line(text: text, kind: .folder(folders)))
      } else {
        let (feed, name) = try split(trimmed, path: path, line: number)
        do {
          _ = try FeedSource(argument: feed)
        } catch {
          throw ReadError(path: path, line: number, reason: URLSecrets.masking(in: "\(error)"))
        }
        guard feed != "-" else {
          throw ReadError(path: path, line: number, reason: "standard input cannot be followed")
        }
        file.lines.append(
          Line(text: text, kind: .feed(Subscription(feed: feed, name: name, folders: folders))))
      }
    }
    // The newline that ends the last line is not a line of its own.
    if file.lines.last == Line(text: "", kind: .other) { file.lines.removeLast() }
    return file
  }

  /// A feed line's address and name.
  private static func split(_ line: String, path: String, line number: Int) throws(ReadError)
    -> (String, String?)
  {
    var rest = Substring(line)
    let feed: Substring
    if rest.hasPrefix("\"") {
      rest = rest.dropFirst()
      guard let end = rest.firstIndex(of: "\"") else {
        throw ReadError(path: path, line: number, reason: "a quoted address has no closing \"")
      }
      feed = rest[..<end]
      rest = rest[rest.index(after: end)...]
    } else {
      let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
      feed = rest[..<end]
      rest = rest[end...]
    }
    let name = rest.trimmingWhitespace()
    return (String(feed), name.isEmpty ? nil : name)
  }

  var subscriptions: [Subscription] {
    lines.compactMap { if case .feed(let subscription) = $0.kind { subscription } else { nil } }
  }

  /// The file's text.
  var text: String { lines.map { $0.text + "\n" }.joined() }

  /// Adds `subscription` at the end, in its folder; false when its feed is followed already.
  mutating func add(_ subscription: Subscription) -> Bool {
    guard !subscriptions.contains(where: { $0.feed == subscription.feed }) else { return false }
    let current = lines.last { if case .folder = $0.kind { true } else { false } }
    var folders: [String] = []
    if case .folder(let open)? = current?.kind { folders = open }
    if folders != subscription.folders {
      let header = "[" + subscription.folders.joined(separator: "/") + "]"
      lines.append(Line(text: header, kind: .folder(subscription.folders)))
    }
    lines.append(Line(text: Self.line(for: subscription), kind: .feed(subscription)))
    return true
  }

  /// Removes the feeds `what` names: its address (as written, as shown masked, or a path's
  /// absolute form) or its name (in any case). Nil, removing nothing, when a name names more
  /// than one feed; the feeds removed otherwise (none when nothing matches).
  mutating func remove(_ what: String) -> [Subscription]? {
    let absolute = FeedsFile.address(what)
    let byAddress = subscriptions.filter {
      $0.feed == what || $0.feed == absolute || URLSecrets.masked($0.feed) == what
    }
    let chosen =
      byAddress.isEmpty
      ? subscriptions.filter { $0.name?.lowercased() == what.lowercased() } : byAddress
    guard chosen.count <= 1 || !byAddress.isEmpty else { return nil }
    lines.removeAll { line in
      if case .feed(let subscription) = line.kind { chosen.contains(subscription) } else { false }
    }
    return chosen
  }

  /// The line that follows `subscription`: its address (quoted when it holds white space or
  /// starts like a comment or a folder), then its name.
  static func line(for subscription: Subscription) -> String {
    let feed = subscription.feed
    let quoted =
      feed.contains(where: \.isWhitespace) || feed.hasPrefix("#") || feed.hasPrefix("[")
      ? "\"\(feed)\"" : feed
    let name = subscription.name?.split(whereSeparator: \.isNewline).joined(separator: " ")
    return quoted + (name.map { " " + $0 } ?? "")
  }

  /// A FEED as it is followed: a path made absolute (to open from any folder), a URL as it is.
  static func address(_ argument: String) -> String {
    guard case .file(let path)? = try? FeedSource(argument: argument), !path.hasPrefix("/")
    else { return argument }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent(path).standardizedFileURL.path
  }

  /// Writes the file atomically, 0600.
  func save(to url: URL) throws(PrivateFile.SaveError) {
    try PrivateFile.write(Data(text.utf8), to: url)
  }
}
