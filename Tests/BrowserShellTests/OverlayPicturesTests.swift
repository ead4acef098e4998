import BrowserCore
import Glibc
import PictureCells
import Pictures
import Testing

@testable import BrowserShell
@testable import PictureKit

/// The pictures drawn over the frame: kept as they must reach the terminal, drawn whole or cut
/// to the rows in view, and taken off again.
@Suite struct OverlayPicturesTests {
  /// A picture of `width` × `height` pixels, its top half red and bottom half blue.
  static func halves(width: Int = 20, height: Int = 40) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      let top = y < height / 2
      for _ in 0..<width { pixels += top ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Inside tmux a `4` in the device attributes is tmux's own sixel support, which takes sixel
  /// as it is: a passthrough-wrapped one is dropped (or misplaced in a split pane).
  @Test func insideTmuxSixelIsSentRaw() throws {
    let answers = TerminalAnswers(parsing: Array("\u{1B}[?62;4c".utf8))
    let decision = PictureDecision(
      choice: .auto, environment: ["TMUX": "/tmp/x,1,0", "TERM": "tmux-256color"],
      answers: answers)
    #expect(decision.chosen == .sixel && decision.insideTmux)
    let overlay = try #require(OverlayPictures(decision, budget: 1 << 20))
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let sixel = try #require(overlay.sequence(id))
    #expect(sixel.starts(with: Array("\u{1B}P".utf8)))
    #expect(!String(decoding: sixel, as: UTF8.self).contains("tmux;"))
  }

  /// The rows of a sixel picture in view are encoded from its kept pixels: the top row of a
  /// two-row picture is all red, the bottom all blue, each half the whole's height.
  @Test func aSixelPictureCutToItsRowsInViewKeepsThoseRowsOnly() throws {
    let drawer = SixelDrawer(cell: PixelSize(width: 10, height: 20))
    let kept = try #require(drawer.keep(Self.halves(), columns: 2, rows: 2, id: 1))
    let top = String(decoding: drawer.draw(kept, id: 1, rows: 0..<1), as: UTF8.self)
    let bottom = String(decoding: drawer.draw(kept, id: 1, rows: 1..<2), as: UTF8.self)
    // Raster attributes, `"1;1;width;height`: chafa keeps whole sixel bands of six rows.
    func height(_ sixel: String) -> Int? {
      guard let start = sixel.range(of: "\"1;1;")?.upperBound else { return nil }
      let fields = sixel[start...].prefix { $0.isNumber || $0 == ";" }.split(separator: ";")
      return fields.count >= 2 ? Int(fields[1]) : nil
    }
    let whole = try #require(height(String(decoding: kept.whole, as: UTF8.self)))
    let topHeight = try #require(height(top))
    #expect((36...40).contains(whole) && (18...20).contains(topHeight))
    #expect(height(bottom) == topHeight)
    // sixel colour registers are percentages: red is 100;0;0, blue 0;0;100.
    #expect(top.contains(";100;0;0") && !top.contains(";0;0;100"))
    #expect(bottom.contains(";0;0;100") && !bottom.contains(";100;0;0"))
  }

  /// kitty before placeholders: a picture is transmitted once with no placement (no `U=1`,
  /// which kitty 0.26 refuses), then placed at the cursor with a source rectangle of the rows
  /// in view, the cursor left where it was.
  @Test func oldKittyPlacesPicturesAtTheCursorCutToTheRowsInView() throws {
    let drawer = KittyPlacementDrawer()
    let kept = try #require(drawer.keep(Self.halves(), columns: 2, rows: 4, id: 9))
    let upload = String(decoding: kept.upload, as: UTF8.self)
    #expect(upload.hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=9,q=2,m=0;") && !upload.contains("U=1"))
    #expect(
      String(decoding: kept.whole, as: UTF8.self)
        == "\u{1B}_Ga=p,i=9,p=1,x=0,y=0,w=20,h=40,c=2,r=4,C=1,q=2\u{1B}\\")
    #expect(
      String(decoding: drawer.draw(kept, id: 9, rows: 1..<3), as: UTF8.self)
        == "\u{1B}_Ga=p,i=9,p=1,x=0,y=10,w=20,h=20,c=2,r=2,C=1,q=2\u{1B}\\")
    let gone = OverlayPlacement(id: 9, area: CellRect(row: 0, column: 0, width: 2, height: 4))
    #expect(drawer.erase(gone, staying: true).isEmpty, "placing it again moves it")
    #expect(
      String(decoding: drawer.erase(gone, staying: false), as: UTF8.self)
        == "\u{1B}_Ga=d,d=i,i=9,p=1,q=2\u{1B}\\")
    #expect(String(decoding: drawer.forget(id: 9), as: UTF8.self).contains("a=d,d=I,i=9"))
  }

  /// Around a frame: the transmission first, then the frame, then the placement at the area's
  /// top left cell; a picture forgotten for the budget is freed in the terminal.
  /// The bytes `body` has the headless `terminal` write.
  static func written(_ body: (Terminal) throws -> Void) throws -> String {
    let output = try #require(tmpfile())
    let input = try #require(fopen("/dev/null", "r"))
    defer {
      fclose(output)
      fclose(input)
    }
    let terminal = try Terminal(headless: "xterm-256color", output: output, input: input)
    defer { terminal.restore() }
    try body(terminal)
    fflush(output)
    rewind(output)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, output)
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// kitty before 0.28 frees every picture on a screen clear (ED 2), placed or not: a picture
  /// sent before the first frame (whose repaint clears) came back as an empty box in real
  /// kitty 0.26.5, and so did every picture after a resize. A transmission goes after the
  /// frame, before its placement, and again after a repaint.
  @Test func oldKittyTransmitsAfterTheFrameBeforePlacingAndAgainAfterARepaint() throws {
    let overlay = OverlayPictures(
      protocol: .kitty, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    var placement = OverlayPlacement(id: id, area: CellRect(row: 3, column: 5, width: 2, height: 1))
    placement.skippedRows = 1
    var removal = ""
    let text = try Self.written { terminal in
      _ = overlay.update([placement], terminal: terminal) {
        terminal.writeBetweenFrames(Array("FRAME1".utf8))
      }
      // Moved: placed again, not sent again.
      placement.area.row = 4
      _ = overlay.update([placement], terminal: terminal) {
        terminal.writeBetweenFrames(Array("FRAME2".utf8))
      }
      // A repaint (resize, return from the shell): sent again after its frame.
      terminal.writeBetweenFrames(overlay.forgetDrawn())
      _ = overlay.update([placement], terminal: terminal) {
        terminal.writeBetweenFrames(Array("FRAME3".utf8))
      }
      removal = String(decoding: overlay.removeAll(), as: UTF8.self)
    }
    let sends = text.ranges(of: "a=t,f=100").map(\.lowerBound)
    let frames = try (1...3).map { try #require(text.range(of: "FRAME\($0)")).lowerBound }
    let place = try #require(text.range(of: "\u{1B}[4;6H\u{1B}_Ga=p,i=\(id),p=1,x=0,y=20"))
    try #require(sends.count == 2, "\(text)")
    #expect(frames[0] < sends[0] && sends[0] < place.lowerBound && place.lowerBound < frames[1])
    #expect(frames[2] < sends[1])
    #expect(text.contains("a=d,d=a"), "the repaint takes every placement off first")
    // Quitting takes the placement off and frees the picture.
    #expect(removal.contains("a=d,d=i,i=\(id),p=1") && removal.contains("a=d,d=I,i=\(id)"))
  }

  /// A frame that went out at another size than it was drawn for (curses took a resize as it
  /// sent it, and cleared and repainted the screen): its pictures are not drawn at their old
  /// places, nothing is taken off a screen the clear emptied, and the next frame draws them
  /// all. Drawn, they stayed on screen where no box was (seen under the thread sanitizer), as
  /// the resize's event forgot what was drawn.
  @Test func aFrameSentAtANewSizeDrawsNoPictureAndTheNextDrawsThemAll() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let first = OverlayPlacement(id: id, area: CellRect(row: 3, column: 5, width: 2, height: 2))
    var moved = first
    moved.area.row = 6
    let text = try Self.written { terminal in
      overlay.update([first], terminal: terminal) { () -> Bool in
        terminal.writeBetweenFrames(Array("FRAME1".utf8))
        return false
      }
      overlay.update([moved], terminal: terminal) { () -> Bool in
        terminal.writeBetweenFrames(Array("FRAME2".utf8))
        return true
      }
      terminal.writeBetweenFrames(Array("RESIZED".utf8))
      overlay.update([moved], terminal: terminal) { () -> Bool in
        terminal.writeBetweenFrames(Array("FRAME3".utf8))
        return false
      }
    }
    let frames = try ["FRAME1", "FRAME2", "RESIZED", "FRAME3"].map {
      try #require(text.range(of: $0)).lowerBound
    }
    let sixels = text.ranges(of: "\u{1B}P").map(\.lowerBound)
    try #require(sixels.count == 2, "\(sixels.count) sixels")
    #expect(frames[0] < sixels[0] && sixels[0] < frames[1])
    // Nothing between the frame sent at the new size and the resize's event.
    #expect(!text[frames[1]..<frames[2]].contains("\u{1B}P"))
    #expect(frames[3] < sixels[1])
    #expect(text[frames[3]...].contains("\u{1B}[7;6H\u{1B}P"), "drawn at its new place")
  }

  /// One picture in two boxes (the sample feed repeats pictures) is two placements: with one
  /// placement id for both, kitty 0.26.5 moved the first box's picture to the second and left
  /// the first box empty. When one box leaves the view, only its placement is deleted.
  @Test func oldKittyPlacesOnePictureInTwoBoxesAsTwoPlacements() throws {
    let overlay = OverlayPictures(
      protocol: .kitty, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let first = OverlayPlacement(id: id, area: CellRect(row: 1, column: 1, width: 2, height: 2))
    let second = OverlayPlacement(id: id, area: CellRect(row: 1, column: 9, width: 2, height: 2))
    let text = try Self.written { terminal in
      overlay.update([first, second], terminal: terminal) {}
      terminal.writeBetweenFrames(Array("NEXT".utf8))
      overlay.update([second], terminal: terminal) {}
    }
    let parts = text.components(separatedBy: "NEXT")
    try #require(parts.count == 2)
    let (both, one) = (parts[0], parts[1])
    #expect(both.contains("\u{1B}[2;2H\u{1B}_Ga=p,i=\(id),p=1,"), "\(both)")
    #expect(both.contains("\u{1B}[2;10H\u{1B}_Ga=p,i=\(id),p=2,"), "\(both)")
    // The second box alone is now the picture's first placement: placement 1 moves there and
    // placement 2 goes; nothing deletes the picture's data.
    #expect(one.contains("a=d,d=i,i=\(id),p=2,"), "\(one)")
    #expect(!one.contains("a=d,d=i,i=\(id),p=1,") && !one.contains("d=I"), "\(one)")
    #expect(one.contains("\u{1B}[2;10H\u{1B}_Ga=p,i=\(id),p=1,"), "\(one)")
  }

  /// What a terminal was sent around frames, in order, and which rows it was told to write
  /// whole again.
  final class RecordedWriter: FrameWriter {
    var log: [String] = []
    func writeBetweenFrames(_ bytes: [UInt8]) {
      if !bytes.isEmpty { log.append(String(decoding: bytes, as: UTF8.self)) }
    }
    func rewriteRows(_ rows: Range<Int>) { log.append("REWRITE \(rows)") }
    func frame() -> Bool {
      log.append("FRAME")
      return false
    }
  }

  /// Konsole before 26.08 keeps a sixel picture under whatever text is written over it and
  /// erases the text of its cells and of the column after them: a picture is drawn before the
  /// frame, and the frame writes its rows whole again (its box's border comes back).
  @Test func whereTextKeepsPicturesTheyGoFirstAndTheirRowsAreWrittenAgain() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 20,
      outliveText: true)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let first = OverlayPlacement(id: id, area: CellRect(row: 3, column: 5, width: 2, height: 2))
    let writer = RecordedWriter()
    overlay.update([first], terminal: writer, present: writer.frame)
    #expect(writer.log.count == 3, "\(writer.log)")
    #expect(writer.log.first?.contains("\u{1B}[4;6H\u{1B}P") == true)
    #expect(writer.log.dropFirst().first == "REWRITE 3..<5")
    #expect(writer.log.last == "FRAME")
    // The same again: nothing to draw or write again.
    writer.log = []
    overlay.update([first], terminal: writer, present: writer.frame)
    #expect(writer.log == ["FRAME"])
  }

  /// There, the only way to take a picture off is a screen clear: one that moves clears the
  /// screen, every picture in view is drawn again, all before the frame, and the frame writes
  /// every row. Blanking its cells (ECH) left it on screen, a collage after a few keys.
  @Test func whereTextKeepsPicturesOneThatMovesClearsAndRedrawsAll() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 20,
      outliveText: true)
    let a = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let b = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let still = OverlayPlacement(id: a, area: CellRect(row: 3, column: 5, width: 2, height: 2))
    var moving = OverlayPlacement(id: b, area: CellRect(row: 3, column: 9, width: 2, height: 2))
    let writer = RecordedWriter()
    overlay.update([still, moving], terminal: writer, present: writer.frame)
    writer.log = []
    moving.area.row = 1
    overlay.update([still, moving], terminal: writer, present: writer.frame)
    let bytes = try #require(writer.log.first)
    #expect(bytes.hasPrefix("\u{1B}[2J"), "\(writer.log)")
    #expect(bytes.contains("\u{1B}[4;6H\u{1B}P") && bytes.contains("\u{1B}[2;10H\u{1B}P"))
    #expect(!bytes.contains("\u{1B}[2X"), "no blanking: it takes nothing off there")
    #expect(writer.log.dropFirst().first?.hasPrefix("REWRITE 0..<") == true)
    #expect(writer.log.last == "FRAME")
    // Quitting clears rather than blanks.
    #expect(String(decoding: overlay.removeAll(), as: UTF8.self).contains("\u{1B}[2J"))
  }

  /// The post view's text scrolls beside a picture that stays put: curses moves or rewrites
  /// the rows, taking the picture's pixels along, so the picture is drawn again after each
  /// frame whose text moved, and only then. It was left striped and shifted.
  @Test func aPictureBesideScrollingTextIsDrawnAgainWhenTheTextMoves() throws {
    let overlay = OverlayPictures(
      protocol: .sixel, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    let placement = OverlayPlacement(
      id: id, area: CellRect(row: 0, column: 1, width: 2, height: 2))
    let big = OverlayPlacement(id: id, area: CellRect(row: 6, column: 3, width: 2, height: 2))
    let text = try Self.written { terminal in
      for (k, mark) in [1, 1, 2, 2].enumerated() {
        overlay.redrawWhenTextMoves(mark)
        overlay.update([placement], terminal: terminal) {
          terminal.writeBetweenFrames(Array("FRAME\(k)".utf8))
        }
      }
      // The picture alone over the screen, back to the post: the one alone is taken off.
      overlay.redrawWhenTextMoves(nil)
      overlay.update([big], terminal: terminal) {
        terminal.writeBetweenFrames(Array("FRAME4".utf8))
      }
      overlay.redrawWhenTextMoves(2)
      overlay.update([placement], terminal: terminal) {
        terminal.writeBetweenFrames(Array("FRAME5".utf8))
      }
    }
    let back = try #require(text.range(of: "FRAME4")).upperBound
    let last = try #require(text.range(of: "FRAME5")).lowerBound
    #expect(text[back..<last].contains("\u{1B}[7;4H\u{1B}[2X"), "the picture alone is erased")
    let frames = try (0..<6).map { try #require(text.range(of: "FRAME\($0)")).lowerBound }
    let sixels = text.ranges(of: "\u{1B}P").map(\.lowerBound)
    #expect(sixels.count == 4, "drawn first, again when the text moved, alone, and back")
    #expect(sixels.allSatisfy { $0 > frames[0] } && sixels.last.map { $0 > frames[2] } == true)
    #expect(!sixels.contains { $0 > frames[1] && $0 < frames[2] }, "the same text: not drawn")
  }

  /// A picture kept and never drawn was never sent: nothing to free for it.
  @Test func oldKittyFreesOnlyWhatItSent() throws {
    let overlay = OverlayPictures(
      protocol: .kitty, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let id = try #require(overlay.keep(Self.halves(), columns: 2, rows: 2))
    #expect(!String(decoding: overlay.removeAll(), as: UTF8.self).contains("i=\(id)"))
  }
}

/// kitty plays moving pictures itself: every frame sent once, nothing per frame after.
@Suite struct KittyAnimationTests {
  /// Each chunk of a frame repeats its keys: kitty 0.26.5 took the later chunks of a frame
  /// for a new frame 2 each time (seen on a virtual display: `r=2` answered for every frame,
  /// nothing moved).
  @Test func framesRepeatTheirKeysInEveryChunk() {
    let big = [UInt8](repeating: 7, count: 9000)
    let bytes = KittyGraphics.animate(
      id: 5, firstDelay: 120, frames: [(big, 80), ([1, 2, 3], 0)], loops: 0)
    let text = String(decoding: bytes, as: UTF8.self)
    let frameChunks = text.components(separatedBy: "\u{1B}_G").filter { $0.hasPrefix("a=f") }
    // 9000 bytes are 12,000 in base64: three chunks, every one with the frame's keys.
    #expect(frameChunks.count == 4)
    #expect(frameChunks.prefix(3).allSatisfy { $0.hasPrefix("a=f,i=5,f=100,z=80,q=2,m=") })
    #expect(text.contains("a=f,i=5,f=100,z=1,q=2,m=0"), "a delay is at least 1 ms")
    #expect(text.contains("a=a,i=5,r=1,z=120,q=2") && text.hasSuffix("a=a,i=5,s=3,v=1,q=2\u{1B}\\"))
    #expect(
      String(decoding: KittyGraphics.play(id: 5, playing: false), as: UTF8.self)
        == "\u{1B}_Ga=a,i=5,s=1,q=2\u{1B}\\")
    // Played twice: kitty counts v=3 as two loops.
    #expect(
      String(decoding: KittyGraphics.play(id: 5, playing: true, loops: 2), as: UTF8.self).contains(
        "v=3"))
  }

  /// Placed without placeholders (kitty before 0.28), a moving picture's frames go with its
  /// transmission, and `a` stops and plays every one the terminal holds.
  @Test func oldKittyPlaysMovingPicturesAndStopsThem() throws {
    let overlay = OverlayPictures(
      protocol: .kitty, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
    let frame = OverlayPicturesTests.halves()
    let moving = PixelAnimation(
      firstDelay: 100, frames: [AnimationFrame(image: frame, delay: 100)], loops: 0)
    let id = try #require(overlay.keep(frame, columns: 2, rows: 2, animation: moving))
    let still = try #require(overlay.keep(frame, columns: 2, rows: 2))
    let sent = try String(
      decoding: #require(overlay.sequence(id)) + #require(overlay.sequence(still)), as: UTF8.self)
    #expect(sent.contains("a=f,i=\(id),") && !sent.contains("a=f,i=\(still),"))
    let stop = String(decoding: overlay.play(false), as: UTF8.self)
    #expect(stop == "\u{1B}_Ga=a,i=\(id),s=1,q=2\u{1B}\\")
    // One sent while they are stopped is stopped too.
    let later = try #require(overlay.keep(frame, columns: 2, rows: 2, animation: moving))
    let laterSent = try String(decoding: #require(overlay.sequence(later)), as: UTF8.self)
    let frames = try #require(laterSent.range(of: "a=f,i=\(later),"))
    let stopped = try #require(laterSent.range(of: "a=a,i=\(later),s=1"))
    #expect(frames.lowerBound < stopped.lowerBound)
  }
}

/// iTerm2 plays a GIF itself: a moving picture drawn whole goes as the file it came as.
@Suite struct ITermAnimationTests {
  @Test func aMovingPictureIsSentAsItsFileAndCutAsItsFirstFrame() throws {
    let frame = OverlayPicturesTests.halves()
    let gif = Array("GIF89a-the-file-itself".utf8)
    let drawer = ITermDrawer()
    let kept = try #require(
      drawer.keep(
        frame,
        animation: PixelAnimation(
          firstDelay: 100, frames: [AnimationFrame(image: frame, delay: 100)], loops: 0, file: gif),
        columns: 2, rows: 2, id: 1))
    let whole = String(decoding: kept.whole, as: UTF8.self)
    #expect(whole.hasPrefix("\u{1B}]1337;File=inline=1;size=\(gif.count);width=2;height=2"))
    #expect(whole.contains(String(decoding: Base64.encodedBytes(gif), as: UTF8.self)))
    // Cut at the view's edge: a PNG of the first frame's rows in view.
    let part = String(decoding: drawer.draw(kept, id: 1, rows: 0..<1), as: UTF8.self)
    #expect(part.contains("height=1") && !part.contains("size=\(gif.count);"))
  }
}

/// Sixel shows one frame at a time: a moving picture in the full-screen view keeps its
/// frames, and the view places the frame its clock shows.
@Suite struct SixelAnimationTests {
  @Test func eachFrameIsItsOwnSixelAndTheViewPicksIt() throws {
    let red = OverlayPicturesTests.halves()
    var blue = red
    for at in stride(from: 0, to: blue.pixels.count, by: 4) {
      (blue.pixels[at], blue.pixels[at + 1], blue.pixels[at + 2]) = (0, 0, 255)
    }
    let drawer = SixelDrawer(cell: PixelSize(width: 10, height: 20))
    let kept = try #require(
      drawer.keep(
        red,
        animation: PixelAnimation(
          firstDelay: 100, frames: [AnimationFrame(image: blue, delay: 100)], loops: 0),
        columns: 2, rows: 2, id: 1))
    #expect(kept.frames.count == 1)
    let first = String(decoding: drawer.draw(kept, id: 1, rows: 0..<2, frame: 0), as: UTF8.self)
    let second = String(decoding: drawer.draw(kept, id: 1, rows: 0..<2, frame: 1), as: UTF8.self)
    #expect(first.contains(";100;0;0") && !second.contains(";100;0;0"))
    #expect(second.contains(";0;0;100"))
  }

  /// The picture's timing rides on its blank cells: the view places frame 1 after the first
  /// frame's delay, and says when the next is due.
  @Test func theTimingOfAPictureDrawnOverTheFrame() {
    let picture = SymbolPicture.overlay(3, columns: 2, rows: 2).moving(
      delays: [100, 50], loops: 0)
    #expect(picture.moves && picture.overlay == 3)
    let shown = picture.animation?.frame(at: 120)
    #expect(shown?.index == 1 && shown?.next == 30)
    #expect(
      SymbolPicture.overlay(3, columns: 2, rows: 2).moving(delays: [100], loops: 0).animation == nil
    )
  }
}
