import FeedModel
import Testing

@testable import BrowserCore

/// What `o` says when nothing opened.
@Suite struct OpenFailureTests {
  @Test func noOpenerNamesWhatToSet() {
    var state = Fixtures.state(Fixtures.items(3))
    _ = state.update(.opened("https://example.com/1", failure: .noOpener))
    #expect(state.message.contains("set $BROWSER"))
    #expect(state.message.contains("xdg-open"))
  }

  @Test func aMissingBrowserProgramIsNamed() {
    var state = Fixtures.state(Fixtures.items(3))
    _ = state.update(
      .opened(
        "https://example.com/1",
        failure: .cannotStart(
          program: "firefx", fromBrowserVariable: true, reason: "No such file or directory")))
    #expect(state.message.hasPrefix("cannot start firefx from $BROWSER"))
  }

  @Test func aLinkWithControlCharactersSaysSoWithoutThem() {
    var state = Fixtures.state(Fixtures.items(3))
    _ = state.update(.opened("http://example.com/\u{1B}[2J", failure: .unsafeCharacters))
    #expect(state.message.hasSuffix("the link holds spaces, control or invisible characters"))
    #expect(!state.message.unicodeScalars.contains { $0.value < 0x20 })
  }

  /// A program that started and ended badly is named with how it ended; xdg-open's status 3
  /// says no browser is set up.
  @Test func aProgramThatEndedBadlySaysHow() {
    var state = Fixtures.state(Fixtures.items(3))
    _ = state.update(
      .opened(
        "https://example.com/1",
        failure: .ended(
          program: "false", fromBrowserVariable: true, how: "exited with status 1",
          noBrowserSetUp: false)))
    #expect(
      state.message
        == "could not open https://example.com/1: false from $BROWSER exited with status 1; "
        + "set $BROWSER to a browser program")
    _ = state.update(
      .opened(
        "https://example.com/1",
        failure: .ended(
          program: "xdg-open", fromBrowserVariable: false, how: "exited with status 3",
          noBrowserSetUp: true)))
    #expect(state.message.contains("xdg-open found no browser; set $BROWSER"), "\(state.message)")
  }
}

/// The hints offer only what the item can do: `o opens the link` only where `o` opens one.
@Suite struct OpenHintTests {
  func detailsText(localFeed: Bool) -> String {
    var options = BrowserOptions(pictures: false)
    options.localFeed = localFeed
    let item = FeedItem(imageURL: "photos/a.jpg", width: 4, height: 3, title: "a")
    var state = Fixtures.state([item], options: options)
    _ = state.update(.action(.details))
    var canvas = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    return canvas.text
  }

  @Test func aPathOpensOnlyInALocalFeed() {
    #expect(detailsText(localFeed: true).contains("o opens the link"))
    let remote = detailsText(localFeed: false)
    #expect(!remote.contains("opens the link"), "\(remote)")
    #expect(remote.contains("Esc closes"))
  }
}
