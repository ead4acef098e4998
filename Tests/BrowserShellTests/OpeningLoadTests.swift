import FeedKit
import FeedModel
import Locking
import Testing

@testable import BrowserShell

/// A feed whose first load hands out `batches` and then ends with `end`, each step released by
/// the test, so that pieces can arrive before and after the browser listens.
private final class SteppedFeed: FeedPaging, Sendable {
  let batches: [[FeedItem]]
  let end: FeedUpdate
  private let released = Locked(0)

  init(batches: [[FeedItem]], end: FeedUpdate) {
    self.batches = batches
    self.end = end
  }

  /// Lets the load go on to step `count` (a batch each, then the end).
  func release(upTo count: Int) { released.withLock { $0 = count } }

  func refresh() async -> FeedUpdate { end }

  func refresh(partial: (@Sendable ([FeedItem]) -> Void)?) async -> FeedUpdate {
    for (i, batch) in batches.enumerated() {
      while released.withLock({ $0 }) <= i { try? await Task.sleep(for: .milliseconds(2)) }
      partial?(batch)
    }
    while released.withLock({ $0 }) <= batches.count {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return end
  }

  func loadMore() async -> FeedUpdate { .endOfFeed }
  var title: String? { "Stepped" }
}

private func items(_ range: Range<Int>) -> [FeedItem] {
  range.map { FeedItem(imageURL: "https://example.com/\($0).jpg", width: 10, height: 10) }
}

/// What a listener was given, in order.
private final class Heard: Sendable {
  private let pieces = Locked<[String]>([])
  func add(_ piece: OpeningLoad.Piece) {
    let text: String
    switch piece {
    case .items(let items): text = "items \(items.count)"
    case .end(let update, let title):
      if case .appended(let rest, _, _) = update {
        text = "end \(rest.count) \(title ?? "")"
      } else {
        text = "end \(update)"
      }
    }
    pieces.withLock { $0.append(text) }
  }
  var all: [String] { pieces.withLock { $0 } }
}

@Suite struct OpeningLoadTests {
  /// The first screen takes every batch decoded by then, in one; the later ones and the end
  /// reach the listener in order, those that came before it listened first.
  @Test func piecesArriveInOrderBeforeAndAfterListening() async throws {
    let feed = SteppedFeed(
      batches: [items(0..<3), items(3..<5), items(5..<9), items(9..<10)],
      end: .appended(items(10..<12), skipped: SkipReport(), hasMore: false))
    feed.release(upTo: 2)
    let load = OpeningLoad.begin(feed)
    // Both batches released before the first is taken are merged (or the first alone, if the
    // command asked before the second came).
    guard case .items(let first) = await load.opening() else {
      Issue.record("the first piece is the first items")
      return
    }
    #expect(first.map(\.imageURL) == items(0..<first.count).map(\.imageURL))
    #expect(first.count == 3 || first.count == 5)
    feed.release(upTo: 3)
    // Wait until the third batch is waiting, then listen: it comes at once, then the rest.
    try await Task.sleep(for: .milliseconds(50))
    let heard = Heard()
    load.listen { heard.add($0) }
    feed.release(upTo: 5)
    let deadline = ContinuousClock.now + .seconds(30)
    while heard.all.last?.hasPrefix("end") != true, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    let expected =
      (first.count == 3 ? ["items 2"] : []) + ["items 4", "items 1", "end 2 Stepped"]
    #expect(heard.all == expected)
  }

  /// A feed that fails at once gives its failure as the first piece, before any terminal is
  /// touched.
  @Test func aFailureIsTheFirstPiece() async {
    let feed = SteppedFeed(
      batches: [], end: .failed(.unreadable(source: "x.json", detail: "no such file")))
    feed.release(upTo: 1)
    guard case .end(.failed(let error), _) = await OpeningLoad.begin(feed).opening() else {
      Issue.record("the failure comes first")
      return
    }
    #expect("\(error)".contains("no such file"))
  }

  /// With streaming off (a place to return to), the page comes whole.
  @Test func withoutStreamingThePageComesWhole() async {
    let feed = SteppedFeed(
      batches: [], end: .replaced(items(0..<4), skipped: SkipReport(), hasMore: false))
    feed.release(upTo: 1)
    guard
      case .end(.replaced(let all, _, _), let title) = await OpeningLoad.begin(
        feed, streams: false
      ).opening()
    else {
      Issue.record("the page comes whole")
      return
    }
    #expect(all.count == 4 && title == "Stepped")
  }
}
