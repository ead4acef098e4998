import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// The loaders report bytes read, the total when known, and the items once decoded.
@Suite struct LoadProgressTests {
  @Test func aFileReportsItsSizeBytesAndItems() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/feed.json"
    let json = feedJSON((1...50).map { "item\($0)" })
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    var options = LoadOptions()
    let progress = LoadProgress()
    options.progress = progress
    _ = try await FeedLoader(options: options).load(.file(path))
    let done = progress.snapshot
    #expect(done.bytes == json.utf8.count)
    #expect(done.total == json.utf8.count)
    #expect(done.items == 50)
    #expect(!done.isLoading)
    #expect(done.fraction == 1)
  }

  @Test func anHTTPPageReportsContentLengthAndBytes() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let json = feedJSON((1...20).map { "item\($0)" })
    server.route("/feed", reply: .json(json))
    var options = LoadOptions()
    let progress = LoadProgress()
    options.progress = progress
    _ = try await FeedLoader(options: options).load(FeedSource(argument: server.url("/feed")))
    let done = progress.snapshot
    #expect(done.bytes == json.utf8.count)
    #expect(done.total == json.utf8.count)
    #expect(done.items == 20)
  }

  @Test func aStreamedFileCountsItsItemsAsTheyAreDecoded() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/feed.json"
    try feedJSON((1...200).map { "item\($0)" }).write(
      toFile: path, atomically: true, encoding: .utf8)
    var options = LoadOptions()
    let progress = LoadProgress()
    options.progress = progress
    // Small reads: the decoder hands out items a read's worth at a time; the loader's end,
    // which sets the page's count, is not reached through this call.
    _ = try await LocalReader.document(ofFile: path, options: options, readSize: 256)
    let counted = try #require(progress.snapshot.items)
    #expect(counted > 0 && counted <= 200)
  }

  @Test func aFailedLoadEndsWithoutItems() async throws {
    var options = LoadOptions()
    let progress = LoadProgress()
    options.progress = progress
    _ = await loadError { () throws(FeedError) in
      _ = try await FeedLoader(options: options).load(.file("/nonexistent/feed.json"))
    }
    #expect(progress.snapshot.items == nil)
    #expect(!progress.snapshot.isLoading)
  }

  @Test func theItemsOfTheWholeBodyAreEstimatedFromThoseDecodedSoFar() {
    #expect(
      LoadProgress.Snapshot(bytes: 1000, total: 20_000, items: 100).estimatedTotalItems == 2040)
    #expect(LoadProgress.Snapshot(bytes: 1000, items: 100).estimatedTotalItems == nil)
    #expect(LoadProgress.Snapshot(bytes: 0, total: 20_000, items: 100).estimatedTotalItems == nil)
    #expect(LoadProgress.Snapshot(bytes: 1000, total: 20_000, items: 0).estimatedTotalItems == nil)
    #expect(
      LoadProgress.Snapshot(bytes: 1, total: 1 << 40, items: 1000).estimatedTotalItems == nil,
      "no page holds that many")
  }

  @Test func theAmountReadsAsBytesOfTheTotal() {
    #expect(LoadProgress.Snapshot(bytes: 512, total: 2048).amount == "512 bytes of 2.0 KiB")
    // A real file's size is no round number: a tenth of its unit, not its bytes.
    #expect(
      LoadProgress.Snapshot(bytes: 69_206_016, total: 88_788_240).amount == "66.0 MiB of 84.7 MiB")
    #expect(LoadProgress.Snapshot(bytes: 3 << 30).amount == "3.0 GiB")
    #expect(LoadProgress.Snapshot(bytes: 512).fraction == nil)
  }

  /// The estimate counts the items against the bytes they were decoded from, not against the
  /// bytes read since: a read ahead of the decoder made it half what it should be.
  @Test func theEstimateGoesByTheBytesTheItemsCameFrom() {
    let progress = LoadProgress()
    progress.begin(total: 100 << 20)
    progress.read(1 << 20)
    progress.decoded(more: 10_000)
    progress.read(2 << 20)
    let snapshot = progress.snapshot
    #expect(snapshot.bytes == 2 << 20)
    #expect(snapshot.decodedBytes == 1 << 20)
    #expect(snapshot.estimatedTotalItems == 1_020_000)
  }
}
