import FeedKit
import Testing

@testable import CascadeTUI

@Suite struct LabelCacheTests {
  func item(_ title: String) -> FeedItem {
    FeedItem(imageURL: "https://example.com/a.jpg", width: 10, height: 20, title: title)
  }

  final class Calls: @unchecked Sendable { var count = 0 }

  @Test func aLabelShownAgainIsNotMadeAgain() {
    let cache = LabelCache()
    let calls = Calls()
    let make = { (item: FeedItem, number: Int) -> BoxLabel in
      calls.count += 1
      return BrowserState.label(for: item, number: number)
    }
    let first = cache.label(item("Fern"), number: 3, make: make)
    let again = cache.label(item("Fern"), number: 3, make: make)
    #expect(first == again)
    #expect(calls.count == 1)
  }

  @Test func aChangedItemAtTheSameNumberIsNeverServedStale() {
    let cache = LabelCache()
    _ = cache.label(item("Before"), number: 1, make: BrowserState.label(for:number:))
    let after = cache.label(item("After"), number: 1, make: BrowserState.label(for:number:))
    #expect(after.title.string == "After")
  }

  @Test func aRefreshedFeedShowsItsNewTitles() {
    var state = BrowserState(screen: CanvasSize(columns: 80, rows: 24))
    state.start(with: [item("Old title")], skipped: SkipReport(), hasMore: false)
    #expect(state.label(at: 0)?.title.string == "Old title")
    var refreshed = state
    refreshed.start(with: [item("New title")], skipped: SkipReport(), hasMore: false)
    #expect(refreshed.label(at: 0)?.title.string == "New title")
    #expect(state.label(at: 0)?.title.string == "Old title")
  }

  @Test func manyLabelsStayCorrectPastTheCapacity() {
    let cache = LabelCache()
    for n in 1...3000 {
      let label = cache.label(item("t\(n)"), number: n, make: BrowserState.label(for:number:))
      #expect(label.title.string == "t\(n)")
    }
  }
}
