import Testing

@testable import cascade

/// The config file's JSON reader: the values it gives, and where it places each mistake.
@Suite struct ConfigJSONTests {
  func parse(_ text: String) throws(ConfigJSON.SyntaxError) -> ConfigJSON {
    try ConfigJSON.parse(Array(text.utf8))
  }

  @Test func valuesKeepTheirTypesAndKeysTheirOrder() throws {
    let value = try parse(
      #"{"b": true, "a": 18446744073709551615, "c": [1.5, -2e3, null], "d": "x\u00e9\ud83c\udf3b\n"}"#
    )
    let expected = ConfigJSON.object([
      ("b", .bool(true)), ("a", .number("18446744073709551615")),
      ("c", .array([.number("1.5"), .number("-2e3"), .null])), ("d", .string("xé🌻\n")),
    ])
    #expect(value == expected)
  }

  @Test(arguments: [
    ("{\"a\": 1", 1, 8, "expected ',' or '}'"),
    ("{\n\n   \"a\": tru}", 3, 9, "expected a value"),
    ("{\"a\": \"line\nbreak\"}", 1, 12, "a control character"),
    ("{\"a\": +1}", 1, 7, "expected a value"),
    ("{\"a\": 1.}", 1, 7, "'1.' is not a number"),
    ("{\"a\": \"\\q\"}", 1, 9, "is not an escape"),
    ("{\"a\": 1} x", 1, 10, "unexpected text after the end"),
    ("[1, 2,]", 1, 7, "a ',' before ']'"),
    ("{'a': 1}", 1, 2, "expected a key in double quotes"),
  ])
  func mistakesArePlacedByLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? ConfigJSON.SyntaxError else { return false }
      return error.line == line && error.column == column && error.message.contains(message)
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: ConfigJSON.SyntaxError.self) { try parse(text) }
  }

  @Test func printedConfigParsesBack() throws {
    let printed = ConfigWriter.render(Settings(), for: .browse)
    guard case .object(let members) = try parse(printed) else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key).contains("pull-threshold"))
    #expect(members.suffix(2).map(\.key) == ["theme", "keys"])
    var settings = Settings()
    try ConfigFile(path: "printed", members: members).apply(to: &settings, for: .browse)
    #expect(ConfigWriter.render(settings, for: .browse) == printed)
  }
}
