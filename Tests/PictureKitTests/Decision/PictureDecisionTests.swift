import Testing

@testable import PictureKit

/// Which protocol is chosen from the environment and the answers; a protocol not drawn by this
/// build is never chosen.
@Suite struct PictureDecisionTests {
  static let kitty = TerminalAnswers(
    parsing: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c".utf8))
  static let sixel = TerminalAnswers(parsing: Array("\u{1B}[?63;4c".utf8))

  @Test func kittysAnswerChoosesKitty() {
    let decision = PictureDecision(
      choice: .auto, environment: ["TERM": "xterm-256color"], answers: Self.kitty)
    #expect(decision.chosen == .kitty)
    #expect(decision.cellPixels == PixelSize(width: 10, height: 20))
  }

  /// Debian 12's kitty 0.26.5 answers the graphics query but predates Unicode placeholders:
  /// its pictures are placed at their cells, over the frame; 0.28 and later use placeholders.
  @Test(arguments: [
    ("kitty(0.26.5)", false), ("kitty(0.27.1)", false), ("kitty(0.28.0)", true),
    ("kitty(0.35.2)", true), ("kitty(1.0)", true), ("kitty()", true),
  ])
  func kittyBeforePlaceholdersIsPlacedAtItsCells(version: String, placeholders: Bool) {
    let answers = TerminalAnswers(
      parsing: Array("\u{1B}P>|\(version)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
    #expect(answers.version == version)
    let decision = PictureDecision(
      choice: .auto, environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      answers: answers)
    #expect(decision.chosen == .kitty)
    #expect(decision.kittyPlaceholders == placeholders)
    #expect(decision.drawsOverFrame == !placeholders)
    #expect(decision.reason.contains("predates Unicode placeholders") == !placeholders)
  }

  /// A protocol asked for by name that cannot be drawn is refused with a reason for the
  /// status line, not silently replaced.
  @Test func aProtocolAskedForThatCannotBeDrawnSaysWhy() {
    let decision = PictureDecision(
      choice: .only(.iterm), environment: ["TMUX": "/tmp/x,1,0", "TERM": "tmux-256color"],
      answers: nil)
    #expect(decision.chosen == .symbols)
    #expect(decision.refusal?.hasPrefix("--pictures iterm cannot be drawn here") == true)
    #expect(PictureDecision(choice: .only(.sixel), environment: [:], answers: nil).refusal == nil)
  }

  @Test func theTerminalsBackgroundIsKeptForSymbols() {
    let answers = TerminalAnswers(
      parsing: Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62c".utf8))
    let decision = PictureDecision(
      choice: .only(.symbols), environment: [:], answers: answers)
    #expect(decision.chosen == .symbols)
    #expect(decision.background == 0xFF_FFFF)
    #expect(PictureDecision(choice: .auto, environment: [:], answers: nil).background == nil)
    // Symbols need the answer too; only off asks nothing.
    #expect(PictureChoice.only(.symbols).needsQueries)
    #expect(!PictureChoice.only(.off).needsQueries)
  }

  @Test func theEnvironmentAloneNamesKitty() {
    let decision = PictureDecision(
      choice: .auto, environment: ["TERM": "xterm-kitty"], answers: TerminalAnswers())
    #expect(decision.chosen == .kitty)
    #expect(decision.cellPixelsSource == "assumed")
  }

  /// A kitty that answers nothing within the budget (Debian's 0.26.5 just started on software
  /// OpenGL took longer than 250 ms) may predate Unicode placeholders: its pictures are placed
  /// at their cells, which every kitty shows. It was sent placeholders, and 0.26 showed empty
  /// boxes and logged a parse error per picture.
  @Test(arguments: [nil, TerminalAnswers(parsing: Array("\u{1B}[?62;22c".utf8))])
  func aKittyOfUnknownVersionIsPlacedAtItsCells(answers: TerminalAnswers?) {
    let decision = PictureDecision(
      choice: .auto, environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      answers: answers)
    #expect(decision.chosen == .kitty)
    #expect(!decision.kittyPlaceholders)
    #expect(decision.drawsOverFrame)
    #expect(decision.reason.contains("version is unknown"), "\(decision.reason)")
    // Asked for by name, the same.
    let forced = PictureDecision(choice: .only(.kitty), environment: [:], answers: answers)
    #expect(forced.chosen == .kitty && !forced.kittyPlaceholders)
  }

  @Test func insideTmuxOnlyAnAnswerCounts() {
    let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/x,1,0", "KITTY_WINDOW_ID": "1"]
    let silent = PictureDecision(choice: .auto, environment: environment, answers: nil)
    #expect(silent.chosen == .symbols && silent.insideTmux)
    let answered = PictureDecision(choice: .auto, environment: environment, answers: Self.kitty)
    #expect(answered.chosen == .kitty)
  }

  /// A variable left over from the terminal tmux was started in names no terminal: with no
  /// answer the floor is symbols, and no reason quotes a name nobody gave.
  @Test func insideTmuxALeftoverVariableOnlyHints() {
    let environment = ["TMUX": "/tmp/x,1,0", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm"]
    let silent = PictureDecision(
      choice: .auto, environment: environment, answers: TerminalAnswers())
    #expect(silent.chosen == .symbols)
    #expect(!silent.reason.contains("calls itself"), "\(silent.reason)")
    // A kitty that answers through the passthrough is believed over the leftover variable.
    let answered = PictureDecision(choice: .auto, environment: environment, answers: Self.kitty)
    #expect(answered.chosen == .kitty)
  }

  /// tmux knows nothing of iTerm2's pictures: they would be misplaced in panes and lost when
  /// it redraws, so inside tmux they are never chosen, not even by name.
  @Test func insideTmuxITermFallsBackToSymbols() {
    let environment = ["TMUX": "/tmp/x,1,0", "TERM": "tmux-256color"]
    let asked = PictureDecision(choice: .only(.iterm), environment: environment, answers: nil)
    #expect(asked.chosen == .symbols)
    #expect(asked.reason.contains("tmux"), "\(asked.reason)")
    let iterm = TerminalAnswers(parsing: Array("\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;4c".utf8))
    let auto = PictureDecision(choice: .auto, environment: environment, answers: iterm)
    #expect(auto.chosen == .sixel)
    // iTerm2 named by the environment, nothing answering: the reason says why, not "nothing
    // showed support"; another terminal's, what tmux needs.
    let named = PictureDecision(
      choice: .auto, environment: environment.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 },
      answers: TerminalAnswers())
    #expect(named.chosen == .symbols && named.reason == PictureDecision.itermInsideTmux)
    let silent = PictureDecision(choice: .auto, environment: environment, answers: nil)
    #expect(silent.reason.contains("allow-passthrough"), "\(silent.reason)")
  }

  @Test func sixelIsSeenButNotChosenUntilDrawn() {
    let decision = PictureDecision(choice: .auto, environment: [:], answers: Self.sixel)
    #expect(decision.supported == [.sixel])
    #expect(decision.chosen == (PictureProtocol.drawn.contains(.sixel) ? .sixel : .symbols))
  }

  @Test func weztermIsNotKittyEvenIfItAnswers() {
    let decision = PictureDecision(
      choice: .auto, environment: ["TERM_PROGRAM": "WezTerm"], answers: Self.kitty)
    #expect(!decision.supported.contains(.kitty))
    #expect(decision.supported.first == .iterm)
  }

  /// These answer the kitty query, but kitty pictures are placed with Unicode placeholders,
  /// which they do not show: chosen, the boxes stayed empty.
  @Test(arguments: [
    (["KONSOLE_VERSION": "240202"], "Konsole"),
    (["TERM_PROGRAM": "vscode"], "VS Code's terminal"),
    (["TERM_PROGRAM": "WarpTerminal"], "Warp"),
    (["ZELLIJ": "0", "KITTY_WINDOW_ID": "1"], "Zellij"),
    (["KONSOLE_VERSION": "240202", "TMUX": "/tmp/x,1,0"], "Konsole"),
  ])
  func terminalsWithoutPlaceholdersAreNotKitty(environment: [String: String], name: String) {
    let decision = PictureDecision(choice: .auto, environment: environment, answers: Self.kitty)
    #expect(decision.chosen == .symbols)
    #expect(decision.reason.hasPrefix("\(name) answers the kitty graphics query"))
    // Sixel in the device attributes is taken instead.
    let sixelToo = TerminalAnswers(
      parsing: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))
    let withSixel = PictureDecision(choice: .auto, environment: environment, answers: sixelToo)
    #expect(withSixel.chosen == .sixel)
    #expect(!withSixel.supported.contains(.kitty))
    // Named by its answer too.
    let answered = TerminalAnswers(
      parsing: Array("\u{1B}P>|Konsole 24.02.0\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c".utf8))
    #expect(PictureDecision(choice: .auto, environment: [:], answers: answered).chosen == .symbols)
  }

  /// Asked for by name, kitty's protocol on a terminal without placeholders places pictures at
  /// their cells, as for an old kitty. Konsole 22.12 was sent placeholders for
  /// `--pictures kitty`: it drew each picture at the cursor and lost the text around it.
  /// Inside tmux such a placement would land outside the pane, so there it is refused (a
  /// WezTerm variable is not believed inside tmux: only answers count there).
  @Test(arguments: [
    (["KONSOLE_VERSION": "221203"], "Konsole"), (["TERM_PROGRAM": "WezTerm"], "WezTerm"),
    (["TERM_PROGRAM": "vscode"], "VS Code's terminal"),
  ])
  func kittyAskedForWithoutPlaceholdersIsPlacedAtItsCells(
    environment: [String: String], name: String
  ) {
    let decision = PictureDecision(
      choice: .only(.kitty), environment: environment, answers: Self.kitty)
    #expect(decision.chosen == .kitty && decision.refusal == nil)
    #expect(!decision.kittyPlaceholders && decision.drawsOverFrame)
    #expect(decision.reason.contains("\(name) shows no Unicode placeholders"), "\(decision.reason)")
    guard name != "WezTerm" else { return }
    let inTmux = PictureDecision(
      choice: .only(.kitty), environment: environment.merging(["TMUX": "/tmp/x,1,0"]) { $1 },
      answers: Self.kitty)
    #expect(inTmux.chosen == .symbols)
    #expect(inTmux.refusal?.contains("outside tmux's pane") == true, "\(inTmux.reason)")
  }

  /// Konsole before 26.08 keeps sixel and iTerm2 pictures under any text until the screen is
  /// cleared; from 26.08 text and erases take them away as in xterm. Its answer says which;
  /// without one, its variable; inside tmux, tmux draws sixel itself.
  @Test(arguments: [
    ("Konsole 22.12.3", [String: String](), true), ("Konsole 26.04.1", [:], true),
    ("Konsole 26.08.0", [:], false), ("Konsole 27.01.0", [:], false),
    ("", ["KONSOLE_VERSION": "221203"], true), ("", ["KONSOLE_VERSION": "260800"], false),
    ("XTerm(379)", ["KONSOLE_VERSION": "221203"], false),
    ("Konsole 22.12.3", ["TMUX": "/tmp/x,1,0"], false), ("XTerm(379)", [:], false),
  ])
  func konsoleBefore2608KeepsPicturesUnderText(
    version: String, environment: [String: String], keeps: Bool
  ) {
    let name = version.isEmpty ? "" : "\u{1B}P>|\(version)\u{1B}\\"
    let answers = TerminalAnswers(parsing: Array("\(name)\u{1B}[?62;4c".utf8))
    let decision = PictureDecision(choice: .auto, environment: environment, answers: answers)
    #expect(decision.chosen == .sixel)
    #expect(decision.picturesOutliveText == keeps)
    let iterm = PictureDecision(choice: .only(.iterm), environment: environment, answers: answers)
    #expect(iterm.picturesOutliveText == (keeps && environment["TMUX"] == nil))
  }

  @Test func askingByNameWinsWhenDrawn() {
    let decision = PictureDecision(choice: .only(.kitty), environment: [:], answers: nil)
    #expect(decision.chosen == .kitty)
    let symbols = PictureDecision(choice: .only(.symbols), environment: [:], answers: Self.kitty)
    #expect(symbols.chosen == .symbols)
  }

  @Test func everyChosenProtocolIsDrawn() {
    let environments: [[String: String]] = [
      [:], ["TERM": "xterm-kitty"], ["TERM_PROGRAM": "iTerm.app"], ["TERM": "foot"],
      ["LC_TERMINAL": "iTerm2"], ["WEZTERM_EXECUTABLE": "/x"],
    ]
    for environment in environments {
      for answers in [nil, Self.kitty, Self.sixel] {
        for choice in PictureChoice.names.compactMap(PictureChoice.init(name:)) {
          let decision = PictureDecision(choice: choice, environment: environment, answers: answers)
          #expect(PictureProtocol.drawn.contains(decision.chosen), "\(environment) \(choice)")
        }
      }
    }
  }

  @Test func theWindowsPixelsAreTheFallbackForTheCellSize() {
    let decision = PictureDecision(
      choice: .auto, environment: [:], answers: TerminalAnswers(),
      windowCell: PixelSize(width: 8, height: 16))
    #expect(decision.cellPixels == PixelSize(width: 8, height: 16))
  }
}

extension PictureDecisionTests {
  /// The cells' shape shapes the boxes when the terminal says it (kitty's 8×19 cells are 2.375
  /// times taller than wide, not 2): a picture laid out for 2 was drawn a row short there.
  @Test func aMeasuredCellShapesTheBoxes() {
    let answered = PictureDecision(
      choice: .auto, environment: [:],
      answers: TerminalAnswers(parsing: Array("\u{1B}[6;19;8t\u{1B}[?62;4c".utf8)))
    #expect(answered.measuredCellAspect == 19.0 / 8.0)
    #expect(
      PictureDecision(choice: .auto, environment: [:], answers: nil).measuredCellAspect == nil)
  }
}
