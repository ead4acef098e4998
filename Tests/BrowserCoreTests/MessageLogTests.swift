import Testing

@testable import BrowserCore

/// Messages expire from the status line, and the last few stay readable in full with `m`.
@Suite struct MessageLogTests {
  private func expiry(_ effects: [Effect]) -> Int? {
    effects.lazy.compactMap { if case .expireMessage(let serial, _) = $0 { serial } else { nil } }
      .first
  }

  @Test func aMessageExpiresWhenItsTimeIsUp() throws {
    var state = Fixtures.state(Fixtures.items(40), size: CanvasSize(columns: 9, rows: 10))
    let serial = try #require(expiry(state.update(.action(.columns(.fewer)))))
    #expect(state.message == "at least 1 column")
    _ = state.update(.messageExpired(serial))
    #expect(state.message == "")
    #expect(state.messages.entries.last == "at least 1 column")
  }

  @Test func aLaterMessageOutlivesTheEarlierOnesTime() throws {
    var state = Fixtures.state(Fixtures.items(40))
    let first = try #require(expiry(state.update(.action(.undo))))
    let second = try #require(expiry(state.update(.action(.nextStyle))))
    _ = state.update(.messageExpired(first))
    #expect(state.message == "irregular style")
    _ = state.update(.messageExpired(second))
    #expect(state.message == "")
  }

  @Test func aLoadsMessageStaysWhileItRuns() throws {
    var state = Fixtures.state(Fixtures.items(40))
    let serial = try #require(expiry(state.update(.action(.refresh))))
    _ = state.update(.messageExpired(serial))
    #expect(state.message == "refreshing…")
  }

  @Test func theLogShowsTheLastMessagesInFull() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 60, rows: 20))
    let long = "error: " + String(repeating: "word ", count: 30) + "THE END"
    state.message = long
    _ = state.update(.action(.messages))
    #expect(state.panel == .messages)
    let text = render(state).text
    #expect(text.contains("THE END"), "\(text)")
    #expect(text.contains("loaded 12 items"))
  }

  @Test func aKeyBoundToNothingClosesTheLog() {
    var state = Fixtures.state(Fixtures.items(12))
    _ = state.update(.action(.messages))
    _ = state.update(.unboundKey)
    #expect(state.panel == .none)
    // Without a panel it does nothing.
    let top = state.top
    #expect(state.update(.unboundKey).isEmpty)
    #expect(state.panel == .none && state.top == top)
  }

  @Test func theLogKeepsTheLastTwenty() {
    var log = MessageLog()
    for i in 1...30 { log.say("message \(i)") }
    #expect(log.entries.count == MessageLog.capacity)
    #expect(log.entries.first == "message 11")
  }
}
