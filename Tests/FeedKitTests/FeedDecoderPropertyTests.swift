import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// Random feeds in every accepted shape, written by `JSONSerialization`, with the items they
/// must decode to.
func randomFeed(seed: UInt64) throws -> (json: [UInt8], items: [FeedItem]) {
  var random = SplitMix64(seed: seed)
  let alphabet = Array("ab é中🍁\"\\/\n\t\u{1}\u{7f}\u{202e}")
  func text() -> String {
    String(
      (0..<Int.random(in: 0...12, using: &random)).map { _ in
        alphabet.randomElement(using: &random) ?? "a"
      })
  }
  var expected: [FeedItem] = []
  var list: [Any] = []
  for index in 0..<Int.random(in: 0...30, using: &random) {
    let width = Double(Int.random(in: 1...5000, using: &random))
    let height = Double(Int.random(in: 1...5000, using: &random)) + 0.5
    let url = "img-\(index)-" + text()
    // Image URLs lose surrounding whitespace; other strings and sizes are kept as written.
    var item = FeedItem(imageURL: url.trimmingASCIIWhitespace(), width: width, height: height)
    var object: [String: Any] = [:]
    let keys = [
      "img", "image", "image_url", "imageUrl", "download_url", "source_url", "url", "src",
    ]
    object[keys.randomElement(using: &random) ?? "img"] = url
    let long = Bool.random(using: &random)
    object[long ? "width" : "w"] = Bool.random(using: &random) ? width : "\(Int(width))"
    object[long ? "height" : "h"] = Bool.random(using: &random) ? height : " \(height) "
    if Bool.random(using: &random) {
      item.title = text()
      object["title"] = item.title
    }
    if Bool.random(using: &random) {
      let id = Int.random(in: 0...1_000_000, using: &random)
      item.id = String(id)
      object["id"] = Bool.random(using: &random) ? id : String(id) as Any
    }
    if Bool.random(using: &random) {
      item.link = "https://example.com/" + text()
      object["link"] = item.link
    }
    object["extra"] = ["nested": [1, 2, ["deep": true]]]
    expected.append(item)
    list.append(object)
  }
  let document: Any =
    switch Int.random(in: 0..<4, using: &random) {
    case 0: list
    case 1: ["data": list, "title": text()]
    case 2: ["items": list, "next": "page2.json"]
    default: ["results": list]
    }
  let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted])
  return (Array(data), expected)
}

@Suite struct FeedDecoderPropertyTests {
  @Test func randomFeedsDecodeToTheirItems() throws {
    for seed in UInt64(0)..<300 {
      let (json, expected) = try randomFeed(seed: seed)
      let decoded = try LiberalJSONDecoder.decode(json, source: "seed \(seed)")
      guard decoded.items == expected, decoded.skipped.count == 0 else {
        let mismatch = zip(decoded.items, expected).first { $0 != $1 }
        Issue.record("seed \(seed): first mismatch \(String(describing: mismatch))")
        return
      }
    }
  }

  @Test func everyTruncationIsAnEndOfInputError() throws {
    for seed in UInt64(0)..<8 {
      let (json, _) = try randomFeed(seed: seed)
      let end = json.lastIndex { !(" \n\t\r".utf8.contains($0)) } ?? 0
      // Every cut in the first 1500 bytes covers each token kind; then a sample of the rest.
      let lengths = Array(0...min(end, 1500)) + Array(stride(from: 1501, to: end + 1, by: 61))
      for length in lengths {
        do {
          _ = try LiberalJSONDecoder.decode(Array(json[0..<length]), source: "cut")
          Issue.record("seed \(seed): a prefix of \(length) bytes decoded")
        } catch {
          guard case .malformed("JSON", _, _, let detail) = error,
            detail.hasPrefix("unexpected end of input")
          else {
            Issue.record("seed \(seed), \(length) bytes: \(error)")
            return
          }
        }
      }
    }
  }

  @Test func randomByteChangesNeverCrash() throws {
    var random = SplitMix64(seed: 42)
    let (json, _) = try randomFeed(seed: 7)
    for round in 0..<2000 {
      var mutated = json
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<mutated.count, using: &random)
        mutated[index] = UInt8.random(in: 0...255, using: &random)
      }
      // Either result is fine; only a crash or a non-FeedError would fail.
      _ = try? LiberalJSONDecoder.decode(mutated, source: "round \(round)")
    }
  }
}
