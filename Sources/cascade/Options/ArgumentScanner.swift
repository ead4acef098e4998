/// Walks a command line: `--name value`, `--name=value`, bare flags and positionals.
///
/// Hand-written because SwiftPM cannot fetch swift-argument-parser on these machines; kept to the
/// few shapes Cascade's commands use. `--` ends the options, so a feed named `--odd` still works.
struct ArgumentScanner {
  private var remaining: [String]
  private(set) var positionals: [String] = []
  let command: String

  init(_ arguments: [String], command: String) {
    remaining = arguments
    self.command = command
  }

  /// The next option's name (without its `=value`), or nil when only positionals are left.
  mutating func nextOption() -> String? {
    while let first = remaining.first {
      if first == "--" {
        positionals += remaining.dropFirst()
        remaining = []
        return nil
      }
      if first.hasPrefix("-"), first != "-" {
        return String(first.split(separator: "=", maxSplits: 1)[0])
      }
      positionals.append(first)
      remaining.removeFirst()
    }
    return nil
  }

  /// Consumes a flag that takes no value.
  mutating func flag() throws(UsageError) {
    let option = remaining.removeFirst()
    if option.contains("=") {
      throw UsageError("\(option.split(separator: "=")[0]) takes no value", command: command)
    }
  }

  /// Consumes an option and its value (`--name value` or `--name=value`).
  mutating func value() throws(UsageError) -> String {
    let option = remaining.removeFirst()
    if let equals = option.firstIndex(of: "=") {
      return String(option[option.index(after: equals)...])
    }
    guard let value = remaining.first else {
      throw UsageError("\(option) needs a value", command: command)
    }
    remaining.removeFirst()
    return value
  }

  /// An HTTP request header, `Name: value`: a name of token characters (RFC 9110), a colon,
  /// and a value with no control characters, so that no line break can add a header or a
  /// request of its own.
  mutating func header(_ label: String) throws(UsageError) -> String {
    let text = try value()
    let example = "for example \(label) 'Authorization: Client-ID 1234'"
    guard let colon = text.firstIndex(of: ":") else {
      throw UsageError(
        "\(label) wants 'Name: value', got '\(text)'; \(example)",
        command: command)
    }
    let name = text[..<colon]
    let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
    let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    guard !name.isEmpty, name.allSatisfy(token.contains) else {
      throw UsageError(
        "\(label): '\(name)' is not a header name (letters, digits "
          + "and -); \(example)", command: command)
    }
    guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) })
    else {
      throw UsageError(
        "\(label): the value of \(name) holds a control character (a line break?)",
        command: command)
    }
    return "\(name): \(value)"
  }

  /// A finite number within `range`, such as a probability.
  mutating func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
    let text = try value()
    guard let number = Self.parseNumber(text), range.contains(number) else {
      throw UsageError(
        "\(name) must be a number from \(Self.format(range.lowerBound)) to "
          + "\(Self.format(range.upperBound)), got '\(text)'", command: command)
    }
    return number
  }

  /// A whole number within `range`.
  mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    let text = try value()
    guard let number = Int(text.trimmingSpaces), range.contains(number) else {
      throw UsageError(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "got '\(text)'", command: command)
    }
    return number
  }

  /// `count` comma-separated finite numbers, each within `range`, such as `--insets 1,2,1,2`.
  mutating func numbers(
    _ name: String, count: Int, in range: ClosedRange<Double>, example: String
  ) throws(UsageError) -> [Double] {
    let text = try value()
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Self.parseNumber(String($0)) }
    guard parts.count == count, numbers.count == count else {
      throw UsageError(
        "\(name) takes \(count) numbers separated by commas, like \(example); got '\(text)'",
        command: command)
    }
    guard numbers.allSatisfy(range.contains) else {
      throw UsageError(
        "\(name) takes numbers from \(Self.format(range.lowerBound)) to "
          + "\(Self.format(range.upperBound)); got '\(text)'", command: command)
    }
    return numbers
  }

  /// One of `choices`, such as `--style ring`.
  mutating func choice(_ name: String, _ choices: [String]) throws(UsageError) -> String {
    let text = try value()
    guard choices.contains(text) else {
      throw UsageError(
        "\(name) must be one of \(choices.joined(separator: ", ")); got '\(text)'",
        command: command)
    }
    return text
  }

  /// A whole number from 0 up, such as a seed.
  mutating func unsigned(_ name: String) throws(UsageError) -> UInt64 {
    let text = try value()
    guard let number = UInt64(text.trimmingSpaces) else {
      throw UsageError("\(name) must be a whole number from 0, got '\(text)'", command: command)
    }
    return number
  }

  /// A finite number written in decimals (`12`, `-0.5`, `.5`, `1e3`): Swift's own parser
  /// also reads hexadecimal (`0x64` is 100) and `nan`/`inf`, which nobody means on a command
  /// line and which the messages could not explain.
  static func parseNumber(_ text: String) -> Double? {
    let text = text.trimmingSpaces
    guard text.allSatisfy({ "0123456789.+-eE".contains($0) }),
      let number = Double(text), number.isFinite
    else { return nil }
    return number
  }

  private static func format(_ value: Double) -> String { OptionSpec.format(value) }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<end]
  }
}
