import BrowserCore
import Foundation
import Testing

@testable import cascade

/// The feeds browsed last and the place in each, kept under `$XDG_STATE_HOME/cascade`, and
/// `cascade --last` opening the last one at that place.
@Suite struct RecentFeedsTests {
  /// A state home of its own.
  static func stateHome() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theListKeepsTheLatestFirstOncePerFeedUpToItsLimit() {
    var recent = RecentFeeds()
    for i in 0..<30 { recent.record(.init(feed: "/feeds/\(i).json")) }
    recent.record(.init(feed: "/feeds/25.json"))
    #expect(recent.feeds.count == RecentFeeds.limit)
    #expect(recent.feeds.first?.feed == "/feeds/25.json")
    #expect(recent.feeds.filter { $0.feed == "/feeds/25.json" }.count == 1)
    #expect(recent.feeds.last?.feed == "/feeds/10.json")
  }

  @Test func theListRoundTripsThroughItsFile() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = try #require(RecentFeeds.path(environment: ["XDG_STATE_HOME": home.path]))
    #expect(url.path == home.path + "/cascade/recent.json")
    var recent = RecentFeeds()
    recent.record(.init(feed: nil, place: .init(identity: "fern-1", selected: true, row: 3)))
    recent.record(.init(feed: "https://example.com/feed.json"))
    try recent.save(to: url)
    #expect(RecentFeeds.load(from: url) == recent)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path + "/cascade")
    #expect(leftovers == ["recent.json"], "no temporary file left behind")
  }

  /// Two browsers open at once: the one quitting last wrote back the list it read at its
  /// start, and the other's feed was gone.
  @Test func rememberingKeepsWhatAnotherBrowserSavedMeanwhile() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("cascade/recent.json")
    try RecentFeeds.remember(.init(feed: "/feeds/a.json"), at: url)
    try RecentFeeds.remember(.init(feed: "/feeds/b.json"), at: url)
    try RecentFeeds.remember(.init(feed: "/feeds/c.json"), at: url)
    #expect(
      RecentFeeds.load(from: url).feeds.map(\.feed) == [
        "/feeds/c.json", "/feeds/b.json", "/feeds/a.json",
      ])
  }

  /// The followed feeds, all together, are remembered as such: `--last` opens them again,
  /// and the sample feed (also no FEED) stays an entry of its own.
  @Test func theFollowedFeedsAreRememberedApartFromTheSample() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("cascade/recent.json")
    try RecentFeeds.remember(.init(feed: nil), at: url)
    try RecentFeeds.remember(.init(feed: nil, followed: true), at: url)
    try RecentFeeds.remember(.init(feed: nil, followed: true), at: url)
    let feeds = RecentFeeds.load(from: url).feeds
    #expect(feeds.map(\.followed) == [true, nil])
    #expect(feeds.allSatisfy { $0.feed == nil })
  }

  /// Browsers quitting at the same moment: each one's feed is in the list. Without a lock one
  /// was lost in 6 of 10 tries of two.
  @Test func browsersQuittingTogetherLoseNoFeed() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("cascade/recent.json")
    for round in 0..<5 {
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        try? RecentFeeds.remember(.init(feed: "/feeds/\(round)-\(index).json"), at: url)
      }
      let feeds = Set(RecentFeeds.load(from: url).feeds.compactMap(\.feed))
      for index in 0..<8 { #expect(feeds.contains("/feeds/\(round)-\(index).json")) }
    }
  }

  /// A URL's password and token are not written to disk; the entry keeps the URL masked and a
  /// hash of it, and `--last` asks for the address again instead of opening a masked one.
  @Test func aURLsSecretsAreNotWrittenDown() async throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("cascade/recent.json")
    let secret = "https://ann:hunter2@example.com/feed.json?api_key=SECRET123&page=2"
    let entry = try #require(RecentFeeds.argument(for: .url(secret)))
    try RecentFeeds.remember(entry, at: url)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    #expect(!text.contains("hunter2") && !text.contains("SECRET123"))
    #expect(RecentFeeds.load(from: url).feeds.first?.isMasked == true)
    let result = try await CascadeProcess.run(
      ["--last"], environment: ["XDG_STATE_HOME": home.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("held a password or a token"))
    #expect(!result.stderr.contains("hunter2"))
  }

  /// The place's identity is an item's picture URL when the item has no id: its password and
  /// token are masked there as the feed's are.
  @Test func aPlacesPictureURLSecretsAreNotWrittenDown() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("cascade/recent.json")
    var entry = try #require(RecentFeeds.argument(for: .url("https://example.com/feed.json")))
    entry.place = ReadingPlace(
      identity: "https://bob:opensesame@cdn.example/a.jpg?access_token=TOKEN42", selected: true,
      row: 2)
    try RecentFeeds.remember(entry, at: url)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    #expect(!text.contains("opensesame") && !text.contains("TOKEN42"), "\(text)")
    #expect(
      RecentFeeds.load(from: url).feeds.first?.place?.identity.contains("cdn.example") == true)
  }

  /// The list is its owner's alone, whatever the mode of a folder that was already there.
  @Test func theFileIsReadableByItsOwnerOnly() throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let folder = home.appendingPathComponent("cascade")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try RecentFeeds().save(to: folder.appendingPathComponent("recent.json"))
    let mode = try #require(
      try FileManager.default.attributesOfItem(atPath: folder.path + "/recent.json")[
        .posixPermissions] as? Int)
    #expect(mode == 0o600)
  }

  /// A list that cannot be saved says why in words; it printed an NSError's dump.
  @Test func aSaveThatFailsSaysWhy() throws {
    let file = try CascadeProcess.temporaryFile("not a folder")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try RecentFeeds().save(to: file.appendingPathComponent("cascade/recent.json"))
      Issue.record("saved under a file")
    } catch {
      #expect(error.description == "cannot create the folder \(file.path)/cascade")
    }
  }

  @Test func anUnreadableListIsAnEmptyOne() throws {
    let file = try CascadeProcess.temporaryFile("{\"feeds\": [oops")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(RecentFeeds.load(from: file).feeds.isEmpty)
  }

  @Test func theStateFolderFallsBackToHome() {
    let url = RecentFeeds.path(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "relative"])
    #expect(url?.path == "/home/ann/.local/state/cascade/recent.json")
  }

  @Test func lastWithAFeedIsAUsageError() async throws {
    let result = try await CascadeProcess.run(["--last", "feed.json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("give no FEED with it"))
  }

  @Test func lastWithNothingBrowsedSaysSo() async throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await CascadeProcess.run(
      ["--last"], environment: ["XDG_STATE_HOME": home.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no feed to reopen"))
  }

  /// Browse a feed file, select a box further down, quit; `--last` from another folder opens
  /// the same file with the same box selected and the same items in view.
  @Test(.enabled(if: TmuxSession.isAvailable))
  func lastReopensTheFeedAtTheSamePlace() async throws {
    let home = try Self.stateHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let feed = CascadeProcess.packageRoot.appendingPathComponent("Resources/sample-feed.json")
    let binary = CascadeProcess.binary.path
    let environment = ["XDG_STATE_HOME": home.path, "XDG_CONFIG_HOME": home.path]
    let first = try TmuxSession(
      command: "cd '\(feed.deletingLastPathComponent().path)' && '\(binary)' --no-images "
        + "--columns 3 sample-feed.json", environment: environment)
    defer { first.close() }
    #expect(try await first.waitFor("240 items").0)
    try await first.send("Space")
    try await first.send("Space")
    try await first.send("Tab")
    try await first.send("Tab")
    // The second Tab's selection drawn, and the screen settled.
    let (moved, _) = try await first.waitFor { $0.contains("┏") && !$0.contains(" 0%") }
    #expect(moved)
    var before = try await first.capture()
    for _ in 0..<50 {
      try await Task.sleep(for: .milliseconds(200))
      let again = try await first.capture()
      if again == before { break }
      before = again
    }
    try await first.send("q")
    let file = home.appendingPathComponent("cascade/recent.json")
    var saved = RecentFeeds()
    for _ in 0..<100 where saved.feeds.isEmpty {
      saved = RecentFeeds.load(from: file)
      try await Task.sleep(for: .milliseconds(100))
    }
    let entry = try #require(saved.feeds.first)
    #expect(entry.feed == feed.path, "a relative FEED is remembered by its absolute path")
    #expect(entry.place?.selected == true)

    let second = try TmuxSession(
      command: "cd / && '\(binary)' --last --no-images --columns 3", environment: environment)
    defer { second.close() }
    let (shown, after) = try await second.waitFor("240 items")
    #expect(shown, "\(after)")
    // The items in view and the position; the message differs (the first run's has expired).
    func place(_ screen: String) -> String? {
      let status = TmuxSession.statusLine(screen)
      return status.range(of: #"[0-9]+-[0-9]+ +[0-9]+%"#, options: .regularExpression)
        .map { String(status[$0]) }
    }
    #expect(place(after) != nil)
    #expect(place(after) == place(before), "\(after)")
    #expect(after.contains("┏"), "the box is selected again")
  }
}
