import Foundation
import Testing

@testable import LayoutEngine

@Suite struct TrigonometryTests {
  @Test func matchesTheSystemLibrary() {
    var worst = 0.0
    for step in -4000...4000 {
      let x = Double(step) * 0.00731
      let (s, c) = Trigonometry.sinCos(x)
      worst = max(worst, abs(s - Foundation.sin(x)), abs(c - Foundation.cos(x)))
    }
    // A few units in the last place, from reducing angles up to ±29 by π/2.
    #expect(worst < 4e-15)
  }

  @Test func quadrantsLandExactly() {
    #expect(Trigonometry.sinCos(0) == (0, 1))
    let (s, c) = Trigonometry.sinCos(Double.pi / 2)
    #expect(abs(s - 1) < 1e-16 && abs(c) < 1e-16)
    #expect(Trigonometry.sinCos(.nan).sin.isNaN)
    #expect(Trigonometry.sinCos(.infinity).cos.isNaN)
  }
}
