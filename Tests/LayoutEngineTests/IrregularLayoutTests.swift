import LayoutEngine
import Testing

/// The irregular waterfall worked by hand: two columns 10 wide, no gaps, every draw passing.
@Suite struct IrregularLayoutTests {
  @Test func workedExampleByHand() throws {
    let ratios = [1, 1, 1, 1, 1.15, 1]
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(
        columnCount: 2, containerWidth: 20, enlargement: Enlargement(probability: 1)),
      items: ratios.map { ItemSize(width: 100, height: 100 * $0) })
    try layout.prepare()
    let placed = (0..<6).compactMap { layout.attributes(at: $0) }
    // 0: column 0; no normal item before it, so it cannot be enlarged.
    // 1: column 1, the last column, so never enlarged; snapping to column 0 keeps it 10 tall.
    // 2: both bottoms are 10, a normal item came before, column 0 was never enlarged: it spans
    //    both columns, 2·10 wide and as tall.
    // 3: a normal item after an enlargement.
    // 4: 11.5 tall by its ratio, but within 0.2·h of column 0's bottom (40), so cut to 10.
    // 5: bottoms tie again, but column 0 held the last enlargement: normal.
    #expect(
      placed.map(\.frame) == [
        Rect(x: 0, y: 0, width: 10, height: 10),
        Rect(x: 10, y: 0, width: 10, height: 10),
        Rect(x: 0, y: 10, width: 20, height: 20),
        Rect(x: 0, y: 30, width: 10, height: 10),
        Rect(x: 10, y: 30, width: 10, height: 10),
        Rect(x: 0, y: 40, width: 10, height: 10),
      ])
    #expect(placed.map(\.span) == [1, 1, 2, 1, 1, 1])
    #expect(layout.contentSize.height == 50)
  }

  @Test func probabilityZeroIsThePlainWaterfallWithSnapping() throws {
    let sizes = [ItemSize(width: 100, height: 100), ItemSize(width: 100, height: 115)]
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(
        columnCount: 2, containerWidth: 20, enlargement: Enlargement(probability: 0)),
      items: sizes)
    try layout.prepare()
    // Item 1 (11.5 tall) snaps to column 0's bottom (10): |11.5 − 10| < 0.2 · 11.5.
    #expect(layout.frame(of: 1) == Rect(x: 10, y: 0, width: 10, height: 10))
    #expect(layout.attributes(at: 1)?.span == 1)
  }
}
