import Testing

@testable import BrowserShell

/// The terminfo entry curses draws with: by what the terminal can do, not only by `TERM`.
@Suite struct TerminalTypeTests {
  /// What this machine's terminfo would say, without reading it.
  static let installed: [String: Int] = [
    "xterm": 8, "xterm-256color": 256, "xterm-direct": 1 << 24, "tmux-256color": 256,
    "tmux-direct": 1 << 24, "xterm-kitty": 256, "linux": 8,
  ]

  static func type(
    _ environment: [String: String], version: String? = nil, direct: Bool = false
  ) -> TerminalType {
    TerminalType(
      environment: environment, version: version, direct: direct, colors: { installed[$0] })
  }

  /// xterm sets `TERM=xterm` (8 colours) yet draws 256: when it names itself, it gets them.
  @Test func xtermUnderItsOwnTermDrawsTwoHundredFiftySixColours() {
    let chosen = Self.type(["TERM": "xterm"], version: "XTerm(379)")
    #expect(chosen.name == "xterm-256color" && !chosen.termMissing)
    #expect(chosen.reason?.contains("xterm draws 256 colours") == true)
    // A terminal that does not say it is xterm keeps what TERM says.
    #expect(Self.type(["TERM": "xterm"]).name == nil)
    #expect(Self.type(["TERM": "linux"], version: "XTerm(379)").name == nil)
  }

  /// `COLORTERM=truecolor` (or tmux passing RGB on) means 24-bit colour, in the browser too.
  @Test func trueColourTerminalsDrawWithTheDirectEntryOfTheirFamily() {
    #expect(Self.type(["TERM": "xterm-256color"], direct: true).name == "xterm-direct")
    #expect(Self.type(["TERM": "tmux-256color"], direct: true).name == "tmux-direct")
    #expect(Self.type(["TERM": "xterm-kitty"], direct: true).name == "xterm-direct")
    #expect(Self.type(["TERM": "xterm-direct"], direct: true).name == nil)
    #expect(Self.type(["TERM": "xterm-256color"]).name == nil)
    // The Linux console is no xterm: its own entry stays, whatever colours are asked for.
    #expect(Self.type(["TERM": "linux"], direct: true).name == nil)
    #expect(
      TerminalType.saysTrueColor(environment: ["COLORTERM": "truecolor"], tmuxFeatures: nil))
    #expect(TerminalType.saysTrueColor(environment: ["COLORTERM": "24bit"], tmuxFeatures: nil))
    #expect(!TerminalType.saysTrueColor(environment: [:], tmuxFeatures: nil))
    // Inside tmux, what tmux passes on counts, not the variable left from outside it.
    #expect(
      TerminalType.saysTrueColor(
        environment: [:], tmuxFeatures: "256,RGB,bpaste,clipboard,title"))
    #expect(
      !TerminalType.saysTrueColor(
        environment: ["COLORTERM": "truecolor"], tmuxFeatures: "256,bpaste,title"))
  }

  /// A `TERM` with no entry here (kitty's, over ssh) is drawn as the xterm family, and says so.
  @Test func aTermWithNoEntryIsDrawnAsTheXtermFamily() {
    let ghostty = Self.type(["TERM": "xterm-ghostty"])
    #expect(ghostty.name == "xterm-256color" && ghostty.termMissing)
    #expect(ghostty.reason?.contains("TERM=xterm-ghostty has no terminfo entry") == true)
    let direct = Self.type(["TERM": "alacritty"], direct: true)
    #expect(direct.name == "xterm-direct" && direct.termMissing)
    // No TERM at all is not guessed at: the browser says what to set.
    #expect(Self.type([:]).name == nil)
  }

  /// The lookup reads this machine's terminfo.
  @Test func installedColoursComeFromTerminfo() {
    #expect(TerminalType.installedColors("xterm-256color") == 256)
    #expect(TerminalType.installedColors("no-such-terminal-here") == nil)
  }
}
