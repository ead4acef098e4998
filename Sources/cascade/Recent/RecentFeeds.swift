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

  /// Writes the list atomically, creating its folder; both readable by their owner only (the
  /// feeds a person reads are their business), the file whatever the folder's mode.
  /// - Throws: a `SaveError` that says what failed, in words.
  func save(to url: URL) throws(SaveError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw SaveError(step: "cannot create the folder \(folder.path)", code: nil)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else {
      throw SaveError(step: "cannot encode the list", code: nil)
    }
    // A temporary file beside it, renamed into place: a reader sees the old list or the new.
    let temporary = url.path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SaveError(step: "cannot write \(temporary)", code: errno) }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let code = errno
    close(descriptor)
    guard written == data.count else {
      unlink(temporary)
      throw SaveError(step: "cannot write \(temporary)", code: written < 0 ? code : ENOSPC)
    }
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SaveError(step: "cannot replace \(url.path)", code: code)
    }
  }

  /// Puts `entry` first in the list at `url` as it is now, and saves it: read again rather
  /// than kept from the start, since another browser may have quit meanwhile, and its feed
  /// must not be lost by writing back the list as it was.
  static func remember(_ entry: Entry, at url: URL) throws(SaveError) {
    var latest = load(from: url)
    latest.record(entry)
    try latest.save(to: url)
  }

  /// Why the list could not be saved.
  struct SaveError: Error, CustomStringConvertible {
    var step: String
    var code: Int32?

    var description: String {
      code.map { "\(step): \(String(cString: strerror($0)))" } ?? step
    }
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
