/// Parses a command's arguments with the option table.
enum OptionParser {
  /// The settings a command line asks for; `help` is set for `--help`.
  static func parse(_ arguments: [String], for command: Command) throws(UsageError) -> Settings {
    var settings = Settings()
    var scanner = ArgumentScanner(arguments, command: command.rawValue)
    let specs = OptionTable.options(for: command)
    while let name = scanner.nextOption() {
      if name == "--help" || name == "-h" {
        try scanner.flag()
        settings.help = true
        continue
      }
      guard let spec = specs.first(where: { $0.name == name }) else { throw scanner.unknown(name) }
      spec.apply(&settings, try value(of: spec, from: &scanner))
    }
    guard scanner.positionals.count <= 1 else {
      throw UsageError(
        "only one FEED may be given, got \(scanner.positionals.dropFirst().joined(separator: " "))"
          + " as well", command: command.rawValue)
    }
    settings.feed = scanner.positionals.first
    return settings
  }

  private static func value(of spec: OptionSpec, from scanner: inout ArgumentScanner)
    throws(UsageError) -> OptionSpec.Value
  {
    switch spec.kind {
    case .flag:
      try scanner.flag()
      return .flag
    case .integer(let range): return .integer(try scanner.integer(spec.name, in: range))
    case .number(let range): return .number(try scanner.number(spec.name, in: range))
    case .unsigned: return .unsigned(try scanner.unsigned(spec.name))
    case .choice(let choices): return .text(try scanner.choice(spec.name, choices))
    case .numbers(let count, let range, let example):
      return .numbers(try scanner.numbers(spec.name, count: count, in: range, example: example))
    }
  }
}
