import LayoutEngine

/// Deterministic picture sizes with the mix real feeds have (portrait, landscape, square, very
/// tall, panorama), so every run and every machine measures the same work.
enum SyntheticFeed {
  static let shapes: [(Double, Double)] = [
    (1200, 1800), (1080, 1350), (1200, 2249), (1600, 900), (1920, 1080), (2048, 1365),
    (1080, 1080), (800, 800), (600, 2400), (3000, 1000), (1242, 2688), (960, 1280),
  ]

  static func sizes(_ n: Int, seed: UInt64 = 42) -> [ItemSize] {
    var state = seed
    var out: [ItemSize] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let shape = shapes[Int((state >> 33) % UInt64(shapes.count))]
      let scale = 0.5 + Double((state >> 17) & 0xFF) / 255
      out.append(ItemSize(width: (shape.0 * scale).rounded(), height: (shape.1 * scale).rounded()))
    }
    return out
  }

  /// A feed document in the classic shape, for the decoder, built straight into bytes so the
  /// generator itself does not double the memory the benchmark measures.
  ///
  /// With `titled`, every item also has a title of about 25 bytes ("Picture 123456 of the
  /// feed"), as most real feeds do: longer than the 15 bytes a `String` keeps inline, so a
  /// title held as a string of its own would cost a heap allocation.
  static func classicJSON(_ n: Int, titled: Bool = false) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(n * (titled ? 130 : 92) + 16)
    out += Array("{\"data\": [".utf8)
    for (i, size) in sizes(n).enumerated() {
      if i > 0 { out += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
      out += Array("{\"img\": \"https://images.example.com/feed/\(i).jpg\", ".utf8)
      out += Array("\"width\": \"\(Int(size.width))\", \"height\": \"\(Int(size.height))\"".utf8)
      if titled { out += Array(", \"title\": \"Picture \(i) of the feed\"".utf8) }
      out.append(UInt8(ascii: "}"))
    }
    out += Array("]}\n".utf8)
    return out
  }
}
