import LayoutEngine
import Testing

@Suite struct RectTests {
  @Test func edgesThatOnlyTouchDoNotOverlap() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(!a.overlaps(Rect(x: 10, y: 0, width: 5, height: 5)))
    #expect(!a.overlaps(Rect(x: 0, y: 10, width: 5, height: 5)))
    #expect(a.overlaps(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
  }

  @Test func distanceIsZeroInsideAndEuclideanOutside() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(a.distance(to: Point(x: 5, y: 5)) == 0)
    #expect(a.distance(to: Point(x: 13, y: 14)) == 5)
    #expect(a.distance(to: Point(x: -2, y: 5)) == 2)
  }
}
