import BrowserCore
import FeedKit
import FeedModel
import Foundation
import Locking
import TestSupport
import Testing

@testable import BrowserShell

/// The shell's side of late sizes: a batch of probes over loopback comes back a few sizes an
/// event, as they arrive, and `settle` feeds batches back into a state until it asks for no
/// more.
@Suite struct SizeProberTests {
  /// Sizes posted one by one and taken in one turn are laid out once; other events keep
  /// their places between them.
  @Test func sizesTakenInOneTurnAreOneEvent() {
    func size(_ n: Int) -> ProbedSize {
      ProbedSize(
        request: SizeRequest(index: n, imageURL: "https://a/\(n).png"), width: 4, height: 3)
    }
    let key = PictureKey(url: "https://a/9.png", columns: 4, rows: 2)
    let events = SizeProber.coalesced([
      .sizesProbed([size(0)]), .sizesProbed([size(1), size(2)]), .pictureLoaded(key, failure: nil),
      .sizesProbed([size(3)]),
    ])
    // Each event as the sizes' indices it carries; nil for any other event.
    let shape = events.map { event -> [Int]? in
      if case .sizesProbed(let sizes) = event { sizes.map(\.request.index) } else { nil }
    }
    #expect(shape == [[0, 1, 2], nil, [3]])
  }

  @Test func batchReportsSizesAndFailures() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = Array(
      try Data(
        contentsOf: PictureFixtures.folder.appendingPathComponent("jpeg-orientation-6.jpg")))
    server.route("/ok.jpg") { .ranged(picture, for: $0) }
    server.route("/bad.jpg", reply: .json("{}"))
    let requests = [
      SizeRequest(index: 0, imageURL: server.url("/ok.jpg")),
      SizeRequest(index: 1, imageURL: server.url("/bad.jpg")),
    ]
    let results = await SizeProber.results(
      requests, source: .url(server.url("/feed")), options: LoadOptions())
    let ok = try #require(results.first { $0.request.index == 0 })
    let bad = try #require(results.first { $0.request.index == 1 })
    #expect(ok.failure == nil && ok.width < ok.height)
    #expect(bad.failure != nil && bad.width == 0)
  }

  /// Without the picture loader (pictures off), a size asked again is one already being read:
  /// it is not read a second time (its picture's first bytes fetched twice).
  @Test func aSizeAskedAgainIsNotReadTwice() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = Array(
      try Data(contentsOf: PictureFixtures.folder.appendingPathComponent("png-rgb.png")))
    for name in ["a", "b"] { server.route("/\(name).png") { .ranged(picture, for: $0) } }
    let requests = [
      SizeRequest(index: 0, imageURL: server.url("/b.png"), inView: true, again: true),
      SizeRequest(index: 1, imageURL: server.url("/a.png"), inView: true),
    ]
    let results = await SizeProber.results(
      requests, source: .url(server.url("/feed")), options: LoadOptions())
    #expect(results.map(\.request.index) == [1])
    #expect(server.requests.map(\.path) == ["/a.png"])
  }

  @Test func settleSizesEveryBoxOfTheSheet() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let picture = Array(
      try Data(contentsOf: PictureFixtures.folder.appendingPathComponent("png-rgb.png")))
    for i in 0..<30 { server.route("/\(i).png") { .ranged(picture, for: $0) } }
    let items = (0..<30).map { FeedItem.unsized(imageURL: server.url("/\($0).png")) }
    var state = BrowserState(
      options: BrowserOptions(columns: 4), screen: CanvasSize(columns: 80, rows: 40))
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    await SizeProber.settle(
      effects, in: &state, source: .url(server.url("/feed")), options: LoadOptions())
    let visible = state.visibleIndices()
    #expect(!visible.isEmpty)
    #expect(visible.allSatisfy { state.items[$0].hasSize })
  }

  /// One held picture does not hold back the sizes read before it: they come in events of
  /// `resultsPerEvent` while it waits.
  @Test func sizesComeAFewAtATimeNotWhenTheBatchEnds() async throws {
    let server = try TestHTTPServer()
    let gate = Gate()
    defer {
      gate.open()
      server.stop()
    }
    let picture = Array(
      try Data(contentsOf: PictureFixtures.folder.appendingPathComponent("png-rgb.png")))
    for i in 0..<8 {
      server.route("/\(i).png") { request in
        if i == 7 { gate.wait() }
        return .ranged(picture, for: request)
      }
    }
    let requests = (0..<8).map { SizeRequest(index: $0, imageURL: server.url("/\($0).png")) }
    let events = Locked<[[ProbedSize]]>([])
    SizeProber.run(
      requests, source: .url(server.url("/feed")), options: LoadOptions(), cache: nil
    ) { event in
      if case .sizesProbed(let sizes) = event { events.withLock { $0.append(sizes) } }
    }
    try await waitUntil { events.withLock { $0.count } == 1 }
    #expect(events.withLock { $0.first?.count } == SizeProber.resultsPerEvent)
    gate.open()
    try await waitUntil {
      events.withLock { $0.map(\.count).reduce(0, +) } == 8
    }
    #expect(events.withLock { $0.count } == 2)
  }

}
