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
    #expect(state.message.hasSuffix("the link holds spaces or control characters"))
    #expect(!state.message.unicodeScalars.contains { $0.value < 0x20 })
  }
}
