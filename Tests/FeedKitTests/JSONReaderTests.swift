import FeedModel
import Testing

@testable import FeedKit

/// Reads `text` as one JSON value with `body`, failing the test on any reader error.
private func read<T>(
  _ text: String, maxDepth: Int = 512, maxStringLength: Int = .max,
  _ body: (inout JSONReader) throws(JSONReader.Failure) -> T
) -> Result<T, JSONReader.Failure> {
  let bytes = Array(text.utf8)
  return bytes.withUnsafeBufferPointer { buffer in
    var reader = JSONReader(bytes: buffer, maxDepth: maxDepth, maxStringLength: maxStringLength)
    return Result { () throws(JSONReader.Failure) in
      let value = try body(&reader)
      try reader.expectEnd()
      return value
    }
  }
}

private func string(_ json: String) -> String? {
  try? read(json) { reader throws(JSONReader.Failure) in
    reader.string(try reader.readString())
  }.get()
}

/// The message and `line L, column C` of the error reading `text` as any value.
private func failure(_ text: String, maxDepth: Int = 512) -> (message: String, location: String)? {
  let bytes = Array(text.utf8)
  return bytes.withUnsafeBufferPointer { buffer -> (message: String, location: String)? in
    var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
    do throws(JSONReader.Failure) {
      try reader.skipValue()
      try reader.expectEnd()
      return nil
    } catch {
      switch error {
      case .syntax(let offset, let message): return (message, reader.location(of: offset))
      case .limit(let offset, let limit): return ("\(limit)", reader.location(of: offset))
      case .input(let error): return ("\(error)", "")
      }
    }
  }
}

@Suite struct JSONReaderTests {
  @Test(arguments: [
    #""plain""#: "plain",
    #""a\"b\\c\/d""#: "a\"b\\c/d",
    #""\b\f\n\r\t""#: "\u{8}\u{C}\n\r\t",
    #""\u0041\u00e9\u4e2d""#: "Aé中",
    #""\ud83c\udf41""#: "🍁",
    #""\ud83c""#: "\u{FFFD}",
    #""\udf41x""#: "\u{FFFD}x",
    #""\ud83c\u0041""#: "\u{FFFD}A",
    #""🍁 maple""#: "🍁 maple",
    #""""#: "",
  ])
  func stringEscapesDecode(json: String, expected: String) {
    #expect(string(json) == expected)
  }

  @Test func invalidUTF8BecomesReplacementCharacter() throws {
    let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
    let text = bytes.withUnsafeBufferPointer { buffer -> String? in
      var reader = JSONReader(bytes: buffer)
      return (try? reader.readString()).map { reader.string($0) }
    }
    #expect(text == "a\u{FFFD}b")
  }

  @Test func byteOrderMarkIsSkipped() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
    let ok = bytes.withUnsafeBufferPointer { buffer -> Bool in
      var reader = JSONReader(bytes: buffer)
      do {
        try reader.skipValue()
        try reader.expectEnd()
        return true
      } catch { return false }
    }
    #expect(ok)
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", 0.0), ("1200", 1200.0), ("1200.5", 1200.5), ("1e3", 1000.0),
    ("2.5E-1", 0.25), ("-7", -7.0), ("123456789012345678901", 1.2345678901234568e20),
  ])
  func numbersParse(json: String, expected: Double) throws {
    let value = try read(json) { reader throws(JSONReader.Failure) in
      reader.double(try reader.readNumber())
    }.get()
    #expect(value == expected)
  }

  @Test func hugeNumberIsInfinite() throws {
    let value = try read("1e400") { reader throws(JSONReader.Failure) in
      reader.double(try reader.readNumber())
    }.get()
    #expect(value == .infinity)
  }

  @Test(arguments: [
    ("{\"a\": [1, 2.5, -3e2, true, false, null, \"x\", {}, []]}", true),
    (" \n\t\r[ ] ", true),
    ("01", false), ("+1", false), (".5", false), ("1.", false), ("1e", false), ("0x10", false),
    ("NaN", false), ("[1,]", false), ("{\"a\":1,}", false), ("{'a':1}", false),
    ("[1 2]", false), ("tru", false), ("\"a\u{1}b\"", false), ("\"\\x\"", false),
    ("\"\\u12G4\"", false), ("// c\n[]", false), ("[] []", false), ("", false),
  ])
  func syntaxIsChecked(json: String, valid: Bool) {
    #expect((failure(json) == nil) == valid, "\(json)")
  }

  @Test func errorSaysLineAndColumn() throws {
    let error = try #require(failure("{\n  \"a\": 1,\n  \"b\": tru\n}"))
    #expect(error.location == "line 3, column 8")
    #expect(error.message == "unexpected 't', expected true, false or null")
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let error = try #require(failure("[\"é🍁\", x]"))
    #expect(error.location == "line 1, column 8")
    #expect(error.message.contains("'x'"))
  }

  @Test func truncatedInputSaysEndOfInput() throws {
    let error = try #require(failure("{\"data\": [{\"img\": \"a.jpg\", \"width\": 1"))
    #expect(error.message.hasPrefix("unexpected end of input"))
    #expect(error.location == "line 1, column 38")
  }

  @Test func unterminatedStringSaysEndOfInput() throws {
    let error = try #require(failure("[\"abc"))
    #expect(error.message == "unexpected end of input, expected the end of a string")
  }

  @Test func controlCharacterInStringIsNamed() throws {
    let error = try #require(failure("\"a\u{7}\""))
    #expect(error.message.contains("control character 0x07"))
  }

  @Test func nestingDeeperThanLimitFails() throws {
    let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
    #expect(failure(deep, maxDepth: 20) == nil)
    let error = try #require(failure("[" + deep + "]", maxDepth: 20))
    #expect(error.message == "\(FeedLimit.nestingDepth(20))")
    #expect(error.location == "line 1, column 21")
  }

  @Test func deepNestingOfHostileInputFailsWithoutCrashing() throws {
    let hostile = String(repeating: "[", count: 200_000)
    let error = try #require(failure(hostile))
    #expect(error.message == "\(FeedLimit.nestingDepth(512))")
  }

  @Test func stringLongerThanLimitFails() {
    let result = read("\"abcdef\"", maxStringLength: 5) { reader throws(JSONReader.Failure) in
      try reader.readString()
    }
    guard case .failure(.limit(0, .stringLength(5))) = result else {
      Issue.record("expected a string length failure, got \(result)")
      return
    }
  }

  @Test func keysMatchWithAndWithoutEscapes() throws {
    let matches = try read(#"{"data": 1, "\u0064ata": 2}"#) { reader throws(JSONReader.Failure) in
      var found: [Bool] = []
      _ = try reader.enterObject()
      repeat {
        found.append(reader.stringEquals(try reader.readKey(), "data"))
        try reader.skipValue()
      } while try reader.objectHasMore()
      return found
    }.get()
    #expect(matches == [true, true])
  }
}

@Suite struct JSONReaderDepthTests {
  @Test func nestingAsDeepAsARaisedLimitAllowsDoesNotOverflowTheStack() throws {
    // One stack frame per level crashed `cascade layout --max-depth 100000` at about 10,000.
    let depth = 200_000
    let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let nested =
      String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    var options = LoadOptions()
    options.maxDepth = depth + 2
    for value in [deep, nested] {
      let document = try decode(
        #"[{"img": "a", "w": 1, "h": 1, "x": \#(value)}, 7]"#, options: options)
      #expect(document.items.count == 1)
      #expect(document.skipped.firstReason == "item 2: a number, not an object")
    }
  }

  @Test func skippedValuesAreCheckedAsDeeplyAsBefore() {
    var options = LoadOptions()
    options.maxDepth = 10
    #expect(decodeError(#"[{"img": "a", "w": 1, "h": 1, "x": [{"b": [1, 2,]}]}]"#) != nil)
    #expect(decodeError(#"[{"img": "a", "w": 1, "h": 1, "x": {"b" 1}}]"#) != nil)
    #expect(
      decodeError(#"[{"img": "a", "w": 1, "h": 1, "x": [[[[[[[[[[[]]]]]]]]]]]}]"#, options: options)
        != nil)
    #expect(decodeError(#"[{"img": "a", "w": 1, "h": 1, "x": [{}, [], {"c": [{}]}]}]"#) == nil)
  }
}

@Suite struct JSONReaderSpeedPathTests {
  /// A string's bytes are skipped eight at a time; a quote, backslash or control character at
  /// any position of a word (and a string ending at any position) must still be seen.
  @Test func specialBytesAreSeenAtEveryPosition() {
    for length in 0..<24 {
      let plain = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length)
      #expect(string("\"\(plain)\"") == plain, "length \(length)")
      #expect(string("\"\(plain)\\n\(plain)\"") == plain + "\n" + plain, "length \(length)")
      #expect(string("\"\(plain)\u{1}\(plain)\"") == nil, "length \(length): a control byte")
      #expect(string("\"\(plain)") == nil, "length \(length): no closing quote")
    }
  }

  /// Plain integers are added up digit by digit without overflow checks: up to 15 digits are
  /// read exactly, anything longer or holding another byte anywhere is left to `Double(_:)`.
  @Test func plainIntegersAreReadExactlyUpToFifteenDigits() {
    func plain(_ text: String) -> Double? {
      let bytes = Array(("x" + text + "y").utf8)
      return bytes.withUnsafeBufferPointer { JSONReader.plainInteger($0, 1..<bytes.count - 1) }
    }
    #expect(plain("999999999999999") == 999_999_999_999_999)
    #expect(plain("000000000001200") == 1200)
    #expect(plain("0") == 0)
    #expect(plain("1000000000000000") == nil)
    #expect(plain("") == nil)
    let digits = "123456789012345"
    for position in digits.indices {
      for other in ["/", ":", " ", ".", "-", "é"] {
        var text = digits
        text.replaceSubrange(position...position, with: other)
        #expect(plain(text) == nil, "\(text)")
      }
    }
  }

  /// Giving bytes back counts their lines and columns ahead; wherever that happens, the place
  /// of a later error is the one counted over the whole document.
  @Test func forgettingInPiecesKeepsLocationsExact() {
    let text = "[\"ab\",\n  \"é\u{1F600}x\",\n\n\"z\", 1,2 ,\n \"ünï\" , \"tail\"]"
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      let whole = JSONReader(bytes: buffer, maxDepth: 8, maxStringLength: .max)
      #expect(whole.location(of: 7) == "line 2, column 1")
      #expect(whole.location(of: 16) == "line 2, column 6")  // after "  \"é😀"
      for step in 1...bytes.count {
        var reader = JSONReader(bytes: buffer, maxDepth: 8, maxStringLength: .max)
        #expect(throws: Never.self) { try reader.skipValue() }
        for end in stride(from: 0, through: bytes.count, by: step) {
          reader.forget(upTo: end)
          for later in end..<min(bytes.count, end + 4) {
            #expect(
              reader.location(of: later) == whole.location(of: later),
              "step \(step), forgotten \(end), offset \(later)")
          }
        }
      }
    }
  }
}

/// The annotated grammar, for files people write: comments and trailing commas. Feeds are read
/// strictly (`syntaxIsChecked` above).
@Suite struct JSONReaderGrammarTests {
  /// Whether `text` reads as one value in `grammar`, with a prefix of it still arriving.
  private func reads(
    _ text: [UInt8], grammar: JSONReader.Grammar, isComplete: Bool = true
  ) -> Result<Void, JSONReader.Failure> {
    text.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer, isComplete: isComplete, grammar: grammar)
      return Result { () throws(JSONReader.Failure) in
        try reader.skipValue()
        try reader.expectEnd()
      }
    }
  }

  @Test(arguments: [
    "// head\n[1, /* one */ 2, // two\n 3]", "{\"a\": [1, 2,], \"b\": {\"c\": 1,},}",
    "/**/[]/***/", "[\"// /* */ in a string\", /**/ 1]", "//\n{}//",
  ])
  func commentsAndTrailingCommasAreTakenOnlyWhenAsked(text: String) {
    #expect((try? reads(Array(text.utf8), grammar: .annotated).get()) != nil, "\(text)")
    #expect((try? reads(Array(text.utf8), grammar: .strict).get()) == nil, "\(text)")
  }

  @Test(arguments: ["[1,,]", "[,]", "{,}", "[1 /]", "[1 /* open]", "/ []", "[1] /"])
  func whatIsNeitherACommentNorATrailingCommaFails(text: String) {
    #expect((try? reads(Array(text.utf8), grammar: .annotated).get()) == nil, "\(text)")
  }

  /// A prefix of a document still arriving never fails on a comment or comma cut off at its
  /// end: it waits for more (an end of input at the prefix's end), as every other token does.
  @Test func aCutCommentWaitsForTheRest() {
    let text = Array("[1, // one\n 2 /* two */, 3, /* three */ ]".utf8)
    #expect((try? reads(text, grammar: .annotated).get()) != nil)
    for cut in 0..<text.count {
      let result = reads(Array(text[..<cut]), grammar: .annotated, isComplete: false)
      guard case .failure(.syntax(let offset, let message)) = result else {
        Issue.record("prefix of \(cut) bytes: \(result)")
        continue
      }
      #expect(offset == cut && message.hasPrefix("unexpected end of input"), "cut at \(cut)")
    }
  }

  @Test func aLeadingZeroIsNamed() throws {
    let error = try #require(failure("[1, 007]"))
    #expect(error.message == "'007' is not a number: JSON writes no leading zeros")
    #expect(error.location == "line 1, column 5")
  }
}
