import Foundation
import TestSupport
import Testing

@testable import BrowserCore

@Suite struct DisplayTextTests {
  /// Hostile titles and what must be left of them.
  static let hostile: [(String, String)] = [
    ("plain title", "plain title"),
    ("\u{1B}]0;pwned\u{07}Title", "Title"),
    ("\u{1B}]2;pwned\u{1B}\\Title", "Title"),
    ("\u{1B}[2J\u{1B}[HClear", "Clear"),
    ("bell\u{07}\u{07}", "bell"),
    ("\u{202E}evil\u{202C} \u{2066}iso\u{2069}", "evil iso"),
    ("nul\u{0}byte", "nulbyte"),
    ("c1\u{9B}31mred", "c1red"),
    ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcsend"),
    ("osc8\u{9D}8;;http://x\u{9C}link", "osc8link"),
    ("tab\tand\nnewline\r", "tab and newline "),
    ("del\u{7F}ete", "delete"),
    ("zero\u{200B}width\u{FEFF}bom\u{00AD}", "zerowidthbom"),
    ("unterminated \u{1B}]0;title forever", "unterminated "),
    ("csi \u{1B}[31", "csi "),
    ("esc\u{1B}7save", "escsave"),
  ]

  @Test(arguments: hostile)
  func hostileTextIsSanitised(input: String, expected: String) {
    let text = DisplayText(input)
    #expect(text.string == expected)
    for scalar in text.string.unicodeScalars {
      #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
    }
  }

  @Test(arguments: [
    ("abc", 3), ("山と湖", 6), ("🍁", 2), ("Fox 🦊", 6), ("e\u{301}", 1), ("ｱ", 1), ("Ａ", 2),
    ("한국", 4),
  ])
  func widthCountsCellsPerCluster(input: String, width: Int) {
    #expect(DisplayText(input).width == width)
  }

  @Test func emojiSequencesKeepTheirFirstEmoji() {
    // Joined sequences too: the family is one emoji, not the three people it is made of.
    #expect(DisplayText("👨‍👩‍👧 family").string == "👨 family")
    #expect(DisplayText("👨‍👩‍👧‍👦").width == 2)
    #expect(DisplayText("👩🏽‍💻 a 🏳️‍🌈 b 👩‍❤️‍💋‍👨").string == "👩 a 🏳 b 👩")
    // Outside emoji a joiner shapes letters (Devanagari, Malayalam): the letters all stay.
    #expect(DisplayText("क्\u{200D}ष").string == "क्ष")
    #expect(DisplayText("a\u{200D}b 👍\u{200D}x").string == "ab 👍x")
    #expect(DisplayText("👍🏽").string == "👍")
    #expect(DisplayText("❤️").string == "❤")
    #expect(DisplayText("❤️").width == 1)
  }

  @Test func combiningFloodIsCapped() {
    let flood = "a" + String(repeating: "\u{301}", count: 1_000) + "b"
    let text = DisplayText(flood)
    #expect(text.string.unicodeScalars.count == 1 + DisplayText.maximumMarksPerCluster + 1)
    #expect(text.width == 2)
    let endless = DisplayText("a" + String(repeating: "\u{301}", count: 100_000) + "b")
    #expect(endless.width == 1)
    #expect(endless.isCut)
  }

  @Test func leadingMarksAreDropped() {
    #expect(DisplayText("\u{301}\u{302}x").string == "x")
  }

  @Test func hugeTitleIsCutAtTheSource() {
    let huge = String(repeating: "long ", count: 20_000)
    let text = DisplayText(huge, maximumWidth: 50)
    #expect(text.width == 50)
    #expect(text.isCut)
    #expect(text.fitted(to: 50).string.hasSuffix("…"))
  }

  @Test func hugeEscapePrefixCostsBoundedWork() {
    let huge = "\u{1B}]0;" + String(repeating: "x", count: 100_000) + "\u{07}visible"
    let text = DisplayText(huge)
    #expect(text.string.isEmpty)
    #expect(text.isCut)
  }

  @Test func fittingCutsWithEllipsisByCells() {
    #expect(DisplayText("Hello world").fitted(to: 8).string == "Hello w…")
    #expect(DisplayText("Hello").fitted(to: 5).string == "Hello")
    #expect(DisplayText("山と湖です").fitted(to: 6).string == "山と…")
    #expect(DisplayText("山と湖です").fitted(to: 6).width == 5)
    #expect(DisplayText("abc").fitted(to: 0).string.isEmpty)
    #expect(DisplayText("abcdef").fitted(to: 1).string == "…")
  }

  @Test func unassignedAndPrivateUseBecomeReplacementCharacters() {
    #expect(DisplayText("a\u{E000}b\u{0378}").string == "a\u{FFFD}b\u{FFFD}")
  }

  @Test func clustersComeOutWithTheirWidths() {
    var seen: [(String, Int)] = []
    DisplayText("a山e\u{301}").forEachCluster { seen.append((String($0), $1)) }
    #expect(seen.map(\.0) == ["a", "山", "e\u{301}"])
    #expect(seen.map(\.1) == [1, 2, 1])
  }

  /// Printable ASCII is kept without going through the sanitiser scalar by scalar: the result
  /// must be the sanitiser's for every length around the width, and any other byte (a control,
  /// DEL, a non-ASCII letter) anywhere the sanitiser looks must still go through it.
  @Test func printableASCIIIsKeptAsTheSanitiserKeepsIt() {
    var random = SplitMix64(seed: 11)
    let others: [Character] = ["\u{7F}", "\t", "\u{1B}", "é", "\u{202E}", "\n", "界"]
    for _ in 0..<2_000 {
      let width = Int.random(in: 0...12, using: &random)
      var text = String(
        (0..<Int.random(in: 0...16, using: &random)).map { _ in
          Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &random)))
        })
      if Bool.random(using: &random), !text.isEmpty {
        let at = text.index(
          text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &random))
        text.insert(others.randomElement(using: &random)!, at: at)
      }
      let fast = DisplayText(text, maximumWidth: width)
      let slow = DisplayText(sanitizing: text, maximumWidth: width)
      guard fast == slow else {
        Issue.record("\(text.debugDescription) at width \(width): \(fast) for \(slow)")
        return
      }
    }
  }
}
