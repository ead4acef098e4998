import FeedKit
import FeedModel
import FoundationEssentials

/// The config file: where it is, what it holds, and how it sets options under the command line.
///
/// A key is an option's name without its dashes (`"columns": 4`, `"no-images": true`), checked
/// with the option's own kind and range, so every option is a config key and the file can never
/// drift from `--help`. `null` (and `false` for a flag) leaves an option at its default, which
/// is how `--print-config` writes the options that have none. The file is JSON that a person
/// may annotate: `//` and `/* */` comments and trailing commas are allowed.
struct ConfigFile {
  var path: String
  var members: [(key: String, value: WrittenJSON)]

  /// A config is a few lines of options; anything larger is not one.
  static let maximumSize = 1 << 20

  /// Where a config file is looked for when none is named, in the XDG base directory
  /// specification's order: the person's own (`$XDG_CONFIG_HOME/cascade/config.json`, else
  /// `~/.config/cascade/config.json`), then the system's, one for each folder of
  /// `$XDG_CONFIG_DIRS` (`/etc/xdg` when it is unset or empty). The first that exists is read,
  /// alone. A relative folder is ignored, as the specification says.
  static func searchPaths(environment: [String: String]) -> [String] {
    let folders = XDGFolders(environment: environment)
    return ((folders.config.map { [$0] } ?? []) + folders.configDirectories).map {
      $0 + "/cascade/config.json"
    }
  }

  /// The first config file of `searchPaths` that exists, read; nil when none does.
  static func find(environment: [String: String]) throws(ConfigError) -> ConfigFile? {
    for path in searchPaths(environment: environment) {
      if let file = try load(path: path, required: false) { return file }
    }
    return nil
  }

  /// Reads and parses the file at `path`. A missing file is no config unless it was asked for
  /// by name (`-C FILE`); every other failure is an error.
  static func load(path: String, required: Bool) throws(ConfigError) -> ConfigFile? {
    // Read at most one byte past the limit, so that `-C /dev/zero` ends with an error.
    var data: [UInt8]
    switch FileBytes.read(path, upTo: maximumSize + 1) {
    case .success(let bytes): data = bytes
    case .failure(.notOpened):
      let missing = !FileManager.default.fileExists(atPath: path)
      if missing && !required { return nil }
      throw .unreadable(path: path, reason: missing ? "no such file" : "it cannot be read")
    case .failure(.notRead):
      throw .unreadable(path: path, reason: "it cannot be read (is it a folder?)")
    }
    guard data.count <= maximumSize else {
      throw .unreadable(path: path, reason: "it is larger than \(maximumSize >> 10) KiB")
    }
    // A byte order mark, which Windows editors write first, is not part of the JSON (it failed
    // as "1:1: expected a value"); positions are still counted from the first character.
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
    let document: WrittenJSON?
    do {
      document = try WrittenJSON.parse(data)
    } catch {
      throw .syntax(path: path, line: error.line, column: error.column, message: error.message)
    }
    // An empty file (or one all comments) is an empty config, so `-C /dev/null` reads none.
    guard let document else { return ConfigFile(path: path, members: []) }
    guard case .object(let members) = document else {
      throw .notAnObject(path: path, got: document.kindName)
    }
    return ConfigFile(path: path, members: members)
  }

  /// Sets the options the file names on `settings`, for `command`. A key that is an option of
  /// another command only is checked as that option but changes nothing here, so one file
  /// serves `cascade`, `cascade print` and `cascade layout`.
  func apply(to settings: inout Settings, for command: Command) throws(ConfigError) {
    for (key, value) in members {
      if key == KeysConfig.key {
        settings.keys = try KeysConfig.parse(value, path: path)
        continue
      }
      if key == ThemeConfig.key {
        settings.theme = try ThemeConfig.parse(value, path: path)
        continue
      }
      let named = OptionTable.all.filter { $0.configurable && $0.configKey == key }
      guard !named.isEmpty else {
        if OptionTable.all.contains(where: { $0.configKey == key }) {
          throw .commandLineOnly(path: path, key: key)
        }
        throw .unknownKey(path: path, key: key)
      }
      guard let spec = named.first(where: { $0.commands.contains(command) }) else {
        // Another command's option: valid as any of the options of that name (`width` is
        // cells to `print` and units to `layout`), so that the browser takes a file either wrote.
        try Self.check(value, asAnyOf: named, path: path)
        continue
      }
      guard let parsed = try Self.value(value, for: spec, path: path) else { continue }
      spec.apply(&settings, parsed)
    }
  }

  /// Throws the first option's error unless `json` is a valid value for one of `specs`.
  private static func check(_ json: WrittenJSON, asAnyOf specs: [OptionSpec], path: String)
    throws(ConfigError)
  {
    var first: ConfigError?
    for spec in specs {
      do {
        _ = try value(json, for: spec, path: path)
        return
      } catch {
        first = first ?? error
      }
    }
    if let first { throw first }
  }

  /// The option's value from JSON, checked as the command line checks it; nil leaves the
  /// option alone.
  static func value(_ json: WrittenJSON, for spec: OptionSpec, path: String) throws(ConfigError)
    -> OptionSpec.Value?
  {
    let key = spec.configKey
    let text: String
    switch (spec.kind, json) {
    case (_, .null), (.flag, .bool(false)): return nil
    case (.flag, .bool(true)): return .flag
    case (.integer, .number(let n)), (.number, .number(let n)), (.unsigned, .number(let n)):
      text = n
    case (.choice, .string(let s)): text = s
    case (.numbers, .array(let elements)):
      var parts: [String] = []
      for element in elements {
        guard case .number(let n) = element else {
          throw .badValue(
            path: path, key: key,
            message: "must be \(allowed(spec)), got a list holding \(element.kindName)")
        }
        parts.append(n)
      }
      text = parts.joined(separator: ",")
    default:
      throw .badValue(
        path: path, key: key, message: "must be \(allowed(spec)), got \(json.kindName)")
    }
    var scanner = ArgumentScanner([spec.name, text], command: "")
    _ = scanner.nextOption()
    do {
      return try OptionParser.value(of: spec, label: "\"\(key)\"", from: &scanner)
    } catch {
      throw .badValue(path: path, key: key, message: error.message)
    }
  }

  /// What the key takes, in words, for an error about a value of the wrong type.
  static func allowed(_ spec: OptionSpec) -> String {
    switch spec.kind {
    case .flag: "true or false"
    case .integer(let r): "a whole number from \(r.lowerBound) to \(r.upperBound)"
    case .number(let r):
      "a number from \(OptionSpec.format(r.lowerBound)) to \(OptionSpec.format(r.upperBound))"
    case .unsigned: "a whole number from 0"
    case .choice(let choices): "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
    case .numbers(let count, let r, _):
      "a list of \(count) numbers from \(OptionSpec.format(r.lowerBound)) to "
        + OptionSpec.format(r.upperBound)
    case .path: "a file's path"
    case .header: "an HTTP header, \"Name: value\""
    }
  }
}
