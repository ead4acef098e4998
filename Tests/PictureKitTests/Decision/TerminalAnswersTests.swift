import Testing

@testable import PictureKit

/// The terminal's answers are outside input: read by their framing, checked, never believed
/// when malformed.
@Suite struct TerminalAnswersTests {
  func parse(_ text: String) -> TerminalAnswers { TerminalAnswers(parsing: Array(text.utf8)) }

  @Test func kittyAnswersEverything() {
    let answers = parse(
      "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
    #expect(answers.version == "kitty(0.35.2)")
    #expect(answers.kittyGraphics)
    #expect(answers.cellPixels == PixelSize(width: 10, height: 20))
    #expect(answers.deviceAttributes == [62, 22])
    #expect(answers.isComplete)
    #expect(!answers.sixel)
  }

  @Test func sixelIsAttributeFourAfterTheClass() {
    #expect(parse("\u{1B}[?63;1;2;4;6c").sixel)
    // The first value is the terminal's class, not a feature.
    #expect(!parse("\u{1B}[?4;1c").sixel)
  }

  @Test func emptyFieldsInDeviceAttributesAreIgnored() {
    // Some terminals end the list with a `;`; the values before it still count.
    #expect(parse("\u{1B}[?62;c").deviceAttributes == [62])
    #expect(parse("\u{1B}[?62;;4;c").sixel)
    #expect(parse("\u{1B}[6;20;10;t").cellPixels == PixelSize(width: 10, height: 20))
  }

  @Test func aKittyErrorIsNotSupport() {
    let answers = parse("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c")
    #expect(!answers.kittyGraphics)
    #expect(answers.kittyError == "ENOTSUPPORTED:no")
  }

  @Test func anAnswerForAnotherImageIsIgnored() {
    #expect(!parse("\u{1B}_Gi=7;OK\u{1B}\\").kittyGraphics)
  }

  @Test func nothingMeansNothing() {
    let answers = parse("")
    #expect(!answers.isComplete && answers.version == nil && answers.cellPixels == nil)
  }

  @Test func garbageAndCutOffSequencesAreSkipped() {
    let bytes: [UInt8] =
      Array("\u{1B}[6;99999999;x t".utf8) + [0xFF, 0xFE, 0x1B] + Array("P>|\u{7}evil".utf8)
      + Array("\u{1B}[6;0;10t\u{1B}[?62;c\u{1B}[?1;2c\u{1B}_Gi=31;O".utf8)
    let answers = TerminalAnswers(parsing: bytes)
    #expect(answers.cellPixels == nil)
    #expect(answers.deviceAttributes == [1, 2])
    #expect(!answers.kittyGraphics)
  }

  @Test(arguments: [
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", 0xFF_FFFF),
    ("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}", 0x1E_1E2E),
    ("\u{1B}]11;rgb:fdf6/e3e3/0000\u{1B}\\", 0xFDE3_00),
    ("\u{1B}]11;rgb:f/8/0\u{1B}\\", 0xFF_8800),
    ("\u{1B}]11;rgb:28/2c/34\u{1B}\\", 0x28_2C34),
    ("\u{1B}]11;rgba:0000/0000/ffff/e5e5\u{1B}\\", 0x00_00FF),
    ("\u{1B}]11;#fff\u{07}", 0xFF_FFFF),
    ("\u{1B}]11;#102030\u{07}", 0x10_2030),
  ])
  func theBackgroundColourIsReadInEveryForm(answer: String, color: Int) {
    let answers = parse(answer + "\u{1B}[?62c")
    #expect(answers.background == UInt32(color))
    #expect(answers.isComplete)
  }

  @Test(arguments: [
    "\u{1B}]11;rgb:ffff/ffff\u{07}", "\u{1B}]11;rgb:fffff/0/0\u{07}",
    "\u{1B}]11;rgb:gg/00/00\u{07}", "\u{1B}]11;rgb://\u{07}", "\u{1B}]11;#ffff\u{07}",
    "\u{1B}]11;black\u{07}", "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}",
    "\u{1B}]11;rgb:+f/0/0\u{07}",
  ])
  func aMalformedBackgroundIsNoBackground(answer: String) {
    #expect(parse(answer + "\u{1B}[?62c").background == nil)
  }

  /// Keys typed while the first load ran come before the answers, or between them: they are
  /// kept, in order, for the browser, and the answers are read as if they were not there.
  @Test func keysTypedAroundTheAnswersAreKeptInOrder() {
    let answers = parse(
      "5j\u{1B}[6~\u{1B}P>|kitty(0.35.2)\u{1B}\\é\u{1B}OB\u{1B}[6;20;10tq\u{1B}]11;rgb:ff/ff/ff\u{7}"
        + "\u{1B}x\u{1B}[?62;4c+")
    #expect(answers.typed == Array("5j\u{1B}[6~é\u{1B}OBq\u{1B}x+".utf8))
    #expect(answers.version == "kitty(0.35.2)")
    #expect(answers.cellPixels == PixelSize(width: 10, height: 20))
    #expect(answers.background == 0xFF_FFFF)
    #expect(answers.sixel)
    #expect(parse("\u{1B}[?62c").typed.isEmpty, "answers alone leave nothing typed")
  }

  /// An ESC at the very end may start an answer the budget cut off; taken as Esc it quit the
  /// browser. So may any sequence cut off there.
  @Test func aCutOffSequenceAtTheEndIsNotTyped() {
    #expect(parse("j\u{1B}").typed == Array("j".utf8))
    #expect(parse("j\u{1B}P>|XTer").typed == Array("j".utf8))
    #expect(parse("j\u{1B}[6;20").typed == Array("j".utf8))
  }

  @Test func theNameKeepsOnlyPrintableASCII() {
    let answers = parse("\u{1B}P>|a\u{1B}\\")
    #expect(answers.version == "a")
    let hostile = TerminalAnswers(
      parsing: Array("\u{1B}P>|x".utf8) + [0x9B, 0x07] + Array("\u{1B}\\".utf8))
    #expect(hostile.version == "x")
  }

  @Test(arguments: 0..<200)
  func randomBytesNeverCrash(seed: Int) {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    var bytes: [UInt8] = []
    for _ in 0..<(seed % 64) {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      // Mostly the bytes answers are made of, so the parser's paths are all taken.
      let pool: [UInt8] = Array("\u{1B}[P_]>|;?ctG=i31OK0123456789\\".utf8) + [0x07, 0xFF]
      bytes.append(pool[Int(state % UInt64(pool.count))])
    }
    let answers = TerminalAnswers(parsing: bytes)
    #expect((answers.version?.count ?? 0) <= 80, "seed \(seed)")
  }
}
