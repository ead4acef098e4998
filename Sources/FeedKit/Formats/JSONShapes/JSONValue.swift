import FeedModel

/// A JSON document as a tree, for the API formats (JSON Feed, Reddit, Mastodon, the photo
/// APIs): their items are nested a few levels deep and their pages are small (tens of items),
/// so a tree is simpler to read than a streaming walk and costs little. The classic shape,
/// which can be a million items, keeps its streaming decoder.
///
/// Built with `JSONReader`, so depth, string length and syntax errors are those of the classic
/// decoder, with line and column.
enum JSONValue: Sendable {
  case object([String: JSONValue])
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  /// Parses a whole document in `format` (named in errors).
  static func parse(
    _ bytes: [UInt8], format: FeedFormat, source: String, options: LoadOptions
  ) throws(FeedError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(
        bytes: buffer, maxDepth: options.maxDepth, maxStringLength: options.maxStringLength)
      do throws(JSONReader.Failure) {
        let value = try read(&reader, maxItems: options.maxItems)
        try reader.expectEnd()
        return Result<JSONValue, FeedError>.success(value)
      } catch {
        switch error {
        case .syntax(let offset, let message):
          return .failure(
            .malformed(
              format: format.displayName, source: source, location: reader.location(of: offset),
              detail: message))
        case .limit(let offset, let limit):
          return .failure(
            .limitExceeded(source: source, limit: limit, location: reader.location(of: offset)))
        case .input(let failure):
          return .failure(failure)
        }
      }
    }
    return try result.get()
  }

  private static func read(_ reader: inout JSONReader, maxItems: Int) throws(JSONReader.Failure)
    -> JSONValue
  {
    switch try reader.peekKind() {
    case .object:
      var members: [String: JSONValue] = [:]
      if try reader.enterObject() {
        repeat {
          let key = reader.string(try reader.readKey())
          members[key] = try read(&reader, maxItems: maxItems)
        } while try reader.objectHasMore()
      }
      return .object(members)
    case .array:
      var elements: [JSONValue] = []
      if try reader.enterArray() {
        repeat {
          guard elements.count < maxItems else {
            throw .limit(offset: reader.offset, .itemCount(maxItems))
          }
          elements.append(try read(&reader, maxItems: maxItems))
        } while try reader.arrayHasMore()
      }
      return .array(elements)
    case .string:
      return .string(reader.string(try reader.readString()))
    case .number:
      return .number(reader.double(try reader.readNumber()))
    case .bool:
      return .bool(try reader.readLiteral())
    case .null:
      try reader.skipValue()
      return .null
    }
  }

  // MARK: Reading a tree

  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// The value at a path of keys.
  subscript(path: String...) -> JSONValue? {
    var value: JSONValue? = self
    for key in path { value = value?[key] }
    return value
  }

  /// True only for JSON `true`: a flag a feed left out or wrote otherwise is off.
  var isTrue: Bool {
    if case .bool(true) = self { true } else { false }
  }

  var array: [JSONValue]? {
    if case .array(let elements) = self { elements } else { nil }
  }

  /// A non-empty string, trimmed.
  var text: String? {
    guard case .string(let text) = self else { return nil }
    let trimmed = text.trimmingASCIIWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// A string, or a number written as an integer (ids are either).
  var identifier: String? {
    switch self {
    case .string: return text
    case .number(let value) where value.rounded() == value && abs(value) < 1e15:
      return String(Int(value))
    default: return nil
    }
  }

  /// A number, or a numeric string.
  var number: Double? {
    switch self {
    case .number(let value): value
    case .string(let text): ItemFields.decimalValue(of: text.trimmingASCIIWhitespace())
    default: nil
    }
  }
}
