import Testing

@testable import BrowserCore

/// The ring in cells: boxes of one size, mirrored pairs mirrored exactly, none overlapping or
/// leaving the view, whatever the terminal's size.
@Suite struct RingCellsTests {
  static let sizes = [
    CanvasSize(columns: 100, rows: 30), CanvasSize(columns: 80, rows: 24),
    CanvasSize(columns: 120, rows: 40), CanvasSize(columns: 61, rows: 21),
    CanvasSize(columns: 20, rows: 5), CanvasSize(columns: 12, rows: 4),
    CanvasSize(columns: 200, rows: 60),
  ]

  private func rects(_ state: BrowserState) throws -> [Int: CellRect] {
    var rects: [Int: CellRect] = [:]
    for i in state.visibleIndices() {
      // Through a constant: assigned to the dictionary straight, the optional itself was
      // required, which is never nil.
      let rect: CellRect = try #require(state.cellRect(of: i))
      rects[i] = rect
    }
    return rects
  }

  @Test(arguments: sizes)
  func boxesAreOneSizeAndMirroredPairsMatch(size: CanvasSize) throws {
    let state = Fixtures.state(
      Fixtures.items(240), options: BrowserOptions(style: .ring), size: size)
    let rects = try rects(state)
    #expect(Set(rects.values.map { [$0.width, $0.height] }).count == 1, "\(rects)")
    let n = state.items.count
    for d in 1..<6 {
      guard let a = rects[d], let b = rects[(n - d) % n] else { continue }
      #expect(a.row == b.row, "±\(d) at \(size): \(a) \(b)")
      // As far from the right edge as the other is from the left; an odd spare cell cannot be
      // split.
      #expect(
        abs((size.columns - a.right) - b.column) <= (size.columns - a.width) % 2,
        "±\(d) at \(size): \(a) \(b)")
    }
  }

  @Test(arguments: sizes)
  func boxesNeitherOverlapNorLeaveTheView(size: CanvasSize) throws {
    let state = Fixtures.state(
      Fixtures.items(240), options: BrowserOptions(style: .ring), size: size)
    let rects = Array(try rects(state).values)
    #expect(!rects.isEmpty)
    for (k, a) in rects.enumerated() {
      #expect(a.row >= 0 && a.column >= 0 && a.bottom <= state.viewRows, "\(a) at \(size)")
      #expect(a.right <= size.columns, "\(a) at \(size)")
      for b in rects[(k + 1)...] {
        let apart =
          a.right <= b.column || b.right <= a.column || a.bottom <= b.row || b.bottom <= a.row
        #expect(apart, "\(a) overlaps \(b) at \(size)")
      }
    }
  }

  @Test func aTinyRingIsDrawnWithoutStrayCorners() {
    let state = Fixtures.state(
      Fixtures.sample, options: BrowserOptions(style: .ring),
      size: CanvasSize(columns: 20, rows: 5))
    assertSnapshot(render(state).text, named: "ringAt20x5")
  }
}

extension RingCellsTests {
  /// One item alone (a feed of one, a search that leaves one): a box at the centre as large as
  /// two boxes' would be, with room for its picture and title. It was a two-cell, one-row box.
  @Test(arguments: sizes)
  func oneItemIsACentredBoxWithRoomForItsPicture(size: CanvasSize) throws {
    let one = Fixtures.state(Fixtures.items(1), options: BrowserOptions(style: .ring), size: size)
    let two = Fixtures.state(Fixtures.items(2), options: BrowserOptions(style: .ring), size: size)
    let box = try #require(one.cellRect(of: 0))
    let pair = try #require(two.cellRect(of: 0))
    #expect(box.width >= pair.width && box.height >= pair.height, "\(box) \(pair) at \(size)")
    #expect(abs((size.columns - box.right) - box.column) <= 1, "centred: \(box) at \(size)")
    #expect(box.row >= 0 && box.bottom <= one.viewRows && box.right <= size.columns)
    if size.rows >= 12 { #expect(box.height >= 4, "room for a picture: \(box) at \(size)") }
  }
}
