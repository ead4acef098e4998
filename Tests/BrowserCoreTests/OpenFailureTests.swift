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
}
