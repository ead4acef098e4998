import BrowserCore
import Foundation
import Pictures

/// Where the browser puts the boxes of a folder of photographs, read from the same command run
/// in tmux with pictures off (the layout does not depend on how pictures are drawn), and
/// where each picture lies inside its box.
struct PhotoLayout {
  /// One box: where it is at the top of the feed, and the photograph it shows.
  struct Box {
    /// The box, border included, in screen cells before any scrolling.
    var rect: CellRect
    /// The cells its picture fills (centred above the caption row, aspect kept).
    var picture: CellRect
    var name: String
    var photo: RGBAImage
  }

  var boxes: [Box]

  /// Lays out `folder` with `arguments` on a screen `columns` cells wide: in a tmux window tall
  /// enough to show every box whole, so none is cut.
  static func read(
    folder: URL, arguments: [String], columns: Int, tallRows: Int = 200, expected: Int,
    cellAspect: Double = 2
  ) async throws -> PhotoLayout {
    let command = ([CascadeProcess.binary.path, folder.path] + arguments + ["--pictures", "off"])
      .map { "'\($0)'" }.joined(separator: " ")
    let session = try TmuxSession(command: command, width: columns, height: tallRows)
    defer { session.close() }
    let (complete, screen) = try await session.waitFor(timeout: 20) {
      ScreenBox.all(in: $0).filter { $0.number != nil }.count == expected
    }
    guard complete else { throw PhotoLayoutError.incomplete(screen) }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    var boxes: [Box] = []
    for box in ScreenBox.all(in: screen) {
      // With pictures off, the box names its file inside, in its first rows.
      let inside = (box.rect.row + 1..<box.rect.row + box.rect.height - 1).map { row in
        let line = row < lines.count ? lines[row] : []
        let end = min(box.rect.column + box.rect.width - 1, line.count)
        return String(line[min(box.rect.column + 1, end)..<end])
      }.joined(separator: "\n")
      guard let match = inside.firstMatch(of: /[A-Za-z0-9_-]+\.(jpg|png)/) else {
        throw PhotoLayoutError.noName(inside)
      }
      let name = String(match.0)
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
      let photo = try PictureDecoder.decode(bytes)
      guard let inside = PictureArea.inside(box: box.rect),
        let picture = PictureArea.fitted(
          pixelWidth: Double(photo.width), pixelHeight: Double(photo.height), in: inside,
          cellAspect: cellAspect, fills: true)
      else { throw PhotoLayoutError.noPictureArea(name) }
      boxes.append(Box(rect: box.rect, picture: picture, name: name, photo: photo))
    }
    return PhotoLayout(boxes: boxes)
  }

  /// How many rows the view is scrolled in `screen` (a capture of the same command in a window
  /// `rows` high): the offset at which every box corner that should be in view is where it
  /// should be; nil when none fits.
  func scrollOffset(of screen: String, rows: Int) -> Int? {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    func at(_ row: Int, _ column: Int) -> Character? {
      row < lines.count && column < lines[row].count ? lines[row][column] : nil
    }
    // The selected box has heavy corners.
    let light: [Character: Character] = ["┏": "┌", "┓": "┐", "┗": "└", "┛": "┘"]
    let bottom = boxes.map { $0.rect.row + $0.rect.height }.max() ?? 0
    return (0...bottom).first { offset in
      var seen = 0
      for box in boxes {
        let r = box.rect
        let corners: [(Int, Int, Character)] = [
          (r.row, r.column, "┌"), (r.row, r.column + r.width - 1, "┐"),
          (r.row + r.height - 1, r.column, "└"),
          (r.row + r.height - 1, r.column + r.width - 1, "┘"),
        ]
        for (row, column, corner) in corners where (0..<(rows - 1)).contains(row - offset) {
          guard let found = at(row - offset, column), (light[found] ?? found) == corner else {
            return false
          }
          seen += 1
        }
      }
      return seen > 0
    }
  }
}

enum PhotoLayoutError: Error, CustomStringConvertible {
  case incomplete(String)
  case noName(String)
  case noPictureArea(String)

  var description: String {
    switch self {
    case .incomplete(let screen): "the boxes never all showed in tmux:\n\(screen)"
    case .noName(let inside): "no file name in a box:\n\(inside)"
    case .noPictureArea(let name): "no room for the picture of \(name)"
    }
  }
}
