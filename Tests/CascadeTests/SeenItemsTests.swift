import BrowserCore
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import cascade

/// What is kept of each followed feed between visits, and what a visit finds new.
@Suite struct SeenItemsTests {
  let feed = "https://u:pw@photos.example/rss?token=abc"

  @Test func aFirstVisitHasNothingNewAndASecondTheItemsAddedSince() {
    var seen = SeenItems()
    let first = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [1, 2])], at: 100)
    #expect(first.newItems.isEmpty && first.newCount == 0)
    #expect(first.feeds == [SeenItems.Visit.Feed(name: "Photos", newCount: 0, lastRead: 100)])
    let second = seen.visit(
      [FeedOutcome(source: feed, name: "Photos", items: [4, 3, 2, 1])], at: 200)
    #expect(second.newItems == [3, 4] && second.newCount == 2)
    #expect(second.feeds.first?.lastRead == 200)
    let third = seen.visit(
      [FeedOutcome(source: feed, name: "Photos", items: [4, 3, 2, 1])], at: 300)
    #expect(third.newCount == 0)
  }

  @Test func aFeedThatCannotBeReadKeepsItsRecordAndSaysWhenItWasRead() {
    var seen = SeenItems()
    _ = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [1])], at: 100)
    let failed = seen.visit(
      [FeedOutcome(source: feed, name: "Photos", error: "no answer within 15 s")], at: 200)
    #expect(
      failed.feeds == [
        SeenItems.Visit.Feed(
          name: "Photos", newCount: 0, lastRead: 100, error: "no answer within 15 s")
      ])
    let back = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [1, 9])], at: 300)
    #expect(back.newItems == [9])
  }

  @Test func itemsAndFeedsAreBounded() {
    var seen = SeenItems()
    let many = (0..<UInt64(SeenItems.itemsPerFeed + 500)).map { $0 }
    _ = seen.visit([FeedOutcome(source: feed, name: "Photos", items: many)], at: 1)
    #expect(seen.feeds.values.first?.items.count == SeenItems.itemsPerFeed)
    // The newest items of the feed are those kept.
    #expect(seen.feeds.values.first?.items.last == many.last)
    let feeds = (0..<(SeenItems.feedCount + 20)).map {
      FeedOutcome(source: "https://example.com/\($0)", name: "\($0)", items: [1])
    }
    for (index, outcome) in feeds.enumerated() {
      _ = seen.visit([outcome], at: Double(10 + index))
    }
    #expect(seen.feeds.count == SeenItems.feedCount)
    // The feeds read last are those kept.
    #expect(seen.feeds[SeenItems.key(of: "https://example.com/\(SeenItems.feedCount + 19)")] != nil)
    #expect(seen.feeds[SeenItems.key(of: feed)] == nil)
  }

  @Test func theFileHoldsNoAddressOrSecretAndIsTheOwnersAlone() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = try #require(SeenItems.path(environment: ["XDG_STATE_HOME": folder]))
    #expect(url.path == folder + "/cascade/seen.json")
    var seen = SeenItems()
    _ = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [7])], at: 5)
    try seen.save(to: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    for secret in ["pw", "abc", "photos.example", "Photos"] {
      #expect(!text.contains(secret), "\(text)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
    #expect((mode as? Int) == 0o600)
    #expect(SeenItems.load(from: url) == seen)
    // A feed is kept under its masked address: the same feed with another token is the same.
    #expect(
      SeenItems.key(of: feed) == SeenItems.key(of: "https://u:other@photos.example/rss?token=xyz"))
  }

  @Test func itemsAreKeptAsHexadecimalAndReadBackWhole() throws {
    let items: [UInt64] = [0, 1, 0xdead_beef, .max, 0x0123_4567_89ab_cdef]
    let hex = SeenItems.Record.hex(items)
    #expect(hex.count == 16 * items.count)
    #expect(hex.hasPrefix("0000000000000000" + "0000000000000001"))
    #expect(SeenItems.Record.items(hex: hex) == items)
    #expect(SeenItems.Record.items(hex: "") == [])
    #expect(SeenItems.Record.items(hex: "123") == nil)
    #expect(SeenItems.Record.items(hex: String(repeating: "g", count: 16)) == nil)
    let record = #"{"feeds": {"ab": {"lastRead": 5, "items": "00000000000000ff"}}}"#
    let seen = try JSONDecoder().decode(SeenItems.self, from: Data(record.utf8))
    #expect(seen.feeds["ab"] == SeenItems.Record(lastRead: 5, items: [255]))
  }

  @Test func aFileThatCannotBeReadCountsFromThisVisitOn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = URL(fileURLWithPath: folder + "/seen.json")
    try Data("{not json".utf8).write(to: url)
    #expect(SeenItems.load(from: url) == SeenItems())
  }

  @Test func aVisitGivesTheBrowserItsFeedsAndNewItems() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = URL(fileURLWithPath: folder + "/state/cascade/seen.json")
    let now = 1_796_520_600.0
    _ = FollowedFeeds.visit(
      [FeedOutcome(source: feed, name: "Photos", items: [1])], seenAt: url, now: now,
      clock: .utc)
    let visit = FollowedFeeds.visit(
      [
        FeedOutcome(source: feed, name: "Photos", items: [2, 1]),
        FeedOutcome(source: "/srv/gone.json", name: "Gone", error: "no such file"),
      ], seenAt: url, now: now + 60, clock: .utc)
    #expect(visit.newItems == [2] && visit.problem == nil)
    #expect(visit.feeds.map(\.newCount) == [1, 0])
    #expect(visit.feeds.map(\.lastRead) == ["01:31", "never"])
    #expect(visit.feeds.map(\.error) == [nil, "no such file"])
  }

  /// The panel's row names the feed already: its error there starts with what went wrong, not
  /// with the feed's address again, which pushed `still loading` out of a narrow panel.
  @Test func aFeedsErrorInThePanelLeavesOutItsAddress() {
    let visit = FollowedFeeds.visit(
      [
        FeedOutcome(
          source: "https://slow.example/feed.xml", name: "Slow",
          error: "https://slow.example/feed.xml: still loading (no answer within 5 s)"),
        FeedOutcome(source: "/srv/gone.json", name: "Gone", error: "no such file"),
        FeedOutcome(
          source: "https://a.example/x", name: "A",
          error: "https://a.example/x.json: HTTP 404"),
      ], seenAt: nil, now: 100, clock: .utc)
    #expect(
      visit.feeds.map(\.error) == [
        "still loading (no answer within 5 s)", "no such file",
        "https://a.example/x.json: HTTP 404",
      ])
  }

  /// A followed feed first read late in a visit (past the opening's patience) gets a record
  /// when its items are recorded, so the next visit counts what is new in it; before, it had
  /// none until a visit read it within the patience, and its new items went unmarked.
  @Test func aFeedFirstReadLateIsRecordedAndItsNewItemsCountNextTime() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = URL(fileURLWithPath: folder + "/cascade/seen.json")
    let slow = "https://slow.example/feed.xml"
    let opening = [
      FeedOutcome(source: feed, name: "Photos", items: [1]),
      FeedOutcome(source: slow, name: "Slow", error: "still loading"),
    ]
    _ = FollowedFeeds.visit(opening, seenAt: url, now: 100, clock: .utc)
    FollowedFeeds.record(["Slow": [7, 8]], of: opening, seenAt: url, now: 130)
    #expect(SeenItems.load(from: url).feeds[SeenItems.key(of: slow)]?.items == [7, 8])
    let next = FollowedFeeds.visit(
      [
        FeedOutcome(source: feed, name: "Photos", items: [1]),
        FeedOutcome(source: slow, name: "Slow", items: [9, 8, 7]),
      ], seenAt: url, now: 200, clock: .utc)
    #expect(next.feeds.map(\.newCount) == [0, 1])
    #expect(next.newItems == [9])
  }

  @Test func itemsARefreshBroughtAreAddedAsSeenToTheirFeed() {
    var seen = SeenItems()
    _ = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [1, 2])], at: 100)
    seen.add([3, 2], to: feed)
    seen.add([9], to: "https://never.example/read")
    #expect(seen.feeds[SeenItems.key(of: feed)]?.items == [1, 2, 3])
    #expect(seen.feeds.count == 1)
    let next = seen.visit([FeedOutcome(source: feed, name: "Photos", items: [3, 2, 1])], at: 200)
    #expect(next.newCount == 0)
  }

  /// Browsers that quit together each record what their refreshes brought under the file's
  /// lock: every one's items are there after, none written over by another's older read.
  @Test func browsersQuittingTogetherLoseNoItem() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let url = URL(fileURLWithPath: folder + "/cascade/seen.json")
    let outcomes = (0..<8).map { FeedOutcome(source: "/feeds/\($0).json", name: "F\($0)") }
    _ = FollowedFeeds.visit(outcomes, seenAt: url, now: 100)
    for round in 0..<4 {
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        FollowedFeeds.record(
          ["F\(index)": [UInt64(round * 8 + index + 1)]], of: outcomes, seenAt: url, now: 200)
      }
      let seen = SeenItems.load(from: url)
      for index in 0..<8 {
        let items = seen.feeds[SeenItems.key(of: "/feeds/\(index).json")]?.items ?? []
        #expect(items.contains(UInt64(round * 8 + index + 1)), "round \(round), feed \(index)")
      }
    }
    // Nothing left beside the file but its lock.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/cascade").sorted()
    #expect(left == ["seen.json", "seen.json.lock"])
  }
}
