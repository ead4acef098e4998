import Foundation
import Testing

@testable import FeedKit
@testable import TestSupport

/// The JSON reader against python's `json` on generated documents: the same documents
/// accepted, the same values read from them, the same ones rejected.
///
/// Both sides write each document's value in one canonical form: objects as their members in
/// order (duplicates kept), strings as the hex of their UTF-8 with lone surrogates as U+FFFD
/// (as the reader documents), numbers as the hex of their `Double`'s bits (python's `float` and
/// Swift's `Double(_:)` both round correctly), `ERR` for a document that is not JSON. python
/// is made strict where it is lenient by default: `NaN` and `Infinity` are rejected. Documents
/// are valid UTF-8 with no byte order mark, the reader's two allowances beyond RFC 8259.
@Suite struct JSONReaderDifferentialTests {
  static let script = #"""
    import base64, json, struct, sys

    def reject(name):
        raise ValueError(name)

    def canon(value):
        if isinstance(value, tuple):
            return "{" + ",".join(canon(k) + ":" + canon(v) for k, v in value[0]) + "}"
        if isinstance(value, list):
            return "[" + ",".join(canon(v) for v in value) + "]"
        if isinstance(value, str):
            fixed = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
            return "s" + fixed.encode("utf-8").hex()
        if value is True:
            return "t"
        if value is False:
            return "f"
        if value is None:
            return "z"
        return "n" + struct.pack(">d", value).hex()

    for line in sys.stdin:
        text = base64.b64decode(line).decode("utf-8")
        try:
            value = json.loads(text, parse_int=float, parse_float=float, parse_constant=reject,
                               object_pairs_hook=lambda pairs: (pairs,))
        except ValueError:
            print("ERR")
            continue
        print(canon(value))
    """#

  /// The reader's canonical form of the document, or `ERR`.
  static func canonical(_ document: [UInt8]) -> String {
    document.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(bytes: buffer)
      do throws(JSONReader.Failure) {
        let value = try canonicalValue(&reader)
        try reader.expectEnd()
        return value
      } catch {
        return "ERR"
      }
    }
  }

  static func canonicalValue(_ reader: inout JSONReader) throws(JSONReader.Failure) -> String {
    switch try reader.peekKind() {
    case .object:
      var members: [String] = []
      if try reader.enterObject() {
        repeat {
          let key = reader.string(try reader.readKey())
          members.append(hex(key) + ":" + (try canonicalValue(&reader)))
        } while try reader.objectHasMore()
      }
      return "{" + members.joined(separator: ",") + "}"
    case .array:
      var elements: [String] = []
      if try reader.enterArray() {
        repeat {
          elements.append(try canonicalValue(&reader))
        } while try reader.arrayHasMore()
      }
      return "[" + elements.joined(separator: ",") + "]"
    case .string: return hex(reader.string(try reader.readString()))
    case .number:
      let bits = reader.double(try reader.readNumber()).bitPattern
      let digits = String(bits, radix: 16)
      return "n" + String(repeating: "0", count: 16 - digits.count) + digits
    case .bool, .null:
      // `readLiteral` answers false for null: tell them apart by the first byte.
      let start = reader.offset
      let value = try reader.readLiteral()
      return reader.bytes[start] == UInt8(ascii: "n") ? "z" : value ? "t" : "f"
    }
  }

  static func hex(_ text: String) -> String {
    "s" + text.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test func readerAgreesWithPythonJSON() async throws {
    var random = SplitMix64(seed: 20_261_204)
    var documents: [[UInt8]] = []
    for index in 0..<3000 {
      var text = JSONDocumentGenerator.value(depth: 0, using: &random)
      // Two documents in five are broken a little, and some of those stay JSON.
      if index % 5 < 2 { text = JSONDocumentGenerator.mutated(text, using: &random) }
      documents.append(Array(text.utf8))
    }
    let input = documents.map { Data($0).base64EncodedString() }.joined(separator: "\n") + "\n"
    let output = try await OffPool.run { try Python.run(Self.script, input: Data(input.utf8)) }
    let answers = String(decoding: output, as: UTF8.self).split(separator: "\n")
    try #require(answers.count == documents.count)
    var rejected = 0
    var disagreements = 0
    for (document, python) in zip(documents, answers) {
      let swift = Self.canonical(document)
      if python == "ERR" { rejected += 1 }
      if swift != python {
        disagreements += 1
        if disagreements <= 5 {
          let text = String(decoding: document, as: UTF8.self).debugDescription
          Issue.record("\(text): reader \(swift), python \(python)")
        }
      }
    }
    #expect(disagreements == 0)
    // The generator must give both sides something to agree on.
    #expect(rejected > 300 && rejected < 1500, "\(rejected) rejected")
  }
}

/// Random JSON text: every kind of value, escapes (surrogate pairs and lone ones), numbers
/// with fractions and exponents (some too large for a `Double`), whitespace between tokens.
enum JSONDocumentGenerator {
  static func space(using random: inout SplitMix64) -> String {
    let spaces = ["", "", "", " ", "\n", "\t", "\r\n ", "  "]
    return spaces[Int(random.next() % UInt64(spaces.count))]
  }

  static func value(depth: Int, using random: inout SplitMix64) -> String {
    let kind = random.next() % (depth > 4 ? 5 : 7)
    let s = { (r: inout SplitMix64) in space(using: &r) }
    switch kind {
    case 0: return string(using: &random)
    case 1: return number(using: &random)
    case 2: return ["true", "false", "null"][Int(random.next() % 3)]
    case 3, 4: return random.next() % 2 == 0 ? number(using: &random) : string(using: &random)
    case 5:
      let count = Int(random.next() % 4)
      let elements = (0..<count).map { _ in
        s(&random) + value(depth: depth + 1, using: &random) + s(&random)
      }
      return "[" + (elements.isEmpty ? s(&random) : elements.joined(separator: ",")) + "]"
    default:
      let count = Int(random.next() % 4)
      var members: [String] = []
      for _ in 0..<count {
        // A repeated key now and then: both sides keep every member.
        let key = random.next() % 6 == 0 ? "\"k\"" : string(using: &random)
        members.append(
          s(&random) + key + s(&random) + ":" + s(&random) + value(depth: depth + 1, using: &random)
            + s(&random))
      }
      return "{" + (members.isEmpty ? s(&random) : members.joined(separator: ",")) + "}"
    }
  }

  static let stringPieces = [
    "a", "Z", " ", "é", "中", "🍁", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
    "\\u0041", "\\u00e9", "\\u4E2D", "\\u0000", "\\u001f", "\\ud83c\\udf41", "\\ud83c",
    "\\udf41", "\\ud83c\\u0041", "\\uDBFF\\uDFFF", "\\ud800\\ud800\\udc00", "'", "{", "]", ",",
    "\u{7F}", "\u{2028}",
  ]

  static func string(using random: inout SplitMix64) -> String {
    let count = Int(random.next() % 5)
    return "\""
      + (0..<count).map { _ in stringPieces[Int(random.next() % UInt64(stringPieces.count))] }
      .joined() + "\""
  }

  static let numbers = [
    "0", "-0", "7", "-12", "3.25", "-0.5", "1e3", "1E-3", "2.5e+10", "6.02214076e23",
    "123456789012345678901234567890", "1e400", "-1e400", "4.9e-324", "2.2250738585072014e-308",
    "9007199254740993", "0.1", "1.7976931348623157e308", "1e-400", "100000000000000",
    "999999999999999", "1000000000000000", "0.30000000000000004",
  ]

  static func number(using random: inout SplitMix64) -> String {
    numbers[Int(random.next() % UInt64(numbers.count))]
  }

  /// Characters a mutation puts in: JSON's punctuation, letters of its literals, a control
  /// character, and some that no JSON allows where they land.
  static let insertions: [Unicode.Scalar] = [
    ",", ":", "[", "]", "{", "}", "\"", "\\", "0", "1", "-", "+", ".", "e", "E", "x", "n", "t",
    "u", " ", "\u{01}", "\t", "'", "/",
  ]

  /// `text` with one to three characters deleted, inserted or replaced, or cut short.
  static func mutated(_ text: String, using random: inout SplitMix64) -> String {
    var characters = Array(text.unicodeScalars)
    for _ in 0...(random.next() % 3) {
      let position = Int(random.next() % UInt64(characters.count + 1))
      let insertion = insertions[Int(random.next() % UInt64(insertions.count))]
      switch random.next() % 4 {
      case 0 where position < characters.count: characters.remove(at: position)
      case 1: characters.insert(insertion, at: position)
      case 2 where position < characters.count: characters[position] = insertion
      default: characters = Array(characters.prefix(position))
      }
    }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: characters)
    return String(out)
  }
}
