import Testing

@testable import BrowserCore

/// A count before a movement repeats it (`5j`), and gives the column count back, as `25G` does.
@Suite struct CountPrefixTests {
  func typed(_ digits: [Int], then action: Action, in state: inout BrowserState) {
    for digit in digits { _ = state.handle(.digit(digit)) }
    _ = state.handle(action)
  }

  @Test func aCountScrollsThatManyRows() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    typed([5], then: .scroll(1), in: &state)
    #expect(state.top == 5)
    #expect(state.columnCount == 3, "a count never changes the columns")
    typed([1, 2], then: .scroll(-1), in: &state)
    #expect(state.top == 0)
  }

  @Test func aCountSelectsThatManyBoxesOn() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = state.handle(.select(.next))
    typed([4], then: .select(.next), in: &state)
    #expect(state.selection == 4)
  }

  @Test func aCountPagesThatManyPages() {
    var one = Fixtures.state(Fixtures.items(400), options: BrowserOptions(columns: 3))
    _ = one.handle(.page(1))
    var three = Fixtures.state(Fixtures.items(400), options: BrowserOptions(columns: 3))
    typed([3], then: .page(1), in: &three)
    #expect(three.top == 3 * one.top)
  }

  @Test func aKeyWithoutACountMovesOnce() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = state.handle(.scroll(1))
    _ = state.handle(.scroll(1))
    #expect(state.top == 2)
  }

  @Test func theWheelIgnoresACount() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    typed([7], then: .wheel(3), in: &state)
    #expect(state.top == 3)
  }

  /// Esc while a count is being typed drops the count (as in vi and less) and leaves the
  /// browser open: the count was a half-typed key, not a request to leave.
  @Test func escapeDropsAPendingCountInsteadOfQuitting() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    for digit in [2, 5] { _ = state.handle(.digit(digit)) }
    #expect(state.prefix.display == "25")
    let effects = state.handle(.escape)
    #expect(!effects.contains(.quit))
    #expect(state.prefix.count == nil)
    #expect(state.prefix.display == nil)
    #expect(state.message.contains("count"))
    _ = state.handle(.bottom)
    #expect(state.top == state.maxTop, "G after the dropped count goes to the end, not to #25")
    #expect(!state.handle(.escape).contains(.quit), "a second Esc does not quit either")
  }
}

extension CountPrefixTests {
  /// `3`, a pause, then `G`: the count's time ran out, so `G` goes to the bottom and the three
  /// columns stand. It went to item 3 and put the columns back.
  @Test func aCountRunsOutAfterItsTimeAndTheColumnsStand() throws {
    var options = BrowserOptions(columns: 5, pictures: false)
    options.countTimeout = 1
    var state = Fixtures.state(Fixtures.items(200), options: options)
    let effects = state.update(.action(.digit(3)))
    let serial = try #require(
      effects.lazy.compactMap { effect -> Int? in
        if case .alarm(.count(let serial), 1) = effect { return serial }
        return nil
      }.first, "\(effects)")
    #expect(state.columnCount == 5, "the digit waits for its time before it sets the columns")
    _ = state.update(.alarm(.count(serial)))
    #expect(state.prefix.count == nil)
    #expect(state.columnCount == 3)
    _ = state.update(.action(.bottom))
    #expect(state.top == state.maxTop, "G goes to the bottom, not to item 3")
    #expect(state.columnCount == 3, "the column change stands")
  }

  /// The time of an earlier digit does not end a count that went on: `2`, `5` quickly, and
  /// the `2`'s time is up before the `5`'s.
  @Test func anEarlierDigitsTimeLeavesALaterCount() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = state.update(.action(.digit(2)))
    let first = state.countSerial
    _ = state.update(.action(.digit(5)))
    _ = state.update(.alarm(.count(first)))
    #expect(state.prefix.count == 25)
  }

  /// A timeout of 0 waits for ever: no timer is asked for.
  @Test func aZeroTimeoutAsksForNoTimer() {
    var options = BrowserOptions(columns: 3, pictures: false)
    options.countTimeout = 0
    var state = Fixtures.state(Fixtures.items(200), options: options)
    let effects = state.update(.action(.digit(4)))
    #expect(!effects.contains { if case .alarm = $0 { true } else { false } })
  }
}

/// A count is shown while it is typed and leaves the layout alone: `10G` went through a
/// one-column waterfall (the `1`) before it jumped.
extension CountPrefixTests {
  @Test func aCountLeavesTheLayoutAloneWhileItIsTyped() throws {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 4))
    let before = state.visibleBoxes()
    _ = state.update(.action(.digit(1)))
    #expect(state.columnCount == 4)
    #expect(state.prefix.display == "1")
    var canvas = MemoryCanvas(columns: state.screen.columns, rows: state.screen.rows)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    let status = canvas.line(state.screen.rows - 1)
    #expect(status.split(separator: " ").contains("1"), "the count shows: \(status)")
    _ = state.update(.action(.digit(0)))
    #expect(state.columnCount == 4)
    #expect(state.visibleBoxes() == before)
    _ = state.update(.action(.bottom))
    #expect(state.selection == 9)
    #expect(state.columnCount == 4)
  }

  /// `"top": ["gg"]` in the config: `25g` waits for the second `g` and its count with it,
  /// however long; it set five columns when the count's time ran out.
  @Test func aSequenceBegunAfterACountHoldsTheCount() throws {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = state.update(.action(.digit(2)))
    _ = state.update(.action(.digit(5)))
    _ = state.update(.sequencePending("g"))
    #expect(state.prefix.display == "25g")
    _ = state.update(.alarm(.count(state.countSerial)))
    #expect(state.columnCount == 3)
    #expect(state.prefix.count == 25)
    _ = state.update(.action(.top))
    #expect(state.selection == 24)
    #expect(state.columnCount == 3)
    #expect(state.prefix.display == nil)
  }

  /// A key that means nothing after a count drops it, as in vi: the columns stay.
  @Test func anUnboundKeyDropsTheCount() {
    var state = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = state.update(.action(.digit(5)))
    _ = state.update(.unboundKey)
    #expect(state.prefix.count == nil)
    #expect(state.message == "count 5 dropped")
    _ = state.update(.alarm(.count(state.countSerial)))
    #expect(state.columnCount == 3)
  }
}
