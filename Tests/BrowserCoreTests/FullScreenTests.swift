import FeedModel
import Testing

@testable import BrowserCore

/// The full screen is a place to stay: copy, save, remove, help and messages work on the item
/// shown and come back to it; a slideshow moves on by itself.
@Suite struct FullScreenTests {
  func fullScreen(at item: Int) -> BrowserState {
    var state = Fixtures.state(Fixtures.items(12), options: BrowserOptions(columns: 3))
    state.select(item)
    _ = state.update(.action(.details))
    return state
  }

  @Test func copyAndSaveWorkOnTheItemShownAndStay() {
    var state = fullScreen(at: 4)
    let copy = state.update(.action(.copy(.link)))
    #expect(
      copy.contains(.copy("https://example.com/item/5", CopyRequest(target: .link, number: 5))))
    #expect(state.panel == .details(4), "it stayed: the key closed it and did nothing before")
    let save = state.update(.action(.keep(.save)))
    #expect(
      save.contains(
        .keepPicture(KeepRequest(kind: .save, url: "https://example.com/item/5.jpg", number: 5))))
    #expect(state.panel == .details(4))
  }

  @Test func removeShowsTheNextItemAndUndoBringsItBack() {
    var state = fullScreen(at: 4)
    _ = state.update(.action(.remove))
    #expect(state.items.count == 11)
    #expect(state.panel == .details(4))
    #expect(state.items[4].title == "item 6")
    _ = state.update(.action(.undo))
    #expect(state.items.count == 12)
    #expect(state.panel == .details(4))
    #expect(state.items[4].title == "item 5")
  }

  @Test func helpAndMessagesComeBackToTheFullScreen() {
    var state = fullScreen(at: 2)
    _ = state.update(.action(.help))
    #expect(state.panel == .help)
    _ = state.update(.action(.escape))
    #expect(state.panel == .details(2))
    _ = state.update(.action(.messages))
    #expect(state.panel == .messages)
    _ = state.update(.action(.escape))
    #expect(state.panel == .details(2))
    _ = state.update(.action(.escape))
    #expect(state.panel == .none)
  }

  /// A slideshow through items the feed gave no sizes reads ahead of itself: the next items'
  /// sizes are asked for wherever the waterfall behind it is, so each picture can be asked for
  /// when it is shown. It showed nothing past the screens around the waterfall (#6 of 150
  /// with two columns), and looked as if it had stopped.
  @Test func aSlideshowReadsTheSizesAheadOfItself() throws {
    var options = BrowserOptions(columns: 2, pictures: true)
    options.slideshowSeconds = 0.5
    var state = BrowserState(options: options, screen: CanvasSize(columns: 100, rows: 30))
    let items = (0..<150).map { FeedItem.unsized(imageURL: "https://x.example/\($0).jpg") }
    var effects = state.update(
      .started(.appended(items, skipped: SkipReport(), hasMore: false), title: nil))
    /// The size probes asked for, answered at once.
    func answer(_ effects: [Effect]) {
      for case .probeSizes(let requests) in effects {
        answer(
          state.update(
            .sizesProbed(requests.map { ProbedSize(request: $0, width: 600, height: 400) })))
      }
    }
    answer(effects)
    effects = state.update(.action(.slideshow))
    let serial = try #require(state.slideshow)
    for _ in 0..<40 {
      answer(effects)
      guard case .details(let i) = state.panel else {
        Issue.record("the full screen closed")
        return
      }
      #expect(state.fullScreenPictureKey(forItem: i) != nil, "#\(i + 1) has no picture to show")
      effects = state.update(.alarm(.slide(serial)))
    }
    #expect(state.panel == .details(40))
  }

  /// Near the end of the items loaded, a slideshow asks for the next page itself (the
  /// waterfall behind it does not move, and its prefetch never came) and says it waits.
  @Test func aSlideshowAsksForTheNextPage() throws {
    var state = Fixtures.state(Fixtures.items(200), hasMore: true)
    state.select(0)
    _ = state.update(.action(.slideshow))
    let serial = try #require(state.slideshow)
    var asked = false
    for _ in 0..<205 {
      let effects = state.update(.alarm(.slide(serial)))
      asked = asked || effects.contains { if case .load = $0 { true } else { false } }
    }
    #expect(asked, "the next page was never asked for")
    #expect(state.slideshow == serial)
    #expect(state.message.contains("waiting for the next page"), "\(state.message)")
  }

  @Test func aSlideshowMovesOnByItselfAndAnyKeyStopsIt() throws {
    var options = BrowserOptions(columns: 3)
    options.slideshowSeconds = 2
    var state = Fixtures.state(Fixtures.items(3), options: options)
    state.select(1)
    let effects = state.update(.action(.slideshow))
    #expect(state.panel == .details(1))
    let serial = try #require(state.slideshow)
    #expect(effects.contains(.alarm(.slide(serial), afterSeconds: 2)))
    let next = state.update(.alarm(.slide(serial)))
    #expect(state.panel == .details(2))
    #expect(next.contains(.alarm(.slide(serial), afterSeconds: 2)))
    // The last item: the slideshow ends there.
    #expect(
      !state.update(.alarm(.slide(serial))).contains { if case .alarm = $0 { true } else { false } }
    )
    #expect(state.slideshow == nil)
    // A key stops a running one; its alarm then does nothing.
    _ = state.update(.action(.escape))
    state.select(0)
    _ = state.update(.action(.slideshow))
    let again = try #require(state.slideshow)
    _ = state.update(.action(.togglePictures))
    #expect(state.slideshow == nil)
    _ = state.update(.alarm(.slide(again)))
    #expect(state.panel == .details(0))
  }
}
