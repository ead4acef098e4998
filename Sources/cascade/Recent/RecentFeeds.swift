import BrowserCore
import FeedKit
import Foundation

/// The feeds opened last and the place in each, under `$XDG_STATE_HOME/cascade` (else
/// `~/.local/state/cascade`), for `cascade --last`.
///
/// The file is state, not configuration: it is rewritten on every quit, always whole, through
/// a temporary file renamed into place, so a crash or two browsers quitting at once leave
/// either list but never half of one. A file that cannot be read is treated as empty: losing
/// the list of recent feeds must never stop the browser.
struct RecentFeeds: Codable, Equatable {
  /// One feed and where the reader was in it.
  struct Entry: Codable, Equatable {
    /// The FEED argument as it can be opened from any folder (a file's absolute path); nil
    /// for the sample feed.
    var feed: String?
    var place: ReadingPlace?
  }

  /// Most recent first.
  var feeds: [Entry] = []

  /// How many feeds are remembered.
  static let limit = 20

  /// `$XDG_STATE_HOME/cascade/recent.json`, else `~/.local/state/cascade/recent.json`; a
  /// relative `XDG_STATE_HOME` is ignored, as the XDG rules say.
  static func path(environment: [String: String]) -> URL? {
    if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") {
      return URL(fileURLWithPath: base).appendingPathComponent("cascade/recent.json")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/cascade/recent.json")
  }

  /// The list at `url`; empty when there is none or it cannot be read.
  static func load(from url: URL) -> RecentFeeds {
    guard let data = try? Data(contentsOf: url),
      let recent = try? JSONDecoder().decode(RecentFeeds.self, from: data)
    else { return RecentFeeds() }
    return recent
  }

  /// Writes the list atomically, creating its folder (readable by its owner only: the feeds a
  /// person reads are their business).
  func save(to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: url, options: .atomic)
  }

  /// Puts `entry` first, dropping an older entry for the same feed and the oldest past `limit`.
  mutating func record(_ entry: Entry) {
    feeds.removeAll { $0.feed == entry.feed }
    feeds.insert(entry, at: 0)
    if feeds.count > Self.limit { feeds.removeLast(feeds.count - Self.limit) }
  }

  /// The FEED argument to remember for `source`, or nil when it cannot be opened again:
  /// standard input is gone once read.
  static func argument(for source: FeedSource) -> Entry? {
    switch source {
    case .sample: Entry(feed: nil)
    case .standardInput: nil
    case .url(let url), .template(let url): Entry(feed: url)
    case .file(let path):
      Entry(
        feed: path.hasPrefix("/")
          ? path
          : URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(path).standardizedFileURL.path)
    }
  }
}
