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
    #expect(LayoutError.columnCount(0).description == "column count must be at least 1, got 0")
  }
}
