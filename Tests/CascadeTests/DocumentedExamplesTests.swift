import FeedKit
import Foundation
import Testing

/// What the docs say a command does, checked against the limits it runs with.
@Suite struct DocumentedExamplesTests {
  /// The 1M-item, 89 MB file the docs say opens at once is past the default `--max-bytes`
  /// (64 MiB), which refuses it: the example names a `--max-bytes` that lets it in.
  @Test func theLargeFileExampleFitsItsByteLimit() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/browser.md"), encoding: .utf8)
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let example = try #require(words.range(of: "a 1M-item, 89 MB file"))
    let sentence = words[example.lowerBound...].prefix { $0 != ")" }
    #expect(89_000_000 > LoadOptions().maxBytes, "the default would take it")
    let limit = sentence.range(of: "`--max-bytes ").map {
      Int(sentence[$0.upperBound...].prefix { $0.isNumber })
    }
    #expect((limit ?? nil).map { $0 >= 89_000_000 } == true, "\(sentence)")
  }
}
