import FeedModel
import Testing

@testable import FeedKit

/// Decodes `json` as a feed named `test.json`.
func decode(_ json: String, options: LoadOptions = LoadOptions()) throws(FeedError)
  -> FeedDocument
{
  try LiberalJSONDecoder.decode(Array(json.utf8), source: "test.json", options: options)
}

/// The error decoding `json`, or nil when it decodes.
func decodeError(_ json: String, options: LoadOptions = LoadOptions()) -> FeedError? {
  do {
    _ = try decode(json, options: options)
    return nil
  } catch { return error }
}

@Suite struct FeedDecoderTests {
  @Test func classicShapeDecodes() throws {
    let document = try decode(
      #"{"data": [{"img": "a.jpg", "width": "1200", "height": "2249"}, "#
        + #"{"img": "b.jpg", "width": 600, "height": 400, "title": "B", "id": "b", "#
        + #""link": "https://example.com/b"}]}"#)
    #expect(
      document.items == [
        FeedItem(imageURL: "a.jpg", width: 1200, height: 2249),
        FeedItem(
          imageURL: "b.jpg", width: 600, height: 400, title: "B", id: "b",
          link: "https://example.com/b"),
      ])
    #expect(document.skipped.count == 0)
    #expect(document.next == nil)
  }

  @Test func topLevelListDecodes() throws {
    let document = try decode(#"[{"img": "a.jpg", "w": 3, "h": 4}]"#)
    #expect(document.items == [FeedItem(imageURL: "a.jpg", width: 3, height: 4)])
  }

  @Test(arguments: ["data", "items", "results"])
  func listKeysAreAccepted(key: String) throws {
    let document = try decode(#"{"\#(key)": [{"img": "a.jpg", "w": 3, "h": 4}]}"#)
    #expect(document.items.count == 1)
  }

  @Test(arguments: [
    "img", "image", "image_url", "imageUrl", "download_url", "source_url", "url", "src",
  ])
  func imageKeysAreAccepted(key: String) throws {
    let document = try decode(#"[{"\#(key)": "a.jpg", "width": 3, "height": 4}]"#)
    #expect(document.items.first?.imageURL == "a.jpg")
  }

  @Test func imgIsPreferredOverUrl() throws {
    let document = try decode(
      #"[{"url": "page.html", "src": "s.jpg", "img": "a.jpg", "w": 3, "h": 4}]"#)
    #expect(document.items.first?.imageURL == "a.jpg")
  }

  /// Lorem Picsum's list: `url` is the photo's page, `download_url` the picture.
  @Test func downloadURLIsPreferredOverUrl() throws {
    let document = try decode(
      #"[{"id": "0", "author": "A", "width": 5000, "height": 3333, "#
        + #""url": "https://unsplash.com/photos/yC-Yzbqy7PY", "#
        + #""download_url": "https://picsum.photos/id/0/5000/3333"}]"#)
    #expect(document.items.first?.imageURL == "https://picsum.photos/id/0/5000/3333")
    #expect(document.items.first?.width == 5000)
  }

  /// Imgur's answers: no image key, the picture under `link`; a link to a page is not one.
  @Test func aLinkNamingAPictureFileIsTheImageWhenNoKeyGivesOne() throws {
    let document = try decode(
      #"{"data": [{"id": "a", "title": "A", "width": 800, "height": 600, "#
        + #""link": " https://i.imgur.com/aaa.JPG?1 "}, "#
        + #"{"id": "b", "link": "https://imgur.com/a/bbb"}, "#
        + #"{"id": "c", "img": "https://x.example/c.png", "link": "https://x.example/c.jpg"}, "#
        + #"{"id": "d", "img": 5, "link": "https://x.example/d.jpg"}]}"#)
    #expect(
      document.items.map(\.imageURL) == [
        "https://i.imgur.com/aaa.JPG?1", "https://x.example/c.png",
      ])
    #expect(document.items.first?.width == 800 && document.items.first?.title == "A")
    #expect(document.skipped.count == 2)
    #expect(document.skipped.firstReason?.hasPrefix("item 2: no image URL") == true)
  }

  @Test func unusableImageKeyFallsBackToAnother() throws {
    let document = try decode(#"[{"img": null, "src": "s.jpg", "w": 3, "h": 4}]"#)
    #expect(document.items.first?.imageURL == "s.jpg")
  }

  @Test func longSizeKeysWinOverShortOnes() throws {
    let document = try decode(#"[{"img": "a", "w": 1, "h": 2, "width": 30, "height": 40}]"#)
    #expect(document.items.first.map { [$0.width, $0.height] } == [30, 40])
  }

  @Test(arguments: [
    ("\"1200\"", 1200.0), ("\" 1200 \"", 1200.0), ("\"1200.5\"", 1200.5), ("\"+7\"", 7.0),
    ("\"1e3\"", 1000.0), ("\"\\t12\\n\"", 12.0), ("1200", 1200.0), ("0.5", 0.5),
  ])
  func numericStringsAreAccepted(json: String, expected: Double) throws {
    let document = try decode(#"[{"img": "a", "width": \#(json), "height": \#(json)}]"#)
    #expect(document.items.first?.width == expected)
  }

  /// (a width as written, the skip reason).
  static let unusableWidths: [(String, String)] = [
    ("\"\"", #"item 1: "width" is "", not a number"#),
    ("\"abc\"", #"item 1: "width" is "abc", not a number"#),
    ("\"NaN\"", #"item 1: "width" is "NaN", not a number"#),
    ("\"inf\"", #"item 1: "width" is "inf", not a number"#),
    ("\"0x10\"", #"item 1: "width" is "0x10", not a number"#),
    ("\"1e\"", #"item 1: "width" is "1e", not a number"#),
    ("\"1 2\"", #"item 1: "width" is "1 2", not a number"#),
    ("0", #"item 1: "width" is 0, not above zero"#),
    ("-0", #"item 1: "width" is -0, not above zero"#),
    ("-5", #"item 1: "width" is -5, not above zero"#),
    ("\"-5\"", #"item 1: "width" is "-5", not above zero"#),
    ("1e400", #"item 1: "width" is 1e400, larger than 1000000 px"#),
    ("\"1e400\"", #"item 1: "width" is "1e400", larger than 1000000 px"#),
    ("1e308", #"item 1: "width" is 1e308, larger than 1000000 px"#),
    ("-1e308", #"item 1: "width" is -1e308, not above zero"#),
    ("1e-400", #"item 1: "width" is 1e-400, not above zero"#),
    ("\"-0\"", #"item 1: "width" is "-0", not above zero"#),
    ("\"nan\"", #"item 1: "width" is "nan", not a number"#),
    ("\"Infinity\"", #"item 1: "width" is "Infinity", not a number"#),
    ("\"0X10\"", #"item 1: "width" is "0X10", not a number"#),
    ("\"1_000\"", #"item 1: "width" is "1_000", not a number"#),
    ("\"1,5\"", #"item 1: "width" is "1,5", not a number"#),
    ("12345678901234567890", #"item 1: "width" is 12345678901234567890, larger than 1000000 px"#),
    (
      "\"-12345678901234567890\"",
      #"item 1: "width" is "-12345678901234567890", not above zero"#
    ),
    ("1000000.5", #"item 1: "width" is 1000000.5, larger than 1000000 px"#),
    ("null", #"item 1: "width" is null, not a number"#),
    ("true", #"item 1: "width" is a boolean, not a number"#),
    ("[1]", #"item 1: "width" is a list, not a number"#),
    ("{}", #"item 1: "width" is an object, not a number"#),
  ]

  @Test(arguments: unusableWidths)
  func unusableWidthIsSkippedWithReason(json: String, reason: String) throws {
    let document = try decode(#"[{"img": "a", "width": \#(json), "height": 1}]"#)
    #expect(document.items.isEmpty)
    #expect(document.skipped == SkipReport(count: 1, firstReason: reason))
  }

  static let sizesAtTheLimits: [(String, Double)] = [
    ("1000000", 1_000_000.0), ("\"1e6\"", 1_000_000.0), ("999999999999999e-9", 999_999.999999999),
    ("0.000001", 0.000001),
  ]

  @Test(arguments: sizesAtTheLimits)
  func sizesUpToTheLimitAreKept(json: String, expected: Double) throws {
    let document = try decode(#"[{"img": "a", "width": \#(json), "height": \#(json)}]"#)
    #expect(document.items.first?.width == expected)
    #expect(document.items.first?.height == expected)
  }

  /// The smallest Double above zero, which `5e-324` reads as.
  static let tiny = Double.leastNonzeroMagnitude

  /// (width, height) as written, (width, height) laid out: the longer side is cut to 64:1; the
  /// item keeps the size as written.
  static let extremeShapes: [(String, String, Double, Double)] = [
    ("1", "1000000", 1.0, 64.0), ("1000000", "1", 64.0, 1.0), ("10", "640", 10.0, 640.0),
    ("640", "10", 640.0, 10.0), ("3", "1000", 3.0, 192.0), ("1e-300", "1", 1e-300, 64 * 1e-300),
    ("1", "1e-300", 64 * 1e-300, 1e-300), ("5e-324", "1000000", tiny, 64 * tiny),
    ("1000000", "5e-324", 64 * tiny, tiny),
  ]

  @Test(arguments: extremeShapes)
  func extremeShapesAreCutTo64To1ForTheLayoutOnly(
    width: String, height: String, keptWidth: Double, keptHeight: Double
  ) throws {
    let document = try decode(#"[{"img": "a", "width": \#(width), "height": \#(height)}]"#)
    let item = try #require(document.items.first)
    #expect(document.skipped.count == 0)
    #expect(item.width == Double(width))
    #expect(item.height == Double(height))
    let shape = item.layoutSize
    #expect(shape.width == keptWidth)
    #expect(shape.height == keptHeight)
    #expect(shape.height / shape.width >= 1.0 / 64 && shape.height / shape.width <= 64)
  }

  @Test(arguments: [
    (
      #"{"width": 1, "height": 1}"#,
      #"item 1: no image URL (expected "img", "image", "image_url", "imageUrl", "download_url", "#
        + #""source_url", "url" or "src")"#
    ),
    (#"{"img": 5, "width": 1, "height": 1}"#, #"item 1: "img" is a number, not a string"#),
    (#"{"img": " ", "width": 1, "height": 1}"#, #"item 1: "img" is empty"#),
    (#"{"img": "a", "w": 1, "h": "abc"}"#, #"item 1: "h" is "abc", not a number"#),
    (#""a.jpg""#, "item 1: a string, not an object"),
    ("[1, 2]", "item 1: a list, not an object"),
    ("null", "item 1: null, not an object"),
  ])
  func everySkipReasonIsReported(json: String, reason: String) throws {
    let document = try decode("[\(json)]")
    #expect(document.items.isEmpty)
    #expect(document.skipped.firstReason == reason)
  }

  @Test func skipsAreCountedAndFirstReasonKept() throws {
    let document = try decode(
      #"{"items": [{"img": "a", "w": 1, "h": 1}, {"img": "b", "w": 1, "h": -2}, "#
        + #"{"img": "c", "w": 1, "h": 1}, {"img": "d", "w": 1, "h": "abc"}, 7]}"#)
    #expect(document.items.map(\.imageURL) == ["a", "c"])
    #expect(document.skipped.count == 3)
    #expect(document.skipped.firstReason == #"item 2: "h" is -2, not above zero"#)
    #expect(
      document.skipped.message == #"skipped 3 items (first: item 2: "h" is -2, not above zero)"#)
  }

  /// An item with no size, or half of one, is kept without one: its size is read from the
  /// picture, as for the formats that never give sizes.
  @Test(arguments: [
    #"{"img": "a"}"#, #"{"img": "a", "height": 1}"#, #"{"img": "a", "w": 300}"#,
  ])
  func anItemWithoutASizeIsKeptUnsized(json: String) throws {
    let document = try decode("[\(json)]")
    let item = try #require(document.items.first)
    #expect(document.skipped.count == 0)
    #expect(!item.hasSize)
    #expect(item.width == 0 && item.height == 0)
  }

  @Test func reasonQuotesHostileTextSafely() throws {
    let document = try decode(#"[{"img": "a", "w": "\u001b]0;pwned\u0007", "h": 1}]"#)
    #expect(document.skipped.firstReason == #"item 1: "w" is "\u{1b}]0;pwned\u{7}", not a number"#)
  }

  @Test func idMayBeANumber() throws {
    let document = try decode(#"[{"img": "a", "w": 1, "h": 1, "id": 42}]"#)
    #expect(document.items.first?.id == "42")
    #expect(document.items.first?.identity == "42")
  }

  @Test func nonStringOptionalFieldsAreIgnored() throws {
    let document = try decode(
      #"[{"img": "a", "w": 1, "h": 1, "title": 5, "link": null, "id": {"x": 1}, "extra": [1]}]"#)
    #expect(document.items == [FeedItem(imageURL: "a", width: 1, height: 1)])
  }

  @Test func topLevelNextAndTitleAreKept() throws {
    let document = try decode(
      #"{"title": "My feed", "next": "page2.json", "data": [], "meta": {"x": [1, {"y": 2}]}}"#)
    #expect(document.title == "My feed")
    #expect(document.next == "page2.json")
  }

  @Test func emptyOrNullNextMeansNoNextPage() throws {
    #expect(try decode(#"{"next": "", "data": []}"#).next == nil)
    #expect(try decode(#"{"next": null, "data": []}"#).next == nil)
  }

  @Test func emptyFeedHasNoItems() throws {
    #expect(try decode("[]").items.isEmpty)
    let document = try decode(#"{"data": []}"#)
    #expect(document.items.isEmpty)
    #expect(document.skipped.count == 0)
  }

  @Test func firstListKeyWins() throws {
    let document = try decode(
      #"{"data": {"not": "a list"}, "items": [{"img": "a", "w": 1, "h": 1}], "results": [7]}"#)
    #expect(document.items.count == 1)
    #expect(document.skipped.count == 0)
  }

  @Test func objectWithoutListIsNotAFeed() {
    guard case .notAFeed("test.json", let detail) = decodeError(#"{"pictures": []}"#) else {
      Issue.record("expected notAFeed")
      return
    }
    #expect(detail.contains("\"data\", \"items\" or \"results\""))
  }

  /// An API's error in place of a page: its own words are in the message (they were left out:
  /// "no item list"), cut to a line, with the terminal's control characters escaped.
  @Test func anAPIsErrorAnswerIsQuoted() {
    guard
      case .notAFeed(_, let detail) = decodeError(
        #"{"status": 429, "error": "rate limited, retry in 60 s", "message": "second"}"#)
    else {
      Issue.record("expected notAFeed")
      return
    }
    #expect(detail.hasPrefix(#"the server says "rate limited, retry in 60 s"; no item list"#))
    let hostile = decodeError(#"{"message": "\u001b[2Jgone"}"#)
    #expect(hostile?.description.contains("\u{1B}") == false)
    let long = decodeError(#"{"error": "\#(String(repeating: "x", count: 1000))"}"#)
    #expect((long?.description.count ?? 0) < 600)
  }

  @Test func scalarDocumentIsNotAFeed() {
    guard case .notAFeed(_, let detail) = decodeError("42") else {
      Issue.record("expected notAFeed")
      return
    }
    #expect(detail.hasPrefix("the document is a number"))
  }

  @Test func malformedJSONSaysWhere() {
    let error = decodeError("{\"data\": [\n  {\"img\": \"a\", \"w\": 1 \"h\": 2}\n]}")
    #expect(
      error
        == .malformed(
          format: "JSON",
          source: "test.json", location: "line 2, column 23",
          detail: "unexpected '\"', expected ',' or '}' after a member of an object"))
    #expect(error?.description.contains("test.json: malformed JSON at line 2, column 23") == true)
  }

  @Test func truncatedJSONSaysEndOfInput() {
    let error = decodeError(#"{"data": [{"img": "a", "w": 1, "h": 1}, {"img": "#)
    guard case .malformed("JSON", _, let location, let detail) = error else {
      Issue.record("expected malformed JSON, got \(String(describing: error))")
      return
    }
    #expect(location == "line 1, column 49")
    #expect(detail.hasPrefix("unexpected end of input"))
  }

  @Test func htmlPageIsNamedAsHTML() {
    guard case .malformed("JSON", _, "line 1, column 1", let detail) = decodeError("<html>oops")
    else {
      Issue.record("expected malformed JSON")
      return
    }
    #expect(detail.hasPrefix("this looks like an HTML page, not JSON"))
  }

  @Test func emptyDocumentIsMalformed() {
    guard case .malformed("JSON", _, "line 1, column 3", let detail) = decodeError("  ") else {
      Issue.record("expected malformed JSON")
      return
    }
    #expect(detail == "unexpected end of input, expected a value")
  }

  @Test func trailingGarbageIsMalformed() {
    guard case .malformed("JSON", _, "line 1, column 4", _) = decodeError("[] x") else {
      Issue.record("expected malformed JSON")
      return
    }
  }

  @Test func itemCountOverLimitFails() {
    var options = LoadOptions()
    options.maxItems = 2
    let json = #"[{"img": "a", "w": 1, "h": 1}, 2, 3]"#
    guard case .limitExceeded(_, .itemCount(2), _) = decodeError(json, options: options) else {
      Issue.record("expected an item count limit")
      return
    }
    #expect(decodeError("[1, 2]", options: options) == nil)
  }

  @Test func sampleFeedDecodes() throws {
    let document = try LiberalJSONDecoder.decode(SampleFeed.bytes, source: SampleFeed.name)
    #expect(document.items.count > 10)
    #expect(document.skipped.count == 0)
    #expect(document.title == "Cascade sample feed")
  }
}
