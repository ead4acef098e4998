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

  /// A finite number, optionally at least `minimum`.
  mutating func number(_ name: String, atLeast minimum: Double? = nil) throws(UsageError) -> Double
  {
    let text = try value()
    guard let number = Self.parseNumber(text) else {
      throw UsageError("\(name) must be a number, got '\(text)'", command: command)
    }
    if let minimum, number < minimum {
      throw UsageError(
        "\(name) must be at least \(Self.format(minimum)), got '\(text)'", command: command)
    }
    return number
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

  /// `count` comma-separated finite numbers, such as `--insets 1,2,1,2`.
  mutating func numbers(_ name: String, count: Int, example: String) throws(UsageError) -> [Double]
  {
    let text = try value()
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Self.parseNumber(String($0)) }
    guard parts.count == count, numbers.count == count else {
      throw UsageError(
        "\(name) takes \(count) numbers separated by commas, like \(example); got '\(text)'",
        command: command)
    }
    return numbers
  }

  /// One of an enumeration's raw values, such as `--style ring`.
  mutating func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _ type: Choice.Type
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    let text = try value()
    guard let choice = Choice(rawValue: text) else {
      let all = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("\(name) must be one of \(all); got '\(text)'", command: command)
    }
    return choice
  }

  /// A whole number from 0 up, such as a seed.
  mutating func unsigned(_ name: String) throws(UsageError) -> UInt64 {
    let text = try value()
    guard let number = UInt64(text.trimmingSpaces) else {
      throw UsageError("\(name) must be a whole number from 0, got '\(text)'", command: command)
    }
    return number
  }

  /// The option at hand is not one this command knows.
  func unknown(_ option: String) -> UsageError {
    UsageError("unknown option '\(option)'", command: command)
  }

  static func parseNumber(_ text: String) -> Double? {
    guard let number = Double(text.trimmingSpaces), number.isFinite else { return nil }
    return number
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<end]
  }
}
