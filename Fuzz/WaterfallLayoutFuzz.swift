/// libFuzzer target: the waterfall engine against its invariants.
///
/// Compiled together with `Sources/LayoutEngine/*.swift` into one module (see `run.sh`). The
/// fuzzer's bytes choose a configuration (columns, spacing, insets, width, order, tie tolerance,
/// enlargement), up to 256 items (pictures and full-width rows), how they are appended in
/// pages, a column change, and rect and point queries. Checked, whenever the geometry is finite:
/// no two frames overlap beyond rounding, every frame lies inside the insets, the rect query
/// equals a brute-force scan, the nearest item equals a brute-force search, appending in pages
/// equals a full layout, and a relayout after a column change equals a fresh layout. With the
/// first byte's top bit set, sizes and configuration values may be anything a caller could pass
/// (zero, negative, subnormal, 1e308, infinite, NaN): then the engine must only not crash.

#if canImport(Glibc)
  import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWaterfallLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
  let extreme = input.byte() & 0x80 != 0
  var configuration = input.configuration(extreme: extreme)
  let items = input.items(extreme: extreme)
  guard let full = prepared(configuration, items) else { return 0 }
  checkLayout(full, configuration: configuration, items: items, input: &input)

  // Appending page by page must give the frames of the full layout.
  guard var paged = prepared(configuration, []) else {
    failCheck("an empty layout failed where a full one worked")
  }
  var start = 0
  while start < items.count {
    let end = min(items.count, start + 1 + Int(input.byte() % 32))
    paged.append(contentsOf: items[start..<end])
    start = end
  }
  if isScreenScale(full) {
    require(frames(paged) == frames(full), "append differs from a full layout")
    require(paged.contentSize == full.contentSize, "append changes the content size")
  }

  // A column change relays out everything, exactly as a fresh layout would.
  var changed = full
  changed.columnCount = 1 + Int(input.byte() % 12)
  configuration.columnCount = changed.columnCount
  do {
    try changed.prepare()
  } catch {
    return 0
  }
  guard let fresh = prepared(configuration, items) else {
    failCheck("a fresh layout failed where a relayout worked")
  }
  if isScreenScale(fresh) {
    require(frames(changed) == frames(fresh), "relayout differs from a fresh layout")
    checkLayout(changed, configuration: configuration, items: items, input: &input)
  }
  return 0
}

/// The fuzzer's bytes, read front to back; zeros once they run out.
private struct FuzzInput {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func pick(_ values: [Double]) -> Double { values[Int(byte()) % values.count] }

  static let hostile: [Double] = [
    0, -0.0, -1, .leastNonzeroMagnitude, 1e-300, 1, 3, 1e300, .greatestFiniteMagnitude,
    .infinity, -.infinity, .nan,
  ]

  mutating func configuration(extreme: Bool) -> LayoutConfiguration {
    let columns = Int(byte() % 13)  // 0 is invalid: prepare must throw, not crash
    let spacings: [Double] = extreme ? Self.hostile : [0, 0, 0.5, 1, 2.5, 10, 15]
    let widths: [Double] =
      extreme ? Self.hostile + [375] : [375, 100, 7.5, 1000, 80, 0.001, 1e6, 0, -5]
    let insets = EdgeInsets(
      top: pick(spacings), left: pick(spacings), bottom: pick(spacings), right: pick(spacings))
    var configuration = LayoutConfiguration(
      columnCount: columns, columnSpacing: pick(spacings), rowSpacing: pick(spacings),
      insets: insets, containerWidth: pick(widths))
    let control = byte()
    configuration.order = ColumnOrder.allCases[Int(control % 3)]
    configuration.tieTolerance = extreme ? pick(Self.hostile) : pick([0, 0, 0.5, 5, 40])
    if control & 0x10 != 0 {
      let probabilities: [Double] = extreme ? Self.hostile : [0, 0.3, 0.67, 1]
      configuration.enlargement = Enlargement(
        probability: pick(probabilities), seed: UInt64(byte()) << 32 | UInt64(byte()))
    }
    return configuration
  }

  mutating func items(extreme: Bool) -> [LayoutItem] {
    let count = Int(byte())
    var items: [LayoutItem] = []
    for _ in 0..<count where !isAtEnd {
      let kind = byte()
      if kind % 16 == 0 {
        items.append(.fullWidth(height: extreme ? pick(Self.hostile) : pick([0, 1, 3, 50])))
      } else if extreme {
        items.append(.picture(ItemSize(width: pick(Self.hostile), height: pick(Self.hostile))))
      } else {
        // Real pictures, and shapes up to 4000:1 either way.
        let width = 1 + Double(UInt16(byte()) << 8 | UInt16(byte())) / 16
        let height = 1 + Double(UInt16(byte()) << 8 | UInt16(byte())) / 16
        items.append(.picture(ItemSize(width: width, height: height)))
      }
    }
    return items
  }

  /// A rect in or around the content, degenerate or larger than it.
  mutating func rect(in content: Size) -> Rect {
    let x = (Double(byte()) / 255) * (content.width + 40) - 20
    let y = (Double(byte()) / 255) * (content.height + 40) - 20
    let width = pick([0, 1, 5, 50, content.width, content.width * 2, .infinity])
    let height = pick([0, 1, 20, 200, content.height, .infinity])
    return Rect(x: x, y: y, width: width, height: height)
  }
}

private func prepared(_ configuration: LayoutConfiguration, _ items: [LayoutItem])
  -> WaterfallLayout?
{
  var layout = WaterfallLayout(configuration: configuration)
  layout.setItems(items)
  do {
    try layout.prepare()
  } catch {
    return nil
  }
  return layout
}

private func frames(_ layout: WaterfallLayout) -> [Rect] {
  (0..<layout.itemCount).map { i in
    guard let frame = layout.frame(of: i) else { failCheck("no frame for item \(i)") }
    return frame
  }
}

/// Whether every frame and the content size are finite and below 1e100: the invariants are
/// about geometry a screen can show. With infinities `x - x` is NaN, and past about 1e154 the
/// squared distances of `item(nearest:)` overflow, so every distance is infinite and ties mean
/// nothing; there the engine must only not crash.
private func isScreenScale(_ layout: WaterfallLayout) -> Bool {
  let size = layout.contentSize
  let sane = { (value: Double) in abs(value) < 1e100 }
  guard sane(size.width), sane(size.height) else { return false }
  return frames(layout).allSatisfy {
    sane($0.x) && sane($0.y) && sane($0.width) && sane($0.height) && sane($0.maxX)
      && sane($0.maxY)
  }
}

private func checkLayout(
  _ layout: WaterfallLayout, configuration: LayoutConfiguration, items: [LayoutItem],
  input: inout FuzzInput
) {
  let all = frames(layout)
  require(all.count == items.count, "\(all.count) frames for \(items.count) items")
  // Queries must answer without crashing, finite or not.
  _ = layout.indices(in: Rect(x: 0, y: 0, width: 100, height: 100))
  _ = layout.item(nearest: Point(x: 1, y: 1))
  guard isScreenScale(layout) else { return }

  let content = layout.contentSize
  let scale = max(1, content.width, content.height)
  let slack = 1e-9 * scale
  for (i, a) in all.enumerated() {
    require(a.width >= 0 && a.height >= 0, "item \(i) has a negative size: \(a)")
    require(
      a.minX >= configuration.insets.left - slack
        && a.maxX <= content.width - configuration.insets.right + slack
        && a.minY >= configuration.insets.top - slack
        && a.maxY <= content.height - configuration.insets.bottom + slack,
      "item \(i) at \(a) lies outside the insets of \(configuration)")
    for j in all.indices where j > i {
      let b = all[j]
      let overlap =
        a.minX + slack < b.maxX && b.minX + slack < a.maxX && a.minY + slack < b.maxY
        && b.minY + slack < a.maxY
      require(!overlap, "items \(i) and \(j) overlap: \(a) \(b) in \(configuration)")
    }
  }

  for _ in 0..<8 {
    let rect = input.rect(in: content)
    let expected = all.indices.filter { all[$0].overlaps(rect) }
    let found = layout.indices(in: rect)
    require(
      found == expected, "rect \(rect): query gave \(found), brute force \(expected)")
  }

  for _ in 0..<4 {
    let point = Point(
      x: (Double(input.byte()) / 255) * (content.width + 100) - 50,
      y: (Double(input.byte()) / 255) * (content.height + 100) - 50)
    let best = all.map { $0.distance(to: point) }.min()
    let expected = best.flatMap { d in all.firstIndex { $0.distance(to: point) == d } }
    let found = layout.item(nearest: point)
    // The answer must be at the least distance, up to rounding. On a tie the lower index wins;
    // the brute force can see ties that are only rounding (rows 1e-300 apart), so the tie rule
    // is held exactly where the tied frames are the same rect.
    let foundDistance = found.map { all[$0].distance(to: point) }
    let tieBroken = found.flatMap { f in expected.map { e in f != e && all[f] == all[e] } } ?? false
    // Frames computed as `x + width` can differ from a neighbour's edge in the last bit, so the
    // distance may be a few ulps above the brute-force minimum.
    var farther = false
    if let distance = foundDistance, let best { farther = distance > best + 1e-9 * max(1, best) }
    if farther || (found == nil) != (expected == nil) || tieBroken {
      let shown = [found, expected].compactMap { $0 }.map { i in
        "item \(i) at \(all[i]), distance \(all[i].distance(to: point))"
      }
      failCheck(
        "nearest \(point): the index gave \(String(describing: found)), brute force "
          + "\(String(describing: expected)); \(shown.joined(separator: "; ")); \(configuration)")
    }
  }
}

/// `precondition` that says why even in an optimised build (which drops the message), then
/// aborts so that libFuzzer keeps the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { failCheck(message()) }
}

func failCheck(_ message: String) -> Never {
  fputs("invariant broken: \(message)\n", stderr)
  abort()
}
