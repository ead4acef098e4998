import FeedModel
import Testing

@testable import BrowserCore

/// Items a feed gave no size for: laid out as squares, their sizes asked for in view first,
/// and laid out again when the sizes arrive without moving what the reader looks at.
@Suite struct LateSizeTests {
  private static func unsized(_ count: Int) -> [FeedItem] {
    (0..<count).map { .unsized(imageURL: "https://example.com/p/\($0).jpg", id: "p\($0)") }
  }

  private static func requests(_ effects: [Effect]) -> [SizeRequest] {
    effects.flatMap { effect -> [SizeRequest] in
      if case .probeSizes(let batch) = effect { batch } else { [] }
    }
  }

  private static func started(_ items: [FeedItem]) -> (BrowserState, [Effect]) {
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 80, rows: 24))
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    return (state, effects)
  }

  @Test func sizesAreAskedForInViewFirstAndBounded() {
    let (state, effects) = Self.started(Self.unsized(200))
    let asked = Self.requests(effects)
    #expect(asked.count == SizeProbeBook.maxInFlight)
    let visible = Set(state.visibleIndices())
    // Every box in view is asked for before any box below it.
    let inView = asked.prefix { visible.contains($0.index) }.count
    #expect(inView == min(visible.count, asked.count))
    #expect(inView > 0)
    #expect(asked.first?.index == 0)
    // Each says whether its box is in view: its picture is about to be drawn.
    #expect(asked.allSatisfy { $0.inView == visible.contains($0.index) })
    // No picture is asked for a box whose shape is still provisional.
    #expect(!effects.contains { if case .loadPicture = $0 { true } else { false } })
  }

  /// Sizes come in one at a time, and the loader starts the newest requests first: with each
  /// new request the boxes in view still waiting are asked for again, in the view's order, so
  /// that the first asked are not left behind the later ones (items 6 and 7 of a first screen
  /// were fetched a round after 8 to 13).
  @Test func boxesInViewStillWaitingAreAskedForAgainInTheViewsOrder() throws {
    var (state, effects) = Self.started(Self.unsized(200))
    let first = Self.requests(effects)
    let answered = try #require(first.first)
    let batch = Self.requests(
      state.update(.sizesProbed([ProbedSize(request: answered, width: 400, height: 300)])))
    let fresh = batch.filter { !$0.again }
    #expect(fresh.count == 1, "one place freed: \(batch)")
    let waiting = first.dropFirst().filter(\.inView).map(\.index)
    try #require(!waiting.isEmpty)
    let again = batch.filter { $0.again }
    #expect(again.map { $0.index } == waiting, "\(batch)")
    #expect(again.allSatisfy { $0.inView })
    // The view's order: top of the waterfall first, the new one among the rest.
    let shown = batch.filter { $0.inView }.map { $0.index }
    #expect(shown == shown.sorted())
    // Nothing new to ask: nothing asked again either.
    #expect(Self.requests(state.update(.action(.scroll(0)))).isEmpty)
  }

  /// A picture repeated in view (a feed that reuses one photo): its first box asks for its
  /// size, the others wait for that answer. They were asked "again" in the same batch as the
  /// first was asked fresh, and the loader took the whole batch for requests already made:
  /// no probe started, no size came, and no box of that picture was ever drawn.
  @Test func aPictureRepeatedInViewIsAskedForOnceAndSizesEveryBox() throws {
    var items = Self.unsized(6)
    for index in [3, 5] { items[index].imageURL = items[0].imageURL }
    var (state, effects) = Self.started(items)
    let asked = Self.requests(effects)
    let repeated = asked.filter { $0.imageURL == items[0].imageURL }
    #expect(repeated.count == 1 && repeated.first?.again == false, "\(asked)")
    let freshURLs = Set(asked.filter { !$0.again }.map(\.imageURL))
    #expect(asked.filter(\.again).allSatisfy { !freshURLs.contains($0.imageURL) }, "\(asked)")
    let first = try #require(repeated.first)
    _ = state.update(.sizesProbed([ProbedSize(request: first, width: 400, height: 300)]))
    for index in [0, 3, 5] {
      #expect(state.items[index].width == 400 && state.items[index].height == 300, "#\(index)")
    }
    // Each box of it now asks for its picture.
    #expect(!state.awaitsSize(3) && !state.awaitsSize(5))
  }

  @Test func probedSizesRelayoutKeepingTheAnchor() throws {
    var (state, effects) = Self.started(Self.unsized(200))
    // Answer every batch until the view is settled, then scroll to the middle.
    var rounds = 0
    while case let asked = Self.requests(effects), !asked.isEmpty, rounds < 50 {
      effects = state.update(
        .sizesProbed(asked.map { ProbedSize(request: $0, width: 400, height: 300) }))
      rounds += 1
    }
    let batch = Self.requests(state.update(.action(.scroll(60))))
    try #require(!batch.isEmpty, "scrolling showed no unsized boxes")
    let place = try #require(state.anchor())
    _ = state.update(
      .sizesProbed(batch.map { ProbedSize(request: $0, width: 300, height: 900) }))
    let after = try #require(state.cellRect(of: place.index))
    #expect(after.row - state.top == place.screenRow)
    #expect(batch.allSatisfy { state.items[$0.index].height == 900 })
  }

  /// `G` on a feed without sizes: the boxes in view at the end change shape as their sizes
  /// arrive, and the view stays at the end (it landed short, at 96 %); moving lets it go.
  @Test func theEndStaysTheEndWhileSizesArrive() throws {
    var (state, first) = Self.started(Self.unsized(60))
    // The first screen's sizes, asked for at the start, come back before `G`.
    _ = state.update(
      .sizesProbed(Self.requests(first).map { ProbedSize(request: $0, width: 400, height: 300) }))
    var effects = state.update(.action(.bottom))
    #expect(state.top == state.maxTop)
    var rounds = 0
    // Tall pictures: every box grows, which moved the view off the end before.
    while case let asked = Self.requests(effects), !asked.isEmpty, rounds < 50 {
      effects = state.update(
        .sizesProbed(asked.map { ProbedSize(request: $0, width: 300, height: 900) }))
      #expect(state.top == state.maxTop, "round \(rounds): \(state.top) of \(state.maxTop)")
      rounds += 1
    }
    #expect(rounds > 0)
    // Once the reader scrolls, sizes arriving keep their place instead.
    _ = state.update(.action(.scroll(-5)))
    let place = try #require(state.anchor())
    let unsized = state.items.indices.filter { !state.items[$0].hasSize }
    guard let index = unsized.first else { return }
    _ = state.update(
      .sizesProbed([
        ProbedSize(
          request: SizeRequest(index: index, imageURL: state.items[index].imageURL), width: 900,
          height: 300)
      ]))
    let after = try #require(state.cellRect(of: place.index))
    #expect(after.row - state.top == place.screenRow)
  }

  @Test func aBoxChangesShapeOnlyOnce() {
    var (state, effects) = Self.started(Self.unsized(10))
    let asked = Self.requests(effects)
    effects = state.update(
      .sizesProbed(asked.map { ProbedSize(request: $0, width: 400, height: 300) }))
    _ = state.update(
      .sizesProbed(asked.map { ProbedSize(request: $0, width: 100, height: 900) }))
    #expect(asked.allSatisfy { state.items[$0.index].width == 400 })
    // Each picture was asked for once.
    let again = Self.requests(state.update(.idle))
    #expect(Set(again.map(\.imageURL)).isDisjoint(with: asked.map(\.imageURL)))
  }

  @Test func unreadableHeaderKeepsTheSquareAndAsksForThePicture() throws {
    var (state, effects) = Self.started(Self.unsized(1))
    let request = try #require(Self.requests(effects).first)
    effects = state.update(
      .sizesProbed([ProbedSize(request: request, width: 0, height: 0, failure: "not a picture")]))
    #expect(!state.items[0].hasSize)
    #expect(state.message.contains("not a picture"))
    #expect(effects.contains { if case .loadPicture = $0 { true } else { false } })
    #expect(Self.requests(state.update(.idle)).isEmpty)
  }

  /// A failure that names its picture (a `FeedError`'s text) is not prefixed with the URL
  /// again: the message read "…of /dev/tty: /dev/tty: cannot read…".
  @Test func aSizeFailureNamesThePictureOnce() throws {
    var (state, effects) = Self.started(Self.unsized(2))
    let requests = Self.requests(effects)
    try #require(requests.count == 2)
    let url = requests[0].imageURL
    effects = state.update(
      .sizesProbed([
        ProbedSize(request: requests[0], width: 0, height: 0, failure: "\(url): cannot read: gone")
      ]))
    #expect(state.message == "cannot read a picture's size: \(url): cannot read: gone")
    effects = state.update(
      .sizesProbed([
        ProbedSize(request: requests[1], width: 0, height: 0, failure: "not a picture")
      ]))
    #expect(state.message == "cannot read a picture's size: \(requests[1].imageURL): not a picture")
  }

  @Test func answerForAnItemThatMovedIsIgnored() throws {
    var (state, effects) = Self.started(Self.unsized(3))
    let request = try #require(Self.requests(effects).first)
    let moved = SizeRequest(index: request.index, imageURL: "https://example.com/other.jpg")
    _ = state.update(.sizesProbed([ProbedSize(request: moved, width: 10, height: 20)]))
    #expect(!state.items[request.index].hasSize)
  }
}
