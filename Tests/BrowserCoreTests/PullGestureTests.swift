import Testing

@testable import BrowserCore

@Suite struct PullGestureTests {
  @Test func pullDownTriggersRefreshAtTheThreshold() {
    var pull = PullGesture(threshold: 3)
    #expect(pull.pullDown() == nil)
    #expect(pull.shift == 1)
    #expect(pull.pullDown() == nil)
    #expect(pull.shift == 2)
    #expect(pull.pullDown() == .refresh)
    #expect(pull.phase == .refreshing)
    #expect(pull.pullDown() == nil)
    pull.loadEnded()
    #expect(pull.phase == .idle)
    #expect(pull.shift == 0)
  }

  @Test func letGoSpringsBackBeforeTheThreshold() {
    var pull = PullGesture(threshold: 3)
    _ = pull.pullDown()
    _ = pull.pullDown()
    pull.letGo()
    #expect(pull.phase == .idle)
  }

  @Test func letGoDoesNotCancelARunningLoad() {
    var pull = PullGesture(threshold: 1)
    #expect(pull.pullDown() == .refresh)
    pull.letGo()
    #expect(pull.phase == .refreshing)
  }

  @Test func pullUpLoadsMoreOrSaysEndOfFeed() {
    var more = PullGesture(threshold: 2)
    #expect(more.pullUp(hasMore: true) == nil)
    #expect(more.shift == -1)
    #expect(more.pullUp(hasMore: true) == .loadMore)
    #expect(more.phase == .loadingMore)

    var end = PullGesture(threshold: 2)
    _ = end.pullUp(hasMore: false)
    #expect(end.pullUp(hasMore: false) == nil)
    #expect(end.phase == .endOfFeed)
    end.letGo()
    #expect(end.phase == .idle)
  }

  @Test func thresholdIsAtLeastOne() {
    #expect(PullGesture(threshold: 0).threshold == 1)
  }
}
