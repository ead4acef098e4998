/// A JSON value of the config file, with its keys in the order written.
///
/// The config file is small and written by hand, so it gets its own strict reader rather than
/// Foundation's: that one accepts trailing commas, loses the order and duplicates of keys, tells
/// `true` from `1` unreliably on Linux, and places errors by byte offset. This one names the
/// line and column of every mistake, so the error points where the person has to look.
indirect enum ConfigJSON: Equatable, Sendable {
  case object([(key: String, value: ConfigJSON)])
  case array([ConfigJSON])
  case string(String)
  /// The number as written, so that a 20-digit seed is not rounded through `Double`.
  case number(String)
  case bool(Bool)
  case null

  static func == (a: ConfigJSON, b: ConfigJSON) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let x), .array(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.bool(let x), .bool(let y)): x == y
    case (.null, .null): true
    default: false
    }
  }

  /// What kind of value this is, for error messages (`got a string`).
  var kindName: String {
    switch self {
    case .object: "an object"
    case .array: "a list"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }

  /// A mistake in the document, at a line and column counted from 1.
  struct SyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  /// Parses a whole document; anything after the value but spaces is an error.
  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> ConfigJSON {
    var reader = Reader(bytes: bytes)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected text after the end of the document")
    }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    /// Deep enough for any config, shallow enough that recursion cannot exhaust the stack.
    static let maximumDepth = 64

    func error(_ message: String) -> SyntaxError {
      SyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
        if byte == 0x0A {
          line += 1
          lineStart = index
        }
      }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
      guard current == byte else {
        throw error(
          current == nil ? "the document ends early; expected \(what)" : "expected \(what)")
      }
      index += 1
    }

    mutating func value(depth: Int) throws(SyntaxError) -> ConfigJSON {
      guard depth < Self.maximumDepth else { throw error("values are nested too deep") }
      switch current {
      case nil: throw error("the document ends early; expected a value")
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try word("true", .bool(true))
      case UInt8(ascii: "f"): return try word("false", .bool(false))
      case UInt8(ascii: "n"): return try word("null", .null)
      case let byte?:
        if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
          return try number()
        }
        throw error("expected a value (a number, a string in double quotes, true, false, null)")
      }
    }

    mutating func word(_ text: String, _ value: ConfigJSON) throws(SyntaxError) -> ConfigJSON {
      let end = index + text.utf8.count
      guard end <= bytes.count, bytes[index..<end].elementsEqual(text.utf8) else {
        throw error("expected a value (a number, a string in double quotes, true, false, null)")
      }
      index = end
      return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> ConfigJSON {
      index += 1
      var members: [(key: String, value: ConfigJSON)] = []
      skipSpace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
        let keyStart = error("")
        let key = try string()
        if members.contains(where: { $0.key == key }) {
          throw SyntaxError(
            line: keyStart.line, column: keyStart.column, message: "\"\(key)\" is given twice")
        }
        skipSpace()
        try expect(UInt8(ascii: ":"), "':' after the key")
        skipSpace()
        members.append((key, try value(depth: depth + 1)))
        skipSpace()
        if current == UInt8(ascii: ",") {
          index += 1
          skipSpace()
          if current == UInt8(ascii: "}") { throw error("a ',' before '}' (remove it)") }
          continue
        }
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return .object(members)
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> ConfigJSON {
      index += 1
      var elements: [ConfigJSON] = []
      skipSpace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipSpace()
        elements.append(try value(depth: depth + 1))
        skipSpace()
        if current == UInt8(ascii: ",") {
          index += 1
          skipSpace()
          if current == UInt8(ascii: "]") { throw error("a ',' before ']' (remove it)") }
          continue
        }
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return .array(elements)
      }
    }

    mutating func number() throws(SyntaxError) -> ConfigJSON {
      let start = index
      let allowed = Set("+-0123456789.eE".utf8)
      while let byte = current, allowed.contains(byte) { index += 1 }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite, Self.isJSONNumber(text) else {
        index = start
        throw error("'\(text)' is not a number")
      }
      return .number(text)
    }

    /// JSON's grammar: no leading `+`, no leading zeros, digits on both sides of the point.
    static func isJSONNumber(_ text: String) -> Bool {
      var rest = Substring(text)
      if rest.first == "-" { rest = rest.dropFirst() }
      let whole = rest.prefix { $0.isASCII && $0.isNumber }
      guard !whole.isEmpty, whole == "0" || whole.first != "0" else { return false }
      rest = rest.dropFirst(whole.count)
      if rest.first == "." {
        let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !fraction.isEmpty else { return false }
        rest = rest.dropFirst(1 + fraction.count)
      }
      if rest.first == "e" || rest.first == "E" {
        rest = rest.dropFirst()
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let exponent = rest.prefix { $0.isASCII && $0.isNumber }
        guard !exponent.isEmpty else { return false }
        rest = rest.dropFirst(exponent.count)
      }
      return rest.isEmpty
    }

    mutating func string() throws(SyntaxError) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run: [UInt8] = []
      func flush() {
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll()
      }
      while true {
        guard let byte = current else { throw error("a string is not closed with '\"'") }
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          flush()
          return String(scalars)
        case UInt8(ascii: "\\"):
          flush()
          index += 1
          scalars.append(try escape())
        case 0..<0x20:
          throw error("a control character or line break inside a string (write \\n or \\t)")
        default:
          run.append(byte)
          index += 1
        }
      }
    }

    mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
      guard let byte = current else { throw error("a string is not closed with '\"'") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), current == UInt8(ascii: "\\"),
          index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) {
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
          }
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
      default:
        index -= 1
        throw error("'\\\(Character(Unicode.Scalar(byte)))' is not an escape JSON knows")
      }
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard index + 4 <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
      else { throw error("\\u needs four hexadecimal digits") }
      index += 4
      return value
    }
  }
}
