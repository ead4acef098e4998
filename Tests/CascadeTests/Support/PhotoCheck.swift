import BrowserCore
import Foundation
import Pictures

/// Judges a screenshot of a real terminal showing a folder of photographs: whether each box in
/// view shows its photograph, whether cells that should be empty are, whether the screen is
/// empty after quitting.
struct PhotoCheck {
  var layout: PhotoLayout
  var grid: CellGrid
  var columns: Int
  var rows: Int
  var background: Screenshot.Colour

  /// How far a sampled colour may be from the photograph's (the largest channel difference,
  /// of means over a few pixels each): sixel quantises to 256 colours, and both sides are
  /// scaled differently.
  static let tolerance = 48.0

  /// Where else, in screen pixels around a sampled point, the photograph may be compared.
  static let shifts = [-4, -2, 0, 2, 4].flatMap { y in [-4, -2, 0, 2, 4].map { (x: $0, y: y) } }

  /// Where a box's picture was seen whole, in pixels from the top-left corner of its cells:
  /// by box name. Where inside its cells a terminal puts a picture, and whether it stretches it
  /// a little to fill them (Cascade fills the cells of a picture within a tenth of their
  /// shape), is the terminal's and the drawer's business; once seen whole, a picture must stay
  /// at the same place in its cells.
  var seenWhole: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]

  /// The boxes with a picture at least partly in view at `offset` whose pixels are not the
  /// photograph's there, each with why; empty when every picture in view is right. Records
  /// where whole pictures are, for later screens.
  ///
  /// A picture is found as what is not background among its cells. Whole, it must have about
  /// the photograph's shape; cut by the view's edge, it must reach that edge and, where it was
  /// seen whole before, be where it was then. It is sampled on a 3×3 grid over its rows in view
  /// (one row of three points when they are fewer than 24 pixels; two rows near its top when
  /// it is cut below and was never seen whole); a box passes when all points but one match.
  mutating func wrongPictures(in shot: Screenshot, offset: Int) -> [String] {
    var problems: [String] = []
    var whole: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
    for box in layout.boxes {
      let cells = box.picture
      let firstRow = max(cells.row - offset, 0)
      let endRow = min(cells.row - offset + cells.height, rows - 1)
      guard endRow > firstRow else { continue }
      let left = grid.x + cells.column * grid.cellWidth
      let right = left + cells.width * grid.cellWidth
      let cellsTop = grid.y + (cells.row - offset) * grid.cellHeight
      let viewTop = grid.y + firstRow * grid.cellHeight
      let viewBottom = grid.y + endRow * grid.cellHeight
      let cutAbove = cells.row - offset < 0
      let cutBelow = cells.row - offset + cells.height > rows - 1
      guard
        let found = shot.bounds(
          x: left, y: viewTop, width: right - left, height: viewBottom - viewTop,
          notNear: background, by: 16)
      else {
        problems.append("\(box.name): no picture in its cells (rows \(firstRow)..<\(endRow))")
        continue
      }
      let width = found.maxX - found.minX + 1
      let shown = found.maxY - found.minY + 1
      let photoHeight = Double(width) * Double(box.photo.height) / Double(box.photo.width)
      // The picture's top and height: as seen, as seen whole before, or from its width.
      var top = found.minY
      var height = shown
      var sampledRows: ClosedRange<Double>?
      var shapeProblem: String?
      if let before = seenWhole[box.name] {
        top = cellsTop + before.y
        height = before.height
        // Whole, exactly there; cut, within one sixel band (six pixel rows): a cut picture is
        // encoded again from its rows in view, and its sixel grows to whole bands.
        let slack = cutAbove || cutBelow ? 6 : 2
        let moved =
          abs(found.minX - (left + before.x)) > 2 || abs(width - before.width) > 2
          || (!cutAbove && abs(found.minY - top) > slack)
          || (!cutBelow && abs(found.maxY + 1 - (top + height)) > slack)
        if moved {
          shapeProblem =
            "it was \(before.width)×\(before.height) at (\(before.x), \(before.y)) in its cells"
        }
      } else if !cutAbove && !cutBelow {
        // Whole: the photograph's shape, give or take the stretch that fills its cells.
        if abs(Double(shown) / photoHeight - 1) > 0.12 || width * 2 < right - left {
          shapeProblem = "the photograph would be \(width)×\(Int(photoHeight))"
        } else {
          whole[box.name] = (found.minX - left, found.minY - cellsTop, width, shown)
        }
      } else if cutAbove {
        // Cut above and never seen whole: its height from the photograph's shape.
        height = Int(photoHeight.rounded())
        top = found.maxY + 1 - height
      } else {
        // Cut below and never seen whole: its height from the photograph's shape, judged near
        // its top (within what is in view), where a stretch matters little.
        height = Int(photoHeight.rounded())
        sampledRows =
          Double(found.minY + min(8, (shown - 1) / 2))...Double(min(found.minY + 24, found.maxY))
      }
      // A cut picture reaches the edge that cuts it (sixel draws whole bands of six rows).
      if cutAbove && found.minY > viewTop + 2 {
        shapeProblem = "it does not reach the top edge (\(found.minY - viewTop) pixels short)"
      }
      if cutBelow && found.maxY < viewBottom - 7 {
        shapeProblem = "it does not reach the bottom edge (\(viewBottom - 1 - found.maxY) short)"
      }
      if let shapeProblem {
        problems.append(
          "\(box.name): \(width)×\(shown) pixels at (\(found.minX), \(found.minY)) in its cells "
            + "(rows \(firstRow)..<\(endRow)\(cutAbove ? ", cut above" : "")"
            + "\(cutBelow ? ", cut below" : "")): \(shapeProblem)")
        continue
      }
      let visibleTop = max(top, viewTop)
      let visibleBottom = min(top + height, viewBottom)
      let rowsToSample =
        sampledRows
        ?? Double(visibleTop)...Double(max(visibleTop, visibleBottom - 1))
      let down =
        sampledRows != nil
        ? [0.0, 1.0] : visibleBottom - visibleTop >= 24 ? [0.25, 0.5, 0.75] : [0.5]
      let across = [0.25, 0.5, 0.75]
      let scale = (
        x: Double(box.photo.width) / Double(width),
        y: Double(box.photo.height) / Double(height)
      )
      var misses: [String] = []
      for fy in down {
        for fx in across {
          let x = Double(found.minX) + fx * Double(width)
          let y = rowsToSample.lowerBound + fy * (rowsToSample.upperBound - rowsToSample.lowerBound)
          let seen = shot.average(x: Int(x), y: Int(y), radius: 4)
          // The photograph's colour there, or a few pixels away: at a sharp edge a shift of
          // two pixels (scaling, rounding) changes the mean a lot.
          let nearby = Self.shifts.map { shift in
            photoColour(
              box.photo, x: (x - Double(found.minX) + Double(shift.x)) * scale.x,
              y: (y - Double(top) + Double(shift.y)) * scale.y,
              radius: max(1, Int((4 * scale.x).rounded())))
          }
          let closest = nearby.min { seen.distance(to: $0) < seen.distance(to: $1) }
          if let closest, seen.distance(to: closest) > Self.tolerance {
            misses.append("at (\(Int(x)), \(Int(y))) \(seen) where the photo has \(closest)")
          }
        }
      }
      if misses.count > 1 {
        problems.append(
          "\(box.name) (\(width)×\(shown) pixels at (\(found.minX), \(found.minY)), "
            + "\(across.count * down.count - misses.count) of \(across.count * down.count) "
            + "points match): " + misses.prefix(3).joined(separator: "; "))
      }
    }
    if problems.isEmpty { seenWhole.merge(whole) { old, _ in old } }
    return problems
  }

  /// Cells that are blank in `text` (a capture of the same view with pictures off) and lie in
  /// no picture's cells, but are not the terminal's background on the screen: what pictures
  /// left behind. Caption rows are left out: with pictures off a box names its file at the top
  /// instead.
  func remnants(in shot: Screenshot, text: String, offset: Int) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    var found: [String] = []
    for row in 0..<(rows - 1) {
      for column in 0..<columns {
        let character = row < lines.count && column < lines[row].count ? lines[row][column] : " "
        guard character == " " else { continue }
        let covered = layout.boxes.contains { box in
          let p = box.picture
          let caption = box.rect.row + box.rect.height - 2 - offset
          let inColumns = (box.rect.column..<box.rect.column + box.rect.width).contains(column)
          return inColumns && row == caption
            || (p.row - offset..<p.row - offset + p.height).contains(row)
              && (p.column..<p.column + p.width).contains(column)
        }
        if !covered && !isBackground(shot, row: row, column: column) {
          found.append("(\(row), \(column))")
        }
      }
    }
    return found
  }

  /// The cells of the whole terminal that are not its background.
  func cellsNotBackground(in shot: Screenshot) -> Int {
    (0..<rows).map { row in
      (0..<columns).filter { !isBackground(shot, row: row, column: $0) }.count
    }.reduce(0, +)
  }

  /// Whether nine in ten of a cell's pixels are the background colour, give or take a little.
  private func isBackground(_ shot: Screenshot, row: Int, column: Int) -> Bool {
    let x0 = grid.x + column * grid.cellWidth
    let y0 = grid.y + row * grid.cellHeight
    var near = 0
    for y in y0..<min(y0 + grid.cellHeight, shot.height) {
      for x in x0..<min(x0 + grid.cellWidth, shot.width) {
        let offset = (y * shot.width + x) * 3
        let colour = Screenshot.Colour(
          red: Double(shot.pixels[offset]), green: Double(shot.pixels[offset + 1]),
          blue: Double(shot.pixels[offset + 2]))
        if colour.distance(to: background) <= 8 { near += 1 }
      }
    }
    return near * 10 >= grid.cellWidth * grid.cellHeight * 9
  }

  /// The mean colour of the photograph within `radius` of (`x`, `y`), laid over the terminal's
  /// background as a terminal lays a picture with transparency.
  private func photoColour(_ photo: RGBAImage, x: Double, y: Double, radius: Int)
    -> Screenshot.Colour
  {
    let cx = min(max(Int(x), 0), photo.width - 1)
    let cy = min(max(Int(y), 0), photo.height - 1)
    var sums = (0.0, 0.0, 0.0)
    var count = 0.0
    for py in max(0, cy - radius)...min(photo.height - 1, cy + radius) {
      for px in max(0, cx - radius)...min(photo.width - 1, cx + radius) {
        let offset = (py * photo.width + px) * 4
        let alpha = Double(photo.pixels[offset + 3]) / 255
        sums.0 += Double(photo.pixels[offset]) * alpha + background.red * (1 - alpha)
        sums.1 += Double(photo.pixels[offset + 1]) * alpha + background.green * (1 - alpha)
        sums.2 += Double(photo.pixels[offset + 2]) * alpha + background.blue * (1 - alpha)
        count += 1
      }
    }
    return Screenshot.Colour(red: sums.0 / count, green: sums.1 / count, blue: sums.2 / count)
  }
}
