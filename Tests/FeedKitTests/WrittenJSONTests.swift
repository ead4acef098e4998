import Testing

@testable import FeedKit

/// A document written by hand, read as written: the values it gives, the comments and trailing
/// commas it takes, and where it places each mistake.
@Suite struct WrittenJSONTests {
  func parse(_ text: String) throws(WrittenJSON.SyntaxError) -> WrittenJSON? {
    try WrittenJSON.parse(Array(text.utf8))
  }

  @Test func valuesKeepTheirTypesAndKeysTheirOrder() throws {
    let value = try parse(
      #"{"b": true, "a": 18446744073709551615, "c": [1.5, -2e3, null], "d": "x\u00e9\ud83c\udf3b\n"}"#
    )
    let expected = WrittenJSON.object([
      ("b", .bool(true)), ("a", .number("18446744073709551615")),
      ("c", .array([.number("1.5"), .number("-2e3"), .null])), ("d", .string("xé🌻\n")),
    ])
    #expect(value == expected)
  }

  @Test func commentsAndTrailingCommasAreTaken() throws {
    let text = """
      // Cascade's settings
      {
        "columns": 4, // as many as fit at 100 cells
        /* a block
           over lines */ "style": "ring",
        "insets": [1, 2, 3, 4,],
        "theme": {"border": "blue",},
      }
      // the end
      """
    let expected = WrittenJSON.object([
      ("columns", .number("4")), ("style", .string("ring")),
      ("insets", .array([.number("1"), .number("2"), .number("3"), .number("4")])),
      ("theme", .object([("border", .string("blue"))])),
    ])
    #expect(try parse(text) == expected)
  }

  @Test(arguments: ["", "  \n", "// nothing yet\n", "/* {\"columns\": 4} */"])
  func aDocumentOfNoValueIsNone(text: String) throws {
    #expect(try parse(text) == nil)
  }

  @Test func commentMarksInsideStringsAreText() throws {
    #expect(
      try parse(#"["// not a comment", "/* nor this */"]"#)
        == .array([.string("// not a comment"), .string("/* nor this */")]))
  }

  @Test(arguments: [
    ("{\"a\": 1", 1, 8, "unexpected end of input, expected ',' or '}'"),
    ("{\n\n   \"a\": tru}", 3, 9, "expected true, false or null"),
    ("{\"a\": \"line\nbreak\"}", 1, 12, "control character 0x0A inside a string"),
    ("{\"a\": +1}", 1, 7, "unexpected '+', expected a value"),
    ("{\"a\": 04}", 1, 7, "'04' is not a number: JSON writes no leading zeros"),
    ("{\"a\": 1.}", 1, 9, "expected a digit after '.'"),
    ("{\"a\": \"\\q\"}", 1, 9, "expected an escape"),
    ("{\"a\": 1} x", 1, 10, "expected the end of the document"),
    ("{'a': 1}", 1, 2, "expected a key in double quotes"),
    ("{\"a\": 1, \"a\": 2}", 1, 10, "\"a\" is given twice"),
    ("[1, , 2]", 1, 5, "unexpected ',', expected a value"),
    ("[,]", 1, 2, "unexpected ',', expected a value"),
    ("{\"a\": 1,,}", 1, 9, "unexpected ',', expected a key"),
    ("{\n  \"a\": 1 /* left open\n}", 2, 10, "a comment '/*' is not closed with '*/'"),
    ("[1 / 2]", 1, 4, "unexpected '/', expected ',' or ']'"),
    ("# a shell comment\n{}", 1, 1, "unexpected '#', expected a value"),
    ("{\"é🍁\": 1, x}", 1, 11, "unexpected 'x'"),
  ])
  func mistakesArePlacedByLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? WrittenJSON.SyntaxError else { return false }
      return error.line == line && error.column == column && error.message.contains(message)
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect {
      try parse(text)
    } throws: { error in
      (error as? WrittenJSON.SyntaxError)?.message == "values are nested more than 64 deep"
    }
  }
}
