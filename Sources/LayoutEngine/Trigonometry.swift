/// Sine and cosine for the ring layout, because the engine imports nothing (not even Glibc).
///
/// The angle is reduced to [−π/4, π/4] with a two-part π/2 (Cody–Waite), then both Taylor
/// series run to the 18th power, whose remainder there is below 1e−19: well inside a Double's
/// precision for the angles a layout uses.
enum Trigonometry {
  private static let halfPiHigh = 1.5707963267948966
  private static let halfPiLow = 6.123233995736766e-17

  static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    let k = (x / halfPiHigh).rounded()
    let r = (x - k * halfPiHigh) - k * halfPiLow
    let r2 = r * r
    // sin r = r + r·t·P(t) and cos r = 1 + t·Q(t) with t = r², in Horner form.
    var p = 1.0 / 355_687_428_096_000  // 1/17!
    p = p * r2 - 1.0 / 1_307_674_368_000  // 1/15!
    p = p * r2 + 1.0 / 6_227_020_800  // 1/13!
    p = p * r2 - 1.0 / 39_916_800  // 1/11!
    p = p * r2 + 1.0 / 362_880  // 1/9!
    p = p * r2 - 1.0 / 5_040  // 1/7!
    p = p * r2 + 1.0 / 120  // 1/5!
    p = p * r2 - 1.0 / 6  // 1/3!
    let sine = r + r * r2 * p
    var q = -1.0 / 6_402_373_705_728_000  // 1/18!
    q = q * r2 + 1.0 / 20_922_789_888_000  // 1/16!
    q = q * r2 - 1.0 / 87_178_291_200  // 1/14!
    q = q * r2 + 1.0 / 479_001_600  // 1/12!
    q = q * r2 - 1.0 / 3_628_800  // 1/10!
    q = q * r2 + 1.0 / 40_320  // 1/8!
    q = q * r2 - 1.0 / 720  // 1/6!
    q = q * r2 + 1.0 / 24  // 1/4!
    q = q * r2 - 0.5  // 1/2!
    let cosine = 1 + r2 * q
    switch Int(k.truncatingRemainder(dividingBy: 4)) {
    case 1, -3: return (cosine, -sine)
    case 2, -2: return (-sine, -cosine)
    case 3, -1: return (-cosine, sine)
    default: return (sine, cosine)
    }
  }
}
