import Foundation
import Testing

/// The config file, through the real binary: where it is found, how it sits between the
/// defaults and the command line, and the errors a person gets for each kind of mistake.
@Suite struct ConfigFileTests {
  /// A config home of its own, holding `cascade/config.json` with `text` (when given).
  struct ConfigHome {
    let folder: URL
    var file: URL { folder.appendingPathComponent("cascade/config.json") }
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path] }

    init(_ text: String?) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("cascade-config-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("cascade"), withIntermediateDirectories: true)
      if let text { try Data(text.utf8).write(to: file) }
    }

    /// A config home at `folder`, which may hold no config at all.
    init(existing folder: URL) { self.folder = folder }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func run(_ arguments: [String], more: [String: String] = [:]) async throws
      -> CascadeProcess.Result
    {
      try await CascadeProcess.run(arguments, environment: environment.merging(more) { $1 })
    }
  }

  @Test func theDefaultFileSetsOptionsUnderTheCommandLine() async throws {
    let home = try ConfigHome(#"{"columns": 4, "style": "ring", "no-images": true}"#)
    defer { home.remove() }
    let fromFile = try await home.run(["--print-config"])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromFile.stdout.contains(#""columns": 4,"#))
    #expect(fromFile.stdout.contains(#""style": "ring","#))
    #expect(fromFile.stdout.contains(#""no-images": true,"#))
    let overridden = try await home.run(["--print-config", "--columns", "7", "--style=carousel"])
    #expect(overridden.stdout.contains(#""columns": 7,"#))
    #expect(overridden.stdout.contains(#""style": "carousel","#))
  }

  /// A config saved by a Windows editor starts with a byte order mark: read past it (it failed
  /// as "1:1: expected a value"); an error's position still counts from the first character.
  @Test func aByteOrderMarkBeforeTheConfigIsPassedOver() async throws {
    let home = try ConfigHome("\u{FEFF}{\"columns\": 5}")
    defer { home.remove() }
    let result = try await home.run(["--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""columns": 5,"#))
    let broken = try ConfigHome("\u{FEFF}{\"columns\": }")
    defer { broken.remove() }
    let error = try await broken.run(["--print-config"])
    #expect(error.status == 2)
    #expect(error.stderr.contains("config.json:1:13:"), "\(error.stderr)")
  }

  @Test func withoutAFileTheDefaultsAreInForce() async throws {
    let home = try ConfigHome(nil)
    defer { home.remove() }
    let result = try await home.run(["--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""columns": null,"#))
    #expect(result.stdout.contains(#""cell-aspect": 2,"#))
    #expect(result.stdout.contains(#""max-pages": 100000"#))
  }

  @Test func homeConfigIsUsedWithoutXDGConfigHome() async throws {
    let home = try ConfigHome(nil)
    defer { home.remove() }
    let dotConfig = home.folder.appendingPathComponent(".config/cascade")
    try FileManager.default.createDirectory(at: dotConfig, withIntermediateDirectories: true)
    try Data(#"{"pull-threshold": 9}"#.utf8).write(
      to: dotConfig.appendingPathComponent("config.json"))
    let result = try await CascadeProcess.run(
      ["--print-config"], environment: ["HOME": home.folder.path, "XDG_CONFIG_HOME": ""])
    #expect(result.stdout.contains(#""pull-threshold": 9,"#), "\(result.stderr)")
  }

  @Test func printedConfigReadsBackToTheSameConfig() async throws {
    let home = try ConfigHome(nil)
    defer { home.remove() }
    for command in [[], ["print"], ["layout"]] {
      let first = try await home.run(
        command + ["--print-config", "--seed", "18446744073709551615", "--timeout", "2.5"])
      #expect(first.status == 0, "\(first.stderr)")
      let file = try CascadeProcess.temporaryFile(first.stdout)
      defer { try? FileManager.default.removeItem(at: file) }
      let second = try await home.run(command + ["-C", file.path, "--print-config"])
      #expect(second.status == 0, "\(second.stderr)")
      // The same settings; only the first line, which says where they came from, differs.
      let (firstSource, firstBody) = Self.sourceAndBody(first.stdout)
      let (secondSource, secondBody) = Self.sourceAndBody(second.stdout)
      #expect(secondBody == firstBody, "\(command)")
      #expect(firstSource.hasPrefix("// The defaults, then the command line: no config file at "))
      #expect(secondSource == "// The defaults, then \(file.path), then the command line.")
      #expect(second.stdout.contains(#""seed": 18446744073709551615"#))
    }
  }

  /// `--columns` and `--column-width` are two ways of choosing the columns: both on the command
  /// line is a usage error (one was ignored without a word), and either on the command line
  /// replaces the other from the file (the file's count won over the command line's width).
  @Test func oneWayOfChoosingColumnsReplacesTheOther() async throws {
    let home = try ConfigHome(#"{"columns": 4}"#)
    defer { home.remove() }
    let both = try await home.run(["--columns", "3", "--column-width", "20"])
    #expect(both.status == 2)
    #expect(both.stderr.contains("--columns and --column-width both choose the columns"))
    let width = try await home.run(["--column-width", "20", "--print-config"])
    #expect(width.stdout.contains(#""columns": null,"#), "\(width.stdout)")
    #expect(width.stdout.contains(#""column-width": 20,"#))
  }

  @Test func anExplicitFileReplacesTheDefaultOne() async throws {
    let home = try ConfigHome(#"{"columns": 4}"#)
    defer { home.remove() }
    let other = try CascadeProcess.temporaryFile(#"{"pull-threshold": 12}"#)
    defer { try? FileManager.default.removeItem(at: other) }
    let result = try await home.run(["-C", other.path, "--print-config"])
    #expect(result.stdout.contains(#""columns": null,"#))
    #expect(result.stdout.contains(#""pull-threshold": 12,"#))
  }

  @Test func aMissingExplicitFileIsAnError() async throws {
    let result = try await CascadeProcess.run(["--config", "/nonexistent/cascade.json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/cascade.json: no such file"))
    // Listing every key does not help with a file that is not there.
    #expect(!result.stderr.contains("writes every key"))
  }

  /// The same key can be two commands' options: `width` is cells to `print`, units to
  /// `layout`. A file `layout --print-config` wrote stopped the browser, which checked the
  /// layout's width as a sheet's.
  @Test func aKeyTwoCommandsShareIsValidForTheOneThatDoesNotUseItAsEither() async throws {
    let home = try ConfigHome(#"{"width": 375.5}"#)
    defer { home.remove() }
    let browse = try await home.run(["--print-config"])
    #expect(browse.status == 0, "\(browse.stderr)")
    let layout = try await home.run(["layout", "--print-config"])
    #expect(layout.stdout.contains(#""width": 375.5,"#))
    let print = try await home.run(["print", "--print-config"])
    #expect(print.status == 2)
    #expect(print.stderr.contains(#""width" must be a whole number"#))
  }

  @Test func anOptionOfAnotherCommandIsCheckedButIgnored() async throws {
    let home = try ConfigHome(#"{"rect": [0, 0, 10, 10], "width": 120}"#)
    defer { home.remove() }
    let browse = try await home.run(["--print-config"])
    #expect(browse.status == 0, "\(browse.stderr)")
    #expect(!browse.stdout.contains("rect"))
    let layout = try await home.run(["layout", "--print-config"])
    #expect(layout.stdout.contains(#""rect": [0, 0, 10, 10],"#))
    #expect(layout.stdout.contains(#""width": 120,"#))
  }

  /// Each mistake, for each command: exit 2, the file, the key or the place, what is allowed.
  @Test(arguments: [
    (#"{"colums": 3}"#, #"unknown key "colums" (did you mean "columns"?)"#),
    (#"{"zoom": 3}"#, #"unknown key "zoom"; a key is an option's name"#),
    (#"{"max-depth": 0}"#, #""max-depth" must be a whole number from 1 to 100000, got '0'"#),
    (#"{"max-depth": "4"}"#, #""max-depth" must be a whole number from 1 to 100000, got a string"#),
    (#"{"max-depth": 2.5}"#, #""max-depth" must be a whole number from 1 to 100000, got '2.5'"#),
    (#"{"style": "spiral"}"#, #""style" must be one of waterfall, irregular, carousel, ring"#),
    (#"{"no-images": "yes"}"#, #""no-images" must be true or false, got a string"#),
    (#"{"config": "x.json"}"#, #""config" is not read from a config file; give --config"#),
    // An option of the command line only is named as one (it was an "unknown key").
    (#"{"header": "X-Key: 1"}"#, #""header" is not read from a config file: headers go only to"#),
    (
      "{\n  \"columns\": 4,\n  \"style\" \"ring\"\n}",
      ":3:11: unexpected '\"', expected ':' after the key"
    ),
    ("{\"columns\": 4 /* four\n}", ":1:15: a comment '/*' is not closed with '*/'"),
    ("{\"columns\": 4,,}", ":1:15: unexpected ',', expected a key"),
    ("{\"columns\": 4, \"columns\": 5}", #":1:16: "columns" is given twice"#),
    ("{\"columns\": 04}", ":1:13: '04' is not a number"),
    ("[4]", "the config must be one JSON object"),
    (#"{"theme": {"bordr": "red"}}"#, #""theme" has no part "bordr"; the parts are "border""#),
    (##"{"theme": {"border": "#12345g"}}"##, #""theme.border" must be a colour name"#),
    (#"{"theme": {"status": 256}}"#, "or \"#rrggbb\", got '256'"),
    (#"{"keys": {"jump": "x"}}"#, #""keys" has no action "jump"; the actions are scroll-down"#),
    (#"{"keys": {"top": "<Nope>"}}"#, #""keys.top" '<Nope>' is not a key"#),
    (#"{"keys": {"top": "x", "quit": ["x"]}}"#, #"'x' is bound to "top" as well"#),
    (#"{"keys": {"top": "\u001b[A"}}"#, #""keys.top" '\u{1b}[A' is not a key"#),
    (#"{"keys": {"top": "<C-c>"}}"#, #""keys.top" '<C-c>' cannot be bound: Ctrl-C always quits"#),
    (#"{"keys": {"help": "<C-z>"}}"#, #""keys.help" '<C-z>' cannot be bound: Ctrl-Z suspends"#),
    (#"{"keys": {"top": ["g", "<C-s>"]}}"#, #"'<C-s>' cannot be bound: the terminal takes Ctrl-S"#),
    (#"{"keys": {"bottom": "<C-q>"}}"#, #"'<C-q>' cannot be bound: the terminal takes Ctrl-Q"#),
  ])
  func aBadConfigIsAUsageErrorForEveryCommand(text: String, message: String) async throws {
    let home = try ConfigHome(text)
    defer { home.remove() }
    for command in [[], ["print"], ["layout", "--width", "80"], ["--print-config"]] {
      let result = try await home.run(command)
      #expect(result.status == 2, "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains(home.file.path), "\(command): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
    }
  }

  @Test func themeColoursReadBackAsWritten() async throws {
    let home = try ConfigHome(
      ##"{"theme": {"border": "blue", "selection": "#ff8800", "text": 250, "##
        + #""status": "bright-white"}}"#)
    defer { home.remove() }
    let result = try await home.run(["print", "--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        ##""theme": {"border": "blue", "selection": "#ff8800", "text": 250, "##
          + #""status": "bright-white", "banner": null}"#))
  }

  @Test func aThemedSheetIsDrawnInTheChosenColours() async throws {
    let home = try ConfigHome(##"{"theme": {"border": "#102030"}}"##)
    defer { home.remove() }
    let environment = home.environment.merging(["COLORTERM": "truecolor", "NO_COLOR": "1"]) {
      $1
    }
    let themed = try await CascadeProcess.run(
      ["print", "--no-images", "--width", "60", "--height", "10"], environment: environment)
    #expect(themed.status == 0, "\(themed.stderr)")
    #expect(themed.stdout.contains("38;2;16;32;48"), "the border's colour, despite NO_COLOR")
  }

  @Test func reboundKeysReadBackAsWritten() async throws {
    let home = try ConfigHome(#"{"keys": {"top": ["gg", "<Home>"], "quit": "Q"}}"#)
    defer { home.remove() }
    let result = try await home.run(["--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(#""top": ["gg", "<Home>"]"#)
        || result.stdout.contains(#""top": ["<Home>", "gg"]"#))
    #expect(result.stdout.contains(#""quit": ["<C-c>", "Q"]"#), "Ctrl-C always quits")
    #expect(result.stdout.contains(#""bottom": ["<End>", "G"]"#))
  }

  /// `--print-config`'s output without its first line, the comment saying where it came from,
  /// and that line.
  static func sourceAndBody(_ printed: String) -> (source: String, body: String) {
    let lines = printed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    return (String(lines.first ?? ""), String(lines.dropFirst().first ?? ""))
  }

  @Test func commentsAndTrailingCommasAreAllowed() async throws {
    let home = try ConfigHome(
      """
      // Written by hand.
      {
        "columns": 4,  // four fit at 100 cells
        /* "style": "ring", */
        "theme": {"border": "blue",},
      }
      """)
    defer { home.remove() }
    let result = try await home.run(["--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""columns": 4,"#))
    #expect(result.stdout.contains(#""style": "waterfall","#))
    #expect(result.stdout.contains(#""border": "blue""#), "\(result.stdout)")
  }

  /// The person's own file, else the first of `$XDG_CONFIG_DIRS`'s folders that holds one (a
  /// relative folder is skipped), and `--print-config` names the file that won.
  @Test func theConfigIsLookedUpInTheXDGFoldersInOrder() async throws {
    let home = try ConfigHome(#"{"columns": 4}"#)
    defer { home.remove() }
    let system = try ConfigHome(nil)
    defer { system.remove() }
    let first = system.folder.appendingPathComponent("first")
    let second = system.folder.appendingPathComponent("second")
    for (folder, columns) in [(first, 5), (second, 6)] {
      let file = folder.appendingPathComponent("cascade/config.json")
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(#"{"columns": \#(columns)}"#.utf8).write(to: file)
    }
    let missing = system.folder.appendingPathComponent("missing").path
    let dirs = ["relative/folder", missing, first.path, second.path].joined(separator: ":")

    let own = try await home.run(["--print-config"], more: ["XDG_CONFIG_DIRS": dirs])
    #expect(own.stdout.contains(#""columns": 4,"#), "\(own.stderr)")
    #expect(Self.sourceAndBody(own.stdout).source.contains(home.file.path))

    let none = ConfigHome(existing: system.folder.appendingPathComponent("nobody"))
    let systems = try await none.run(["--print-config"], more: ["XDG_CONFIG_DIRS": dirs])
    #expect(systems.stdout.contains(#""columns": 5,"#), "\(systems.stderr)")
    #expect(
      Self.sourceAndBody(systems.stdout).source
        == "// The defaults, then \(first.path)/cascade/config.json, then the command line.")

    let nowhere = try await none.run(["--print-config"], more: ["XDG_CONFIG_DIRS": missing])
    #expect(
      Self.sourceAndBody(nowhere.stdout).source
        == "// The defaults, then the command line: no config file at \(none.file.path) or "
        + "\(missing)/cascade/config.json.")
  }

  @Test func aMistakeInASystemConfigNamesThatFile() async throws {
    let system = try ConfigHome("{\n  \"columns\": 4\n  \"style\": \"ring\"\n}")
    defer { system.remove() }
    let none = ConfigHome(existing: system.folder.appendingPathComponent("nobody"))
    let result = try await none.run(
      ["--print-config"], more: ["XDG_CONFIG_DIRS": system.folder.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "\(system.file.path):3:3: unexpected '\"', expected ',' or '}' after a member"),
      "\(result.stderr)")
  }

  @Test func anEmptyFileIsAnEmptyConfig() async throws {
    let result = try await CascadeProcess.run(["-C", "/dev/null", "--print-config"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""style": "waterfall","#))
  }

  @Test func helpWorksWithABrokenConfig() async throws {
    let home = try ConfigHome("{")
    defer { home.remove() }
    let result = try await home.run(["print", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("--print-config"))
  }
}
