import FeedModel
import PictureCells
import Testing

@testable import BrowserCore

/// Placeholders made into picture cells: sizes, colour modes, and the cache.
@Suite struct PlaceholderPictureTests {
  static let blur = PicturePlaceholder(blurHash: PlaceholderViewTests.blurHash)

  @Test(arguments: CellColorMode.allCases)
  func coloursFollowThePicturesMode(mode: CellColorMode) throws {
    let picture = PlaceholderPicture.make(
      try #require(Self.blur), columns: 12, rows: 5, colors: mode, halfBlocks: true)
    #expect(picture.cells.count == 60)
    for cell in picture.cells {
      for color in [cell.foreground, cell.background] {
        switch (mode, color) {
        case (.direct, .rgb): break
        case (.palette256, .palette(let index)): #expect(index >= 16)
        case (.palette16, .palette(let index)): #expect(index < 16)
        default: Issue.record("\(color) in \(mode)")
        }
      }
    }
  }

  @Test func aLargeAreaIsStretchedFromASmallDecodeAndStaysSmooth() throws {
    let picture = PlaceholderPicture.make(
      try #require(Self.blur), columns: 300, rows: 120, colors: .direct, halfBlocks: true)
    #expect(picture.columns == 300 && picture.rows == 120)
    // Neighbouring cells differ by little: the blur is interpolated, not blocky.
    var largest = 0
    for row in 0..<120 {
      for column in 1..<300 {
        guard case .rgb(let a) = picture[column - 1, row].foreground,
          case .rgb(let b) = picture[column, row].foreground
        else { continue }
        largest = max(largest, abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)))
      }
    }
    #expect(largest <= 3, "largest step in green between neighbours: \(largest)")
  }

  @Test func withoutHalfBlocksEachCellIsOneColour() throws {
    let picture = PlaceholderPicture.make(
      try #require(Self.blur), columns: 8, rows: 4, colors: .direct, halfBlocks: false)
    #expect(picture.cells.allSatisfy { $0.scalar == " " && $0.foreground == $0.background })
  }

  @Test func anEmptyAreaGivesAnEmptyPicture() {
    let picture = PlaceholderPicture.make(
      .color(red: 1, green: 2, blue: 3), columns: 0, rows: 7, colors: .direct, halfBlocks: true)
    #expect(picture.cells.isEmpty)
  }

  @Test func theCacheDecodesEachPlaceholderAndSizeOnce() throws {
    let cache = PlaceholderCache()
    let blur = try #require(Self.blur)
    let first = cache.picture(blur, columns: 10, rows: 4, colors: .direct, halfBlocks: true)
    let again = cache.picture(blur, columns: 10, rows: 4, colors: .direct, halfBlocks: true)
    #expect(first == again && cache.count == 1)
    _ = cache.picture(blur, columns: 11, rows: 4, colors: .direct, halfBlocks: true)
    #expect(cache.count == 2)
  }
}
