import LayoutEngine
import Testing

@Suite struct RingLayoutTests {
  let configuration = RingLayout.Configuration(
    viewWidth: 100, viewHeight: 60, itemWidth: 10, itemHeight: 10)

  func center(_ frame: Rect?) -> Point? {
    frame.map { Point(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2) }
  }

  @Test func itemsSitAtTheirAnglesOnTheLargestCircleThatFits() throws {
    let ring = RingLayout(configuration: configuration, itemCount: 4)
    // (60 − 10) / 2 = 25 fits vertically; (100 − 10) / 2 = 45 horizontally.
    #expect(ring.radius == 25)
    let c0 = try #require(center(ring.frame(of: 0)))
    #expect(c0 == Point(x: 50, y: 55))  // sin 0 = 0, cos 0 = 1
    let c1 = try #require(center(ring.frame(of: 1)))
    #expect(abs(c1.x - 75) < 1e-12 && abs(c1.y - 30) < 1e-12)
    let c2 = try #require(center(ring.frame(of: 2)))
    #expect(abs(c2.x - 50) < 1e-12 && abs(c2.y - 5) < 1e-12)
  }

  @Test func oneItemSitsAtTheCentre() {
    let ring = RingLayout(configuration: configuration, itemCount: 1)
    #expect(ring.frame(of: 0) == Rect(x: 45, y: 25, width: 10, height: 10))
  }

  @Test func everyBoxStaysInsideTheView() {
    for n in 1...40 {
      var stretched = configuration
      stretched.horizontalStretch = 2
      for c in [configuration, stretched] {
        let ring = RingLayout(configuration: c, itemCount: n)
        let view = Rect(x: 0, y: 0, width: c.viewWidth, height: c.viewHeight)
        for i in 0..<n {
          let f = ring.frame(of: i) ?? Rect(x: -1, y: -1, width: 0, height: 0)
          let inside =
            f.minX >= view.minX - 1e-9 && f.maxX <= view.maxX + 1e-9 && f.minY >= -1e-9
            && f.maxY <= view.maxY + 1e-9
          #expect(inside, "n \(n), item \(i): \(f)")
        }
      }
    }
  }

  @Test func stretchWidensTheCircleSideways() throws {
    var c = configuration
    c.horizontalStretch = 2
    let ring = RingLayout(configuration: c, itemCount: 4)
    #expect(ring.radius == 22.5)  // (100 − 10) / 2 / 2 = 22.5 < 25
    let c1 = try #require(center(ring.frame(of: 1)))
    #expect(abs(c1.x - 95) < 1e-12)
  }

  @Test func rectQueryReturnsTheBoxesInIt() {
    let ring = RingLayout(configuration: configuration, itemCount: 8)
    let top = ring.attributes(in: Rect(x: 0, y: 0, width: 100, height: 20)).map(\.index)
    #expect(top == [3, 4, 5])
    #expect(ring.attributes(in: Rect(x: 0, y: 0, width: 100, height: 60)).count == 8)
  }
}
