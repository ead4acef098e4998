import FeedModel
import LayoutEngine
import Testing

@testable import BrowserCore

/// The reader's place is taken from one browser and given to a new one over the same feed.
@Suite struct ReadingPlaceTests {
  @Test func aSelectedItemIsSelectedAgainAtTheSameRow() throws {
    var before = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    for _ in 0..<40 { _ = before.handle(.select(.next)) }
    let place = try #require(before.readingPlace)
    #expect(place.selected)
    // The first Tab selects the first box, item-1.
    #expect(place.identity == "item-40")
    var after = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = after.resume(at: place)
    #expect(after.selection == 39)
    #expect(after.top == before.top)
    #expect(after.top > 0)
  }

  @Test func anUnselectedPlaceKeepsTheFirstBoxInViewAndSelectsNothing() throws {
    var before = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = before.handle(.page(3))
    let place = try #require(before.readingPlace)
    #expect(!place.selected)
    var after = Fixtures.state(Fixtures.items(200), options: BrowserOptions(columns: 3))
    _ = after.resume(at: place)
    #expect(after.selection == nil)
    #expect(after.top == before.top)
    #expect(after.visibleIndices().first == before.visibleIndices().first)
  }

  @Test func thePlaceFollowsItsItemWhenItemsWereAddedAbove() throws {
    var before = Fixtures.state(Fixtures.items(100), options: BrowserOptions(columns: 2))
    for _ in 0..<10 { _ = before.handle(.select(.next)) }
    let place = try #require(before.readingPlace)
    let newer = Fixtures.items(5, prefix: "new") + Fixtures.items(100)
    var after = Fixtures.state(newer, options: BrowserOptions(columns: 2))
    _ = after.resume(at: place)
    #expect(after.selection == 14)
    #expect(after.items[14].identity == "item-10")
  }

  /// A place kept with the secret of its item's picture URL masked (`recent.json` keeps no
  /// token) still finds its item.
  @Test func aMaskedPlaceFindsItsItem() throws {
    let items = (0..<60).map { i in
      FeedItem(
        imageURL: "https://ann:pw@example.com/\(i).jpg?token=SECRET\(i)", width: 600,
        height: 600)
    }
    var before = Fixtures.state(items, options: BrowserOptions(columns: 2))
    for _ in 0..<20 { _ = before.handle(.select(.next)) }
    var place = try #require(before.readingPlace)
    #expect(place.identity.contains("SECRET"))
    place.identity = URLSecrets.masked(place.identity)
    #expect(!place.identity.contains("SECRET") && !place.identity.contains("pw@"))
    var after = Fixtures.state(items, options: BrowserOptions(columns: 2))
    _ = after.resume(at: place)
    #expect(after.selection == before.selection)
  }

  @Test func aPlaceNotInTheFeedLeavesTheTop() {
    var state = Fixtures.state(Fixtures.items(50), options: BrowserOptions(columns: 3))
    let effects = state.resume(at: ReadingPlace(identity: "gone", selected: true, row: 4))
    #expect(effects.isEmpty)
    #expect(state.top == 0)
    #expect(state.selection == nil)
  }

  @Test func aPlaceInTheCarouselCentresItsItem() throws {
    var before = Fixtures.state(
      Fixtures.items(60), options: BrowserOptions(columns: 3, style: .carousel))
    for _ in 0..<12 { _ = before.handle(.select(.next)) }
    let place = try #require(before.readingPlace)
    var after = Fixtures.state(
      Fixtures.items(60), options: BrowserOptions(columns: 3, style: .carousel))
    _ = after.resume(at: place)
    #expect(after.selection == before.selection)
    #expect(after.visibleIndices() == before.visibleIndices())
  }
}
