import PictureCells
import TestSupport
import Testing

@Suite struct PictureFitTests {
  @Test func aLandscapeFillsTheWidth() {
    // 900 / 1600 / 2 = 0.28125 rows per column: 11.25 rows at 40 columns.
    let fit = PictureFit.fit(pixelWidth: 1600, pixelHeight: 900, columns: 40, rows: 20)
    #expect(fit == (40, 11))
  }

  @Test func aTallPictureFillsTheHeight() {
    let fit = PictureFit.fit(pixelWidth: 600, pixelHeight: 2400, columns: 40, rows: 20)
    #expect(fit == (10, 20))
  }

  @Test func aSquareCellAspectKeepsPixelsSquare() {
    let fit = PictureFit.fit(
      pixelWidth: 300, pixelHeight: 200, columns: 30, rows: 30, cellAspect: 1)
    #expect(fit == (30, 20))
  }

  @Test func emptyBoxesAndEmptyPicturesFitInNothing() {
    #expect(PictureFit.fit(pixelWidth: 0, pixelHeight: 10, columns: 5, rows: 5) == (0, 0))
    #expect(PictureFit.fit(pixelWidth: 10, pixelHeight: 10, columns: 0, rows: 5) == (0, 0))
    #expect(PictureFit.fit(pixelWidth: 10, pixelHeight: 10, columns: 5, rows: -1) == (0, 0))
  }

  @Test func everyFitStaysInTheBoxFillsOneSideAndKeepsTheAspect() {
    var random = SplitMix64(seed: 16)
    for trial in 0..<5_000 {
      let width = Int.random(in: 1...20_000, using: &random)
      let height = Int.random(in: 1...20_000, using: &random)
      let columns = Int.random(in: 1...300, using: &random)
      let rows = Int.random(in: 1...120, using: &random)
      let aspect = Double.random(in: 1...3, using: &random)
      let fit = PictureFit.fit(
        pixelWidth: width, pixelHeight: height, columns: columns, rows: rows, cellAspect: aspect)
      let context = "trial \(trial) (seed 16): \(width)×\(height) px in \(columns)×\(rows)"
      #expect((1...columns).contains(fit.columns) && (1...rows).contains(fit.rows), "\(context)")
      #expect(fit.columns == columns || fit.rows == rows, "\(context)")
      // The free side is the exact one rounded, or a one-cell strip of a sliver.
      let cellRatio = Double(height) / Double(width) / aspect
      let exactRows = Double(fit.columns) * cellRatio
      let exactColumns = Double(fit.rows) / cellRatio
      let rowsKept = abs(Double(fit.rows) - exactRows) <= 0.5 || (fit.rows == 1 && exactRows < 1)
      let columnsKept =
        abs(Double(fit.columns) - exactColumns) <= 0.5 || (fit.columns == 1 && exactColumns < 1)
      #expect(fit.columns == columns ? rowsKept : columnsKept, "\(context)")
    }
  }

  @Test func decodeSizeIsEightPixelsACellEachWay() {
    #expect(PictureFit.decodeSize(columns: 40, rows: 20) == (320, 160))
    #expect(PictureFit.decodeSize(columns: 0, rows: -2) == (0, 0))
  }

  /// A 3:2 photo in a box 27 columns wide in xterm's 7×15-pixel cells is 8.4 rows tall; where
  /// the box falls rounds it to 8 or 9. Either is filled: by the photo's middle, or by the
  /// photo cut at its sides; both at the box's shape.
  @Test func aBoxARowOffItsPictureIsFilledByItsMiddle() {
    let (row, width) = (15, 27 * 7)
    let short = PictureFit.cover(
      pictureWidth: 1400, pictureHeight: 935, boxWidth: width, boxHeight: 8 * row, row: row)
    #expect(short.x == 0 && short.width == 1400)
    #expect(abs(Double(short.height) / 1400 - Double(8 * row) / Double(width)) < 0.002)
    #expect(short.y == (935 - short.height) / 2 && short.y > 0)
    let tall = PictureFit.cover(
      pictureWidth: 1400, pictureHeight: 935, boxWidth: width, boxHeight: 9 * row, row: row)
    #expect(tall.y == 0 && tall.height == 935 && tall.width < 1400)
    #expect(abs(935 / Double(tall.width) - Double(9 * row) / Double(width)) < 0.002)
    #expect(tall.x == (1400 - tall.width) / 2)
  }

  /// The whole picture, to be fitted inside: a box more than a row off (a carousel's
  /// square), a row that is more than a quarter of the picture (a panorama in its one-row
  /// box), and a box that already has the picture's shape.
  @Test func aBoxFarFromItsPictureShowsItWhole() {
    let whole = { (w: Int, h: Int, bw: Int, bh: Int, row: Int) -> Bool in
      let cut = PictureFit.cover(
        pictureWidth: w, pictureHeight: h, boxWidth: bw, boxHeight: bh, row: row)
      return cut == (0, 0, w, h)
    }
    #expect(whole(1400, 935, 189, 189, 15), "a square box")
    #expect(whole(6000, 300, 189, 15, 15), "a panorama's one row")
    #expect(whole(1400, 700, 200, 100, 15), "the picture's own shape")
    #expect(whole(0, 700, 200, 100, 15) && whole(1400, 700, 200, 100, 0))
  }
}
