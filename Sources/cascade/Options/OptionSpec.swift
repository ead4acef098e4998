/// One command-line option, declared once: parsing, `--help`, the README check (and later the
/// config file, the man page and completions) all read this declaration.
struct OptionSpec: Sendable {
  /// What follows the option's name, and what is allowed there.
  enum Kind: Sendable {
    case flag
    case integer(ClosedRange<Int>)
    case number(ClosedRange<Double>)
    case unsigned
    case choice([String])
    /// `count` numbers separated by commas, each within `range`, such as `--insets 1,2,1,2`.
    case numbers(count: Int, range: ClosedRange<Double>, example: String)
  }

  /// A parsed value, as `apply` receives it.
  enum Value: Sendable {
    case flag
    case integer(Int)
    case number(Double)
    case unsigned(UInt64)
    case text(String)
    case numbers([Double])
  }

  /// Where `--help` lists the option.
  enum Group: String, Sendable, CaseIterable {
    case browser = "The browser"
    case pictures = "Pictures"
    case printing = "The printed sheet"
    case layout = "Layout"
    case style = "Styles"
    case feeds = "Feeds"
    case limits = "Limits on what is loaded (each error names the flag that raises it)"
  }

  var name: String
  /// The value's name in `--help`, such as `N` or `STYLE`; empty for a flag.
  var placeholder: String
  var kind: Kind
  var help: String
  var commands: Set<Command>
  var group: Group
  /// The default as `--help` shows it, read from the real default settings.
  var defaultText: @Sendable (Settings) -> String? = { _ in nil }
  var apply: @Sendable (inout Settings, Value) -> Void

  /// The range or choices, as `--help` shows them.
  var allowed: String? {
    switch kind {
    case .flag, .unsigned: nil
    case .integer(let range): "\(range.lowerBound)–\(range.upperBound)"
    case .number(let range):
      "\(OptionSpec.format(range.lowerBound))–\(OptionSpec.format(range.upperBound))"
    case .choice(let choices): choices.joined(separator: "|")
    case .numbers(_, let range, _):
      "each \(OptionSpec.format(range.lowerBound))–\(OptionSpec.format(range.upperBound))"
    }
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// The commands that take options.
enum Command: String, Sendable {
  case browse = "cascade"
  case layout = "cascade layout"
  case print = "cascade print"
}
