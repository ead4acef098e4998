import LayoutEngine
import Testing

@Suite struct LayoutConfigurationTests {
  @Test func itemWidthFollowsTheContract() {
    let c = LayoutConfiguration(
      columnCount: 4, columnSpacing: 3, insets: EdgeInsets(top: 0, left: 2, bottom: 0, right: 5),
      containerWidth: 100)
    let expected: Double = (100 - 2 - 5 - 3 * 3) / 4
    #expect(c.itemWidth == expected)
  }

  static let invalid: [(LayoutConfiguration, LayoutError)] = {
    var cases: [(LayoutConfiguration, LayoutError)] = []
    cases.append((LayoutConfiguration(columnCount: 0, containerWidth: 100), .columnCount(0)))
    cases.append((LayoutConfiguration(columnCount: -3, containerWidth: 100), .columnCount(-3)))
    cases.append(
      (LayoutConfiguration(columnCount: 16_385, containerWidth: 1e6), .columnCount(16_385)))
    cases.append(
      (
        LayoutConfiguration(columnSpacing: -1, containerWidth: 100),
        .negativeOrNonFinite("column spacing", -1)
      ))
    cases.append(
      (
        LayoutConfiguration(rowSpacing: -0.5, containerWidth: 100),
        .negativeOrNonFinite("row spacing", -0.5)
      ))
    let left = EdgeInsets(top: 0, left: -2, bottom: 0, right: 0)
    cases.append(
      (
        LayoutConfiguration(insets: left, containerWidth: 100),
        .negativeOrNonFinite("left inset", -2)
      ))
    let bottom = EdgeInsets(top: 0, left: 0, bottom: -1, right: 0)
    cases.append(
      (
        LayoutConfiguration(insets: bottom, containerWidth: 100),
        .negativeOrNonFinite("bottom inset", -1)
      ))
    cases.append((LayoutConfiguration(containerWidth: .infinity), .containerWidth(.infinity)))
    cases.append(
      (
        LayoutConfiguration(columnCount: 3, columnSpacing: 10, containerWidth: 20),
        .itemWidth(0, containerWidth: 20, columnCount: 3)
      ))
    return cases
  }()

  @Test(arguments: invalid)
  func invalidValuesAreNamed(configuration: LayoutConfiguration, error: LayoutError) {
    #expect(throws: error) { try configuration.validate() }
  }

  @Test func nanIsRejectedNotLaidOut() {
    #expect(throws: LayoutError.self) {
      try LayoutConfiguration(rowSpacing: .nan, containerWidth: 10).validate()
    }
    #expect(throws: LayoutError.self) {
      try LayoutConfiguration(containerWidth: .nan).validate()
    }
  }

  @Test func messagesSayWhatToChange() {
    let narrow = LayoutError.itemWidth(-2.5, containerWidth: 20, columnCount: 3)
    #expect(narrow.description.contains("use fewer columns"))
    #expect(narrow.description.contains("-2.5"))
    #expect(
      LayoutError.columnCount(0).description == "column count must be from 1 to 16384, got 0")
  }

  /// The most columns there may be: items land in the last of them, and rows span them all,
  /// which the index keeps in the bits it has for a column and a span. In reading order, so
  /// that placing an item does not look at every column (a debug build took seconds).
  @Test func theMostColumnsLayOutToTheLast() throws {
    let columns = LayoutConfiguration.maxColumnCount
    var layout = WaterfallLayout(
      configuration: LayoutConfiguration(
        columnCount: columns, containerWidth: Double(columns) * 2, order: .leftToRight))
    let pictures = (0..<(columns + 3)).map { _ in LayoutItem.picture(ItemSize(width: 1, height: 1))
    }
    layout.setItems([.fullWidth(height: 5)] + pictures + [.fullWidth(height: 7)])
    try layout.prepare()
    #expect(layout.attributes(at: 0)?.span == columns)
    #expect(layout.attributes(at: columns)?.column == columns - 1)
    #expect(layout.attributes(at: columns + 1)?.column == 0)
    let last = try #require(layout.attributes(at: columns + 4))
    #expect(last.span == columns && last.column == 0 && last.frame.height == 7)
  }
}
