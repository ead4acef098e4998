/// A JSON document as a person wrote it: object keys in the order written, each key once, and
/// numbers as written, so that a 20-digit seed is not rounded through `Double`.
///
/// For small files written by hand, such as the config file, so read with `JSONReader`'s
/// annotated grammar: comments and trailing commas are allowed. Every mistake is placed
/// by line and column, so the error points where the person has to look. Feeds have their own
/// trees (`JSONValue`, the classic shape's streaming decoder), which need neither the order nor
/// the duplicates.
package indirect enum WrittenJSON: Equatable, Sendable {
  case object([(key: String, value: WrittenJSON)])
  case array([WrittenJSON])
  case string(String)
  /// The number as written.
  case number(String)
  case bool(Bool)
  case null

  package static func == (a: WrittenJSON, b: WrittenJSON) -> Bool {
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
  package var kindName: String {
    switch self {
    case .object: "an object"
    case .array: "a list"
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    }
  }

  /// A mistake in the document, at a line and column counted from 1 (columns in characters).
  package struct SyntaxError: Error, Equatable {
    package var line: Int
    package var column: Int
    package var message: String
  }

  /// Deep enough for any file a person writes, shallow enough that reading it, one call per
  /// level, cannot exhaust the stack.
  package static let maximumDepth = 64

  /// Parses a whole document in the annotated grammar; nil when it holds nothing but
  /// whitespace and comments (an empty file, or one with every line commented out). Anything
  /// after the value but whitespace and comments is an error.
  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> WrittenJSON? {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<WrittenJSON?, SyntaxError> in
      var reader = JSONReader(bytes: buffer, maxDepth: maximumDepth, grammar: .annotated)
      do throws(JSONReader.Failure) {
        reader.skipWhitespace()
        if reader.offset == buffer.count { return .success(nil) }
        let value = try read(&reader)
        try reader.expectEnd()
        return .success(value)
      } catch {
        let (offset, message): (Int, String)
        switch error {
        case .syntax(let at, let text): (offset, message) = (at, text)
        case .limit(let at, _):
          (offset, message) = (at, "values are nested more than \(maximumDepth) deep")
        case .input(let failure): (offset, message) = (buffer.count, "\(failure)")
        }
        let place = reader.place(of: offset)
        return .failure(SyntaxError(line: place.line, column: place.column, message: message))
      }
    }
    return try result.get()
  }

  /// Reads one value; a key given twice in an object fails at its second opening quote.
  private static func read(_ reader: inout JSONReader) throws(JSONReader.Failure) -> WrittenJSON {
    switch try reader.peekKind() {
    case .object:
      var members: [(key: String, value: WrittenJSON)] = []
      var keys: Set<String> = []
      if try reader.enterObject() {
        repeat {
          let token = try reader.readKey()
          let key = reader.string(token)
          guard keys.insert(key).inserted else {
            throw .syntax(offset: token.start - 1, message: "\"\(key)\" is given twice")
          }
          members.append((key, try read(&reader)))
        } while try reader.objectHasMore()
      }
      return .object(members)
    case .array:
      var elements: [WrittenJSON] = []
      if try reader.enterArray() {
        repeat {
          elements.append(try read(&reader))
        } while try reader.arrayHasMore()
      }
      return .array(elements)
    case .string: return .string(reader.string(try reader.readString()))
    case .number: return .number(reader.text(try reader.readNumber()))
    case .bool: return .bool(try reader.readLiteral())
    case .null:
      _ = try reader.readLiteral()
      return .null
    }
  }
}
