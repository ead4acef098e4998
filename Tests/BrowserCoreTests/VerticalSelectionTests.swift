import LayoutEngine
import Testing

@testable import BrowserCore

/// `J` and `K`: the box below and above, as in a spatial grid, with the view following.
@Suite struct VerticalSelectionTests {
  @Test func downAndUpStayInTheColumnAndTheViewFollows() throws {
    var state = Fixtures.state(Fixtures.items(200), columns: 3)
    state.select(0)
    let column = try #require(state.cellRect(of: 0)).column
    var previous = try #require(state.cellRect(of: 0))
    var visited = [0]
    for _ in 0..<30 {
      _ = state.handle(.select(.down))
      let s = try #require(state.selection)
      let rect = try #require(state.cellRect(of: s))
      #expect(rect.column == column)
      #expect(rect.row >= previous.bottom)
      #expect(state.visibleIndices().contains(s))
      previous = rect
      visited.append(s)
    }
    #expect(state.top > 0)
    for expected in visited.reversed().dropFirst() {
      _ = state.handle(.select(.up))
      #expect(state.selection == expected)
    }
    #expect(state.top == 0)
  }

  @Test func downFromTheLastBoxOfAColumnStays() throws {
    var state = Fixtures.state(Fixtures.items(9), columns: 3)
    let last = 8
    state.select(last)
    _ = state.handle(.select(.down))
    #expect(state.selection == last)
  }

  @Test func inTheIrregularStyleDownPicksTheBoxSharingMostColumns() throws {
    var state = Fixtures.state(
      Fixtures.items(200),
      options: BrowserOptions(columns: 3, style: .irregular, enlargeProbability: 0.5))
    state.select(0)
    for _ in 0..<20 {
      let before = try #require(state.selection)
      let from = try #require(state.cellRect(of: before))
      _ = state.handle(.select(.down))
      let after = try #require(state.selection)
      let to = try #require(state.cellRect(of: after))
      #expect(SpatialNeighbour.overlap(from, to) > 0, "\(from) → \(to)")
      #expect(to.row >= from.bottom)
    }
  }

  @Test func theRingAndTheCarouselStepToTheNextItem() {
    for style in [LayoutStyle.ring, .carousel] {
      var state = Fixtures.state(Fixtures.items(20), options: BrowserOptions(style: style))
      _ = state.handle(.select(.down))
      #expect(state.selection == 1, "\(style)")
      _ = state.handle(.select(.up))
      #expect(state.selection == 0, "\(style)")
    }
  }
}
