import LayoutEngine
import TestSupport
import Testing

@testable import cascade

/// The JSON `cascade layout` prints, written in blocks, against the same items spelled out
/// one string at a time.
@Suite struct LayoutJSONTests {
  func json(_ size: Size, _ items: [LayoutAttributes?], blockSize: Int) -> String {
    var bytes: [UInt8] = []
    var output = ByteOutput(blockSize: blockSize) { bytes.append(contentsOf: $0) }
    LayoutJSON.write(contentSize: size, count: items.count, item: { items[$0] }, to: &output)
    output.flush()
    return String(decoding: bytes, as: UTF8.self)
  }

  func spelledOut(_ size: Size, _ items: [LayoutAttributes]) -> String {
    let t = LayoutNumber.text
    var out = "{\"contentSize\": {\"width\": \(t(size.width)), \"height\": \(t(size.height))},"
    out += "\n \"items\": ["
    for (n, item) in items.enumerated() {
      out += n == 0 ? "\n  " : ",\n  "
      out += "{\"index\": \(item.index), \"x\": \(t(item.frame.x)), \"y\": \(t(item.frame.y))"
      out += ", \"width\": \(t(item.frame.width)), \"height\": \(t(item.frame.height))"
      if item.span != 1 { out += ", \"span\": \(item.span)" }
      if item.scale != 1 { out += ", \"scale\": \(t(item.scale))" }
      out += "}"
    }
    return out + (items.isEmpty ? "]}\n" : "\n ]}\n")
  }

  @Test(arguments: [64, 1 << 16])
  func itemsAreWrittenAsSpelledOutWhateverTheBlockSize(blockSize: Int) {
    var rng = SplitMix64(seed: 31)
    var items: [LayoutAttributes?] = []
    for i in 0..<3_000 {
      let pick = { (choices: [Double]) in choices[Int(rng.next() % UInt64(choices.count))] }
      let frame = Rect(
        x: pick([0, 1, 62.9, 108.333_333_333_333_33]), y: Double(i) * pick([1, 66.6, 0.1]),
        width: pick([100, 124.3, 1e-7]), height: pick([1, 6400, 1.5e300, 2.0 / 3]))
      items.append(
        i % 7 == 3
          ? nil
          : LayoutAttributes(
            index: i, frame: frame, column: 0, span: i % 5 == 0 ? 2 : 1,
            scale: i % 11 == 0 ? 0.671 : 1))
    }
    let size = Size(width: 375, height: 12_925.042_680_533_894)
    #expect(json(size, items, blockSize: blockSize) == spelledOut(size, items.compactMap { $0 }))
  }

  @Test func noItemsCloseTheListOnTheSameLine() {
    let size = Size(width: 200, height: 4)
    #expect(json(size, [], blockSize: 64) == spelledOut(size, []))
    #expect(
      json(size, [nil, nil], blockSize: 64)
        == "{\"contentSize\": {\"width\": 200, \"height\": 4},\n \"items\": []}\n")
  }
}
