import BrowserCore

/// The boxes a captured screen shows whole: where each is, how tall, whether it is the selected
/// one (heavy border) and the item number it shows (`#N`). Boxes cut by the screen's edges are
/// left out.
struct ScreenBox: Equatable {
  /// Where the box is on screen, its border included.
  var rect: CellRect
  var selected: Bool
  var number: Int?

  /// The whole boxes of `screen`, top to bottom and left to right.
  static func all(in screen: String) -> [ScreenBox] {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    func at(_ row: Int, _ column: Int) -> Character? {
      row < lines.count && column < lines[row].count ? lines[row][column] : nil
    }
    var boxes: [ScreenBox] = []
    for (row, line) in lines.enumerated() {
      for (column, character) in line.enumerated() where character == "┌" || character == "┏" {
        let selected = character == "┏"
        let (topRight, bottomLeft): (Character, Character) = selected ? ("┓", "┗") : ("┐", "└")
        guard let right = (column + 1..<line.count).first(where: { line[$0] == topRight }),
          let bottom = (row + 1..<lines.count).first(where: { at($0, column) == bottomLeft })
        else { continue }
        var inside = ""
        for r in (row + 1)..<bottom where r < lines.count {
          inside += String(lines[r][min(column + 1, lines[r].count)..<min(right, lines[r].count)])
          inside += "\n"
        }
        boxes.append(
          ScreenBox(
            rect: CellRect(
              row: row, column: column, width: right - column + 1, height: bottom - row + 1),
            selected: selected, number: number(in: inside)))
      }
    }
    return boxes
  }

  /// The first `#N` in `text`.
  private static func number(in text: String) -> Int? {
    guard let hash = text.firstIndex(of: "#") else { return nil }
    let digits = text[text.index(after: hash)...].prefix { $0.isASCII && $0.isNumber }
    return Int(digits)
  }
}
