/// The irregular waterfall: now and then a picture is enlarged to span two columns.
///
/// Whether item i may be enlarged depends on a draw that is a pure function of `seed` and i,
/// so the same feed always looks the same and appending a page equals a full layout.
public struct Enlargement: Hashable, Sendable {
  /// The chance that an item that may be enlarged is enlarged, from 0 to 1.
  public var probability: Double
  public var seed: UInt64

  public static let defaultProbability = 0.67
  public static let defaultSeed: UInt64 = 0x5EED_CA5C_ADE0_0001

  public init(probability: Double = defaultProbability, seed: UInt64 = defaultSeed) {
    self.probability = probability
    self.seed = seed
  }

  /// A number in [0, 1) for item `index`: SplitMix64 of the seed and the index.
  func draw(_ index: Int) -> Double {
    var z = seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1p-53
  }
}
