import Foundation
import Testing

@testable import FeedKit
@testable import TestSupport

/// The character-reference decoder against python's `html.unescape` on generated text.
///
/// Where both follow HTML the answers must be equal: every name of Cascade's table, decimal and
/// hexadecimal references with their `;` (NUL, surrogates and code points past U+10FFFF as
/// U+FFFD, 0x80–0x9F through Windows-1252), and text that holds no reference. Where Cascade
/// decodes less than python by design, `knownDifferences` says so, one case at a time.
@Suite struct HTMLReferencesDifferentialTests {
  static let script = #"""
    import base64, html, sys
    for line in sys.stdin:
        text = base64.b64decode(line).decode("utf-8")
        print(base64.b64encode(html.unescape(text).encode("utf-8")).decode("ascii"))
    """#

  /// python's answer for each of `texts`.
  static func python(_ texts: [String]) async throws -> [String] {
    let input = texts.map { Data($0.utf8).base64EncodedString() }.joined(separator: "\n") + "\n"
    let output = try await OffPool.run { try Python.run(Self.script, input: Data(input.utf8)) }
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map {
      String(decoding: Data(base64Encoded: String($0)) ?? Data(), as: UTF8.self)
    }
  }

  /// The names of Cascade's table: HTML 4's and `apos`.
  static let names = HTMLEntities.names

  /// Code points whose references both sides read the same way: ordinary characters, the
  /// replaced ones, and the Windows-1252 range (whose five undefined places keep their code
  /// points on both sides).
  static let codePoints: [UInt32] =
    [0x41, 0x7A, 0x20, 0x26, 0x3C, 0xE9, 0x2019, 0x1F341, 0x10FFFD, 0x0A, 0x09, 0x0D]
    + [0, 0xD800, 0xDFFF, 0x110000, 0x98_967F]
    + Array(0x80...0x9F)

  static let plainPieces = [
    "a", "Tom", " ", "é", "🍁", "&", "& ", "&&", "&;", "&#;", "&#x;", "<b>", "1 < 2", ";",
    "&bogus;", "&zzz;", "&#xZZ;", "AT&T", "&x",
  ]

  static func piece(using random: inout SplitMix64) -> String {
    switch random.next() % 4 {
    case 0:
      return "&" + names[Int(random.next() % UInt64(names.count))] + ";"
    case 1:
      let value = codePoints[Int(random.next() % UInt64(codePoints.count))]
      switch random.next() % 3 {
      case 0: return "&#\(value);"
      case 1: return "&#x" + String(value, radix: 16) + ";"
      default: return "&#X" + String(value, radix: 16, uppercase: true) + ";"
      }
    default:
      return plainPieces[Int(random.next() % UInt64(plainPieces.count))]
    }
  }

  @Test func decoderAgreesWithPythonWhereBothFollowHTML() async throws {
    var random = SplitMix64(seed: 20_261_204)
    let texts = (0..<2000).map { _ in
      (0..<(1 + random.next() % 6)).map { _ in Self.piece(using: &random) }.joined()
    }
    let answers = try await Self.python(texts)
    try #require(answers.count == texts.count)
    var disagreements = 0
    for (text, python) in zip(texts, answers) {
      let swift = HTMLText.decodingReferences(text)
      if swift != python {
        disagreements += 1
        if disagreements <= 5 {
          let message =
            "\(text.debugDescription): Cascade \(swift.debugDescription), python "
            + python.debugDescription
          Issue.record("\(message)")
        }
      }
    }
    #expect(disagreements == 0)
  }

  /// Every name in Cascade's table is HTML's, for the same character.
  @Test func everyNameIsPythons() async throws {
    let texts = Self.names.map { "&\($0);" }
    let answers = try await Self.python(texts)
    for (text, python) in zip(texts, answers) {
      #expect(HTMLText.decodingReferences(text) == python, "\(text)")
      #expect(python.unicodeScalars.count == 1, "\(text) is not one of python's names")
    }
  }

  /// Where Cascade decodes less than python, on purpose: each input, python's answer, and
  /// Cascade's (which is the input as written unless noted).
  static let knownDifferences: [(text: String, python: String, cascade: String, why: String)] = [
    ("&NotEqual;", "≠", "&NotEqual;", "HTML 5's two thousand names are not in the table"),
    ("&amp", "&", "&amp", "a reference without its ; stays as written"),
    ("&eacutex", "éx", "&eacutex", "legacy names are not read without ;"),
    ("&notit;", "¬it;", "&notit;", "no prefix of an unknown name is read"),
    ("&#65", "A", "&#65", "a numeric reference without its ;"),
    ("&#000000065;", "A", "&#000000065;", "a reference longer than ten characters"),
    ("&#16777215;", "\u{FFFD}", "&#16777215;", "a reference longer than ten characters"),
    (
      "&#1;", "", "\u{1}",
      "python drops control characters; HTML keeps them (the screen drops them)"
    ),
    ("&#x7F;", "", "\u{7F}", "python drops DEL; HTML keeps it (the screen drops it)"),
    ("&#xFFFF;", "", "\u{FFFF}", "python drops noncharacters; HTML keeps them"),
  ]

  @Test func knownDifferencesAreStillTheOnlyOnes() async throws {
    let answers = try await Self.python(Self.knownDifferences.map(\.text))
    for (difference, python) in zip(Self.knownDifferences, answers) {
      #expect(python == difference.python, "python changed for \(difference.text)")
      #expect(
        HTMLText.decodingReferences(difference.text) == difference.cascade,
        "\(difference.text): \(difference.why)")
    }
  }

  /// The regression the differential test found: `&#146;` (old tools' apostrophe) was U+0092,
  /// an invisible control character; a sign before the digits read as a number.
  @Test func windows1252AndSignsAsHTMLReadsThem() {
    #expect(HTMLText.decodingReferences("It&#146;s &#150; &#x80;5") == "It’s – €5")
    #expect(HTMLText.decodingReferences("&#+65; &#x-41;") == "&#+65; &#x-41;")
  }
}
