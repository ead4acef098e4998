import BrowserCore
import Glibc
import PictureCells
import Testing

@testable import BrowserShell

/// The curses canvas writes a picture's row in one run: the terminal must be sent exactly what
/// the same cells put one by one would send.
@Suite struct CursesPictureRowTests {
  /// The bytes a headless `type` terminal is sent for one frame drawn by `draw`.
  func bytes(_ type: String, _ draw: (inout CursesCanvas) -> Void) throws -> [UInt8] {
    try CursesLock.run {
      HeadlessScreen.useUTF8Locale()
      let output = try #require(tmpfile())
      let input = try #require(fopen("/dev/null", "r"))
      defer {
        fclose(output)
        fclose(input)
      }
      let terminal = try Terminal(headless: type, output: output, input: input)
      terminal.resize(CanvasSize(columns: 12, rows: 3))
      var canvas = CursesCanvas(terminal: terminal)
      canvas.clear()
      draw(&canvas)
      terminal.present()
      terminal.restore()
      fflush(output)
      let count = ftell(output)
      rewind(output)
      var sent = [UInt8](repeating: 0, count: max(0, count))
      #expect(fread(&sent, 1, sent.count, output) == sent.count)
      return sent
    }
  }

  @Test(arguments: ["xterm-256color", "xterm-direct", "xterm"])
  func aPictureRowSendsWhatItsCellsPutOneByOneSend(type: String) throws {
    let colors: [CellColor] = [.rgb(0xC08040), .rgb(0xC08040), .palette(27), .rgb(0x2040A0)]
    let picture = (0..<9).map { i in
      SymbolCell(
        scalar: i % 4 == 0 ? "▀" : "▗", foreground: colors[i % 4], background: colors[3 - i % 4])
    }
    // From column 6: the last three cells are off the screen's right edge.
    let whole = try bytes(type) { canvas in
      canvas.putPictureRow(picture[...], row: 1, column: 6)
    }
    let oneByOne = try bytes(type) { canvas in
      for (i, cell) in picture.enumerated() {
        canvas.put(
          String(cell.scalar)[...], width: 1, row: 1, column: 6 + i,
          style: CellAppearance(
            foreground: Color(cell.foreground), background: Color(cell.background)))
      }
    }
    #expect(whole.count > 20, "a frame was sent")
    #expect(whole == oneByOne)
  }
}
