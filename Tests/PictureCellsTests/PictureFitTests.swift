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
}
