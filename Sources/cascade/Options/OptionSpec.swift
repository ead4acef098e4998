import FeedModel

/// One command-line option, declared once: parsing, `--help`, the config file, `--print-config`,
/// the man page, the completions and the README check all read this declaration.
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
    /// A file's path, such as `--config FILE`: any text, completed as a file name.
    case path
    /// An HTTP request header, `Name: value`, such as `--header 'Authorization: Bearer …'`.
    case header
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
    case config = "Configuration"
  }

  var name: String
  /// A short spelling, such as `-C` for `--config`.
  var alias: String? = nil
  /// The value's name in `--help`, such as `N` or `STYLE`; empty for a flag.
  var placeholder: String
  var kind: Kind
  var help: String
  var commands: Set<Command>
  var group: Group
  /// The load setting it sets, when messages name it (`SettingNames.commandLine`): an error
  /// that a limit stopped names the option that raises it.
  var sets: LoadSetting? = nil
  /// Whether the config file may set it: not the options that pick or print the config file.
  var configurable = true
  /// The option's value in `settings`, nil when unset (a flag that is off, `--columns` left to
  /// the terminal's width). `--help` shows it for the default settings as the default, and
  /// `--print-config` writes it, so the default is read from the real settings, never restated.
  var read: @Sendable (Settings) -> Value? = { _ in nil }
  var apply: @Sendable (inout Settings, Value) -> Void
  /// What the option chooses when another option chooses it too, another way (`the columns`,
  /// by count or by width): options with the same `chooses` are alternatives. Both on the
  /// command line is a usage error (one would be ignored without a word), and either on the
  /// command line replaces the other from the config file (`unset`).
  var chooses: String? = nil
  /// Puts the option back to unset, when an alternative to it is given on the command line.
  var unset: (@Sendable (inout Settings) -> Void)? = nil

  /// The key that sets this option in the config file: its name without the dashes.
  var configKey: String { String(name.drop { $0 == "-" }) }

  /// The default as `--help` shows it, read from the default settings.
  func defaultText(_ defaults: Settings) -> String? {
    switch read(defaults) {
    case nil, .flag?: nil
    case .integer(let n)?: "\(n)"
    case .number(let x)?: OptionSpec.format(x)
    case .unsigned(let n)?: "\(n)"
    case .text(let t)?: t
    case .numbers(let n)?: n.map(OptionSpec.format).joined(separator: ",")
    }
  }

  /// The range or choices, as `--help` shows them.
  var allowed: String? {
    switch kind {
    case .flag, .unsigned, .path, .header: nil
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
  case items = "cascade items"
  case add = "cascade add"
  case remove = "cascade remove"
  case importFeeds = "cascade import"
  case export = "cascade export"

  /// The commands that change or list the feeds followed (`SubscriptionCommand`).
  static let subscriptions: [Command] = [.add, .remove, .importFeeds, .export]
}
