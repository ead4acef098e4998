import PictureCells
import Testing

/// Which frame of a moving picture shows at a time, and when the next one comes.
@Suite struct CellAnimationTests {
  static func cells(_ scalar: Unicode.Scalar) -> [SymbolCell] {
    [SymbolCell(scalar: scalar, foreground: .palette(1), background: .palette(0))]
  }

  static let three = CellAnimation(
    frames: [cells("a"), cells("b"), cells("c")], delays: [100, 50, 200], loops: 0)

  @Test func framesFollowTheirDelaysAndLoop() {
    let animation = Self.three
    #expect(animation.duration == 350)
    #expect(animation.frame(at: 0) == (0, 100))
    #expect(animation.frame(at: 99) == (0, 1))
    #expect(animation.frame(at: 100) == (1, 50))
    #expect(animation.frame(at: 160) == (2, 190))
    #expect(animation.frame(at: 350) == (0, 100), "forever: it starts again")
    #expect(animation.frame(at: 350 * 1000 + 120) == (1, 30))
  }

  @Test func aCountedAnimationStopsOnItsLastFrame() {
    let twice = CellAnimation(
      frames: [Self.cells("a"), Self.cells("b")], delays: [100, 100], loops: 2)
    #expect(twice.frame(at: 250) == (0, 50))
    #expect(twice.frame(at: 400).index == 1 && twice.frame(at: 400).next == nil)
    #expect(twice.frame(at: 1_000_000).index == 1)
  }

  @Test func aPictureShowsTheFrameOfItsClock() {
    let picture = SymbolPicture.animated(Self.three, columns: 1, rows: 1)
    #expect(picture.moves && picture.cells == Self.cells("a"))
    #expect(picture.cells(at: 120) == Self.cells("b"))
    #expect(
      SymbolPicture(columns: 1, rows: 1, cells: Self.cells("z")).cells(at: 500) == Self.cells("z"))
  }
}
