import BrowserCore
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import PictureKit

/// The feeds opened last and the place in each, under `$XDG_STATE_HOME/cascade` (else
/// `~/.local/state/cascade`), for `cascade --last`.
///
/// The file is state, not configuration: it is rewritten on every quit, always whole, through
/// a temporary file renamed into place, so a crash or two browsers quitting at once leave
/// either list but never half of one; two browsers quitting at once take turns under a lock on
/// `recent.json.lock`, each adding its feed to the list the other left. A file that cannot be
/// read is treated as empty: losing the list of recent feeds must never stop the browser.
///
/// A URL that holds a password or a token (`URLSecrets`) is kept masked, beside the SHA-256
/// of the whole URL: the secret is never on disk, and `--last` asks for the URL again.
struct RecentFeeds: Codable, Equatable {
  /// One feed and where the reader was in it.
  struct Entry: Codable, Equatable {
    /// The FEED argument as it can be opened from any folder (a file's absolute path); nil
    /// for the sample feed. A URL with its secrets masked when it had any.
    var feed: String?
    var place: ReadingPlace?
    /// The SHA-256 of the whole URL, when `feed` is masked.
    var key: String?
    /// Whether this was the followed feeds, all together (`cascade` alone): `--last` opens
    /// them again, not the sample feed a nil `feed` names otherwise.
    var followed: Bool?

    /// Whether `feed` had secrets masked, and so cannot be opened again as it is.
    var isMasked: Bool { key != nil }
  }

  /// Most recent first.
  var feeds: [Entry] = []

  /// How many feeds are remembered.
  static let limit = 20

  /// `$XDG_STATE_HOME/cascade/recent.json`, else `~/.local/state/cascade/recent.json`; a
  /// relative `XDG_STATE_HOME` is ignored, as the XDG rules say.
  static func path(environment: [String: String]) -> URL? {
    XDGFolders(environment: environment).state.map {
      URL(fileURLWithPath: $0).appendingPathComponent("cascade/recent.json")
    }
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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else {
      throw SaveError(step: "cannot encode the list", code: nil)
    }
    try PrivateFile.write(data, to: url)
  }

  /// Puts `entry` first in the list at `url` as it is now, and saves it: read again rather
  /// than kept from the start, since another browser may have quit meanwhile, and its feed
  /// must not be lost by writing back the list as it was.
  ///
  /// The read and the write happen under an exclusive lock, so that of two browsers quitting
  /// together the second reads what the first wrote.
  static func remember(_ entry: Entry, at url: URL) throws(SaveError) {
    try PrivateFile.withLock(on: url) { () throws(SaveError) in
      var latest = load(from: url)
      latest.record(entry)
      try latest.save(to: url)
    }
  }

  /// Why the list could not be saved.
  typealias SaveError = PrivateFile.SaveError

  /// Puts `entry` first, dropping an older entry for the same feed and the oldest past `limit`.
  /// The place's identity is masked as the feed's URL is: an item with no id of its own is
  /// known by its picture's URL, which can hold a password or a token too.
  mutating func record(_ entry: Entry) {
    var entry = entry
    if let identity = entry.place?.identity { entry.place?.identity = URLSecrets.masked(identity) }
    feeds.removeAll {
      $0.feed == entry.feed && $0.key == entry.key && $0.followed == entry.followed
    }
    feeds.insert(entry, at: 0)
    if feeds.count > Self.limit { feeds.removeLast(feeds.count - Self.limit) }
  }

  /// The FEED argument to remember for `source`, or nil when it cannot be opened again:
  /// standard input is gone once read.
  static func argument(for source: FeedSource) -> Entry? {
    switch source {
    case .sample: Entry(feed: nil)
    // Several feeds are one command line's, not one feed to go back to.
    case .standardInput, .several: nil
    case .url(let url), .template(let url):
      URLSecrets.holdsSecret(url)
        ? Entry(feed: URLSecrets.masked(url), key: SHA256.hex(url)) : Entry(feed: url)
    case .file(let path):
      Entry(
        feed: path.hasPrefix("/")
          ? path
          : URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(path).standardizedFileURL.path)
    }
  }
}
