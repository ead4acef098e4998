import FeedModel
import LayoutEngine
import Testing

@testable import BrowserCore

/// The header with the feed's name and the rows between loaded pages.
@Suite struct FullWidthRowTests {
  private func paged(
    separators: Bool = true, title: String? = "My feed", style: LayoutStyle = .waterfall
  ) -> BrowserState {
    var state = BrowserState(
      options: BrowserOptions(columns: 3, style: style, separators: separators, pictures: false),
      screen: CanvasSize(columns: 60, rows: 60))
    // The first page is short, so the browser asks for the next one at once.
    let effects = state.start(
      with: Fixtures.items(6, prefix: "a"), skipped: SkipReport(), hasMore: true, title: title)
    if case .load(let request) = effects.first ?? .quit {
      _ = state.apply(
        .appended(Fixtures.items(6, prefix: "b"), skipped: SkipReport(), hasMore: false),
        to: request)
    }
    return state
  }

  private func rows(_ state: BrowserState) -> [FullWidthRow] {
    state.visibleBoxes().compactMap { box in
      if case .row(let row) = box.content { return row }
      return nil
    }
  }

  @Test func headerAndPageRowsSpanEveryColumn() throws {
    let state = paged()
    #expect(state.items.count == 12)
    #expect(rows(state) == [.header("My feed"), .page(2)])
    for box in state.visibleBoxes() where box.item == nil {
      #expect(box.rect.column == 1 && box.rect.width == 58 && box.rect.height == 1)
    }
  }

  @Test func pageRowSitsBelowEveryPictureOfThePageBefore() throws {
    let state = paged()
    let row = try #require(state.visibleBoxes().first { $0.content == .row(.page(2)) })
    for i in 0..<6 { #expect(try #require(state.cellRect(of: i)).bottom <= row.rect.row) }
    for i in 6..<12 { #expect(try #require(state.cellRect(of: i)).row > row.rect.row) }
  }

  @Test func itemNumbersCountPicturesOnly() throws {
    let state = paged()
    let visible = state.visibleIndices()
    #expect(visible == Array(0..<visible.count) && visible.count > 6)
    #expect(BrowserView(theme: Theme()).label(at: 6, in: state)?.number == 7)
    #expect(BrowserView(theme: Theme()).label(at: 6, in: state)?.title.string == "b 1")
  }

  @Test func tabGoesFromPageToPageOverTheRow() {
    var state = paged()
    _ = state.handle(.select(.next))
    for _ in 0..<6 { _ = state.handle(.select(.next)) }
    #expect(state.selection == 6)
  }

  @Test func noSeparatorsHidesBothKinds() {
    let state = paged(separators: false)
    #expect(rows(state).isEmpty)
    #expect(state.layout?.itemCount == 12)
  }

  @Test func theHeaderFallsBackToTheSourcesName() {
    var state = Fixtures.state(
      Fixtures.items(3), options: BrowserOptions(feedName: "feed.json", pictures: false))
    #expect(rows(state) == [.header("feed.json")])
    _ = state.startLoad(.refresh)
    state = Fixtures.state(
      Fixtures.items(3), options: BrowserOptions(feedName: "feed.json", pictures: false),
      title: "Named")
    #expect(rows(state) == [.header("Named")])
  }

  @Test func appendingEqualsLayingOutAgain() throws {
    var state = paged()
    let before = try (0..<12).map { try #require(state.cellRect(of: $0)) }
    state.switchStyle(to: .waterfall)
    let after = try (0..<12).map { try #require(state.cellRect(of: $0)) }
    #expect(before == after)
  }

  @Test func theCarouselAndTheRingShowPicturesOnly() {
    for style in [LayoutStyle.carousel, .ring] {
      let state = paged(style: style)
      #expect(rows(state).isEmpty)
    }
  }

  @Test func separatorsSnapshot() throws {
    var state = paged()
    _ = state.handle(.top)
    var small = state
    _ = small.resize(to: CanvasSize(columns: 60, rows: 24))
    let row = try #require(small.layout?.frame(of: 7)).minY / 2
    _ = small.handle(.scroll(Int(row) - 8))
    assertSnapshot(render(small).text, named: "pageSeparator")
    assertSnapshot(
      render(state).text.split(separator: "\n").prefix(3).joined(separator: "\n"),
      named: "feedHeader")
  }
}
