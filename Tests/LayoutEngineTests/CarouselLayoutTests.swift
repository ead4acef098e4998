import LayoutEngine
import Testing

/// The line layout, worked by hand: an 80-wide, 20-tall view, boxes 20×10, 4 apart.
@Suite struct CarouselLayoutTests {
  let layout = CarouselLayout(
    configuration: .init(viewWidth: 80, viewHeight: 20, itemWidth: 20, itemHeight: 10, spacing: 4),
    itemCount: 10)

  @Test func insetsLetTheEndBoxesReachTheCentre() {
    #expect(layout.horizontalInset == 30)
    #expect(layout.frame(of: 0) == Rect(x: 30, y: 5, width: 20, height: 10))
    #expect(layout.frame(of: 1) == Rect(x: 54, y: 5, width: 20, height: 10))
    // 2·30 + 10·20 + 9·4
    #expect(layout.contentSize == Size(width: 296, height: 20))
    #expect(layout.offset(centering: 0) == 0)
    #expect(layout.offset(centering: 9) == layout.contentSize.width - 80)
  }

  @Test func boxesShrinkWithDistanceFromTheCentre() throws {
    let shown = layout.attributes(atOffset: 0)
    #expect(shown.map(\.index) == [0, 1])
    #expect(shown[0].scale == 1)
    #expect(shown[0].frame == Rect(x: 30, y: 5, width: 20, height: 10))
    // Box 1's centre is 24 right of the view's centre: 1 − 24/80 = 0.7.
    let box = shown[1]
    #expect(box.scale == 1 - 24.0 / 80)
    #expect(abs(box.frame.width - 14) < 1e-12)
    #expect(abs(box.frame.height - 7) < 1e-12)
    #expect(abs(box.frame.midXForTest - 64) < 1e-12)
  }

  @Test func aScrollSnapsToTheNearestCentre() {
    // The view centre at 40 + 50 = 90 lies between box 2 (centre 88) and box 3 (centre 112).
    #expect(layout.targetOffset(forProposed: 50) == 48)
    #expect(layout.targetOffset(forProposed: 61) == 72)
    // Halfway between two centres goes to the lower box.
    #expect(layout.targetOffset(forProposed: 60) == 48)
    #expect(layout.targetOffset(forProposed: -500) == 0)
    #expect(layout.targetOffset(forProposed: 5000) == 216)
  }

  @Test func everySnappedOffsetCentresABox() {
    for proposed in stride(from: -50.0, through: 350, by: 3.7) {
      let target = layout.targetOffset(forProposed: proposed)
      let centred = (0..<10).contains { layout.offset(centering: $0) == target }
      #expect(centred, "proposed \(proposed)")
    }
  }

  @Test func emptyCarouselShowsNothing() {
    let empty = CarouselLayout(configuration: layout.configuration, itemCount: 0)
    #expect(empty.attributes(atOffset: 0).isEmpty)
    #expect(empty.targetOffset(forProposed: 12) == 0)
    #expect(empty.item(nearestCenterAt: 0) == nil)
  }
}

extension Rect {
  var midXForTest: Double { x + width / 2 }
}
