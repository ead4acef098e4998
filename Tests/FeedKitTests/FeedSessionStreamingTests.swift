import FeedModel
import Foundation
import Locking
import Testing

@testable import FeedKit

/// What `FeedSession.refresh(partial:)` handed out, batch by batch.
private final class Handed: Sendable {
  private let state = Locked<[[FeedItem]]>([])
  func add(_ items: [FeedItem]) { state.withLock { $0.append(items) } }
  var batches: [[FeedItem]] { state.withLock { $0 } }
}

/// A classic feed file of `count` items (some 90 bytes each), every `duplicateEvery`th one
/// repeating the identity of an item far before it (another read's worth back); plus `tail`.
private func feedFile(_ count: Int, duplicateEvery: Int = 0, tail: String = "]") throws -> String {
  var text = "[\n"
  for i in 0..<count {
    if i > 0 { text += ",\n" }
    let n = duplicateEvery > 0 && i > 20_000 && i % duplicateEvery == 0 ? i - 20_000 : i
    text +=
      #"{"img": "https://images.example.com/feed/\#(n).jpg", "width": "1200", "height": "800"}"#
  }
  let path = NSTemporaryDirectory() + "session-streaming-\(UUID().uuidString).json"
  try Data((text + tail + "\n").utf8).write(to: URL(fileURLWithPath: path))
  return path
}

@Suite struct FeedSessionStreamingTests {
  /// A large first page is handed out while it is decoded; the batches and then the update's
  /// items are exactly what a refresh without streaming gives, duplicates dropped across
  /// batches too.
  @Test func theFirstPageComesInBatchesThenTheRest() async throws {
    let path = try feedFile(40_000, duplicateEvery: 7)
    defer { unlink(path) }
    let expected = try #require(
      await { () async -> [String]? in
        guard case .replaced(let items, _, _) = await FeedSession(source: .file(path)).refresh()
        else { return nil }
        return items.map(\.identity)
      }())
    #expect(expected.count < 40_000)

    let session = FeedSession(source: .file(path))
    let handed = Handed()
    let update = await session.refresh { handed.add($0) }
    guard case .appended(let rest, _, let hasMore) = update else {
      Issue.record("expected the rest of the page, got \(update)")
      return
    }
    #expect(!hasMore)
    // 3.6 MB read a MiB at a time: more than one batch before the end.
    #expect(handed.batches.count >= 2)
    let all = handed.batches.joined().map(\.identity) + rest.map(\.identity)
    #expect(all == expected)
    #expect(await session.loadedIdentities == expected)
    // Each repeat dropped on the way is reported, by its place in the page.
    guard case .appended(_, let skipped, _) = update else { return }
    #expect(skipped.count == 40_000 - expected.count)
    #expect(
      skipped.firstReason == "item 20007: the same picture URL as an item already in the feed")
  }

  /// A refresh of a feed already loaded keeps what is shown until the new page is whole.
  @Test func aLaterRefreshDoesNotStream() async throws {
    let path = try feedFile(30_000)
    defer { unlink(path) }
    let session = FeedSession(source: .file(path))
    _ = await session.refresh { _ in }
    let handed = Handed()
    let update = await session.refresh { handed.add($0) }
    guard case .replaced(let items, _, _) = update else {
      Issue.record("expected the whole page, got \(update)")
      return
    }
    #expect(items.count == 30_000)
    #expect(handed.batches.isEmpty)
    #expect(await session.itemCount == 30_000)
  }

  /// A page that breaks after its first items were handed out fails, and the items handed out
  /// stay loaded: they are on the reader's screen.
  @Test func aPageThatBreaksKeepsWhatWasHandedOut() async throws {
    let path = try feedFile(30_000, tail: ", {\"img\": ]")
    defer { unlink(path) }
    let session = FeedSession(source: .file(path))
    let handed = Handed()
    let update = await session.refresh { handed.add($0) }
    guard case .failed(let error) = update else {
      Issue.record("expected the error, got \(update)")
      return
    }
    #expect("\(error)".contains("line 30001"), "\(error)")
    let given = handed.batches.joined().map(\.identity)
    #expect(given.count > 10_000)
    #expect(await session.loadedIdentities == given)
  }

  /// Only local classic pages stream; the others come whole.
  @Test func otherSourcesComeWhole() async throws {
    let handed = Handed()
    let update = await FeedSession(source: .sample).refresh { handed.add($0) }
    guard case .replaced(let items, _, _) = update else {
      Issue.record("expected the whole page, got \(update)")
      return
    }
    #expect(!items.isEmpty)
    #expect(handed.batches.isEmpty)
  }
}
