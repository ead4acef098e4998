import FoundationEssentials

/// Parses a command's arguments with the option table, over the config file.
enum OptionParser {
  /// The settings a command line asks for: the defaults, then the config file, then the
  /// options given; `help` is set for `--help`. The command line is checked whole before the
  /// config file is read, so a typo in either is reported without reading the other first.
  static func parse(
    _ arguments: [String], for command: Command,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) -> Settings {
    var settings = Settings()
    var scanner = ArgumentScanner(arguments, command: command.rawValue)
    let specs = OptionTable.options(for: command)
    var given: [(spec: OptionSpec, value: OptionSpec.Value)] = []
    while let name = scanner.nextOption() {
      if name == "--help" || name == "-h" {
        try scanner.flag()
        settings.help = true
        continue
      }
      if name == "--version" || name == "-V" {
        try scanner.flag()
        settings.version = true
        continue
      }
      guard let spec = specs.first(where: { $0.name == name || $0.alias == name }) else {
        throw NearestName.unknownOption(name, for: command)
      }
      given.append((spec, try value(of: spec, label: spec.name, from: &scanner)))
    }
    // Two ways of choosing one thing (`OptionSpec.chooses`): given both, one would be ignored
    // without a word. Named in the table's order.
    let alternatives = given.map(\.spec).filter { $0.chooses != nil }
    for one in specs where alternatives.contains(where: { $0.name == one.name }) {
      let rival = alternatives.first { $0.chooses == one.chooses && $0.name != one.name }
      if let rival, let what = one.chooses {
        throw UsageError(
          "\(one.name) and \(rival.name) both choose \(what): give one", command: command.rawValue)
      }
    }
    for (spec, value) in given where !spec.configurable { spec.apply(&settings, value) }
    if !settings.help, !settings.version {
      do {
        let file =
          if let named = settings.configFile {
            try ConfigFile.load(path: named, required: true)
          } else {
            try ConfigFile.find(environment: environment)
          }
        settings.configSource =
          file.map { .file($0.path) }
          ?? .none(searched: ConfigFile.searchPaths(environment: environment))
        try file?.apply(to: &settings, for: command)
      } catch {
        // The keys are worth listing when the file is there and has one wrong; not when it
        // cannot be read at all.
        let advice: String? =
          if case .unreadable = error { nil } else {
            "'\(command.rawValue) --print-config -C /dev/null' writes every key"
          }
        throw UsageError(error.description, command: command.rawValue, advice: advice)
      }
    }
    // An alternative on the command line replaces the other from the file, for every command
    // (one file serves them all).
    for one in alternatives {
      for other in OptionTable.all where other.chooses == one.chooses && other.name != one.name {
        other.unset?(&settings)
      }
    }
    for (spec, value) in given where spec.configurable { spec.apply(&settings, value) }
    settings.feeds = scanner.positionals
    // Several feeds send `--header` to each one's own server (`FeedLoader.loadSeveral`).
    settings.load.headersFeed = settings.feeds.count == 1 ? settings.feeds.first : nil
    settings.load.headersFeeds = settings.feeds.count > 1 ? settings.feeds : []
    return settings
  }

  /// The value of the option the scanner is at, checked against its kind; errors name it as
  /// `label` (`--columns` on the command line, `"columns"` in the config file).
  static func value(of spec: OptionSpec, label: String, from scanner: inout ArgumentScanner)
    throws(UsageError) -> OptionSpec.Value
  {
    switch spec.kind {
    case .flag:
      try scanner.flag()
      return .flag
    case .integer(let range): return .integer(try scanner.integer(label, in: range))
    case .number(let range): return .number(try scanner.number(label, in: range))
    case .unsigned: return .unsigned(try scanner.unsigned(label))
    case .choice(let choices): return .text(try scanner.choice(label, choices))
    case .numbers(let count, let range, let example):
      return .numbers(try scanner.numbers(label, count: count, in: range, example: example))
    case .path: return .text(try scanner.value())
    case .header: return .text(try scanner.header(label))
    }
  }
}
