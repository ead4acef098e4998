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
