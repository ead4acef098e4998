import FeedModel
import Testing

@testable import BrowserCore

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
      return BoxLabel(item: item, number: number)
    }
    let first = cache.label(item("Fern"), number: 3, make: make)
    let again = cache.label(item("Fern"), number: 3, make: make)
    #expect(first == again)
    #expect(calls.count == 1)
  }

  @Test func aChangedItemAtTheSameNumberIsNeverServedStale() {
    let cache = LabelCache()
    _ = cache.label(item("Before"), number: 1, make: BoxLabel.init(item:number:))
    let after = cache.label(item("After"), number: 1, make: BoxLabel.init(item:number:))
    #expect(after.title.string == "After")
  }

  @Test func aRefreshedFeedShowsItsNewTitles() {
    var state = BrowserState(screen: CanvasSize(columns: 80, rows: 24))
    state.start(with: [item("Old title")], skipped: SkipReport(), hasMore: false)
    #expect(BrowserView(theme: Theme()).label(at: 0, in: state)?.title.string == "Old title")
    var refreshed = state
    refreshed.start(with: [item("New title")], skipped: SkipReport(), hasMore: false)
    #expect(BrowserView(theme: Theme()).label(at: 0, in: refreshed)?.title.string == "New title")
    #expect(BrowserView(theme: Theme()).label(at: 0, in: state)?.title.string == "Old title")
  }

  @Test func manyLabelsStayCorrectPastTheCapacity() {
    let cache = LabelCache()
    for n in 1...3000 {
      let label = cache.label(item("t\(n)"), number: n, make: BoxLabel.init(item:number:))
      #expect(label.title.string == "t\(n)")
    }
  }
}
