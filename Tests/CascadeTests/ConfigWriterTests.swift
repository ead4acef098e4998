import FeedKit
import Testing

@testable import cascade

/// `--print-config`'s text and where a config file is looked for, without running the binary.
@Suite struct ConfigWriterTests {
  @Test func printedConfigParsesBack() throws {
    let printed = ConfigWriter.render(Settings(), for: .browse)
    guard case .object(let members)? = try WrittenJSON.parse(Array(printed.utf8)) else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key).contains("pull-threshold"))
    #expect(members.suffix(2).map(\.key) == ["theme", "keys"])
    var settings = Settings()
    try ConfigFile(path: "printed", members: members).apply(to: &settings, for: .browse)
    #expect(ConfigWriter.render(settings, for: .browse) == printed)
  }

  @Test func thePersonsFolderComesFirstThenEachSystemFolder() {
    let paths = ConfigFile.searchPaths(environment: [
      "XDG_CONFIG_HOME": "/home/a/conf", "HOME": "/home/a",
      "XDG_CONFIG_DIRS": "/opt/xdg:relative::/etc/xdg",
    ])
    #expect(
      paths == [
        "/home/a/conf/cascade/config.json", "/opt/xdg/cascade/config.json",
        "/etc/xdg/cascade/config.json",
      ])
  }

  /// Unset or empty, each variable has the specification's default; a relative
  /// `XDG_CONFIG_HOME` is ignored like an unset one.
  @Test(arguments: [
    ["HOME": "/home/a"], ["HOME": "/home/a", "XDG_CONFIG_HOME": "", "XDG_CONFIG_DIRS": ""],
    ["HOME": "/home/a", "XDG_CONFIG_HOME": "conf"],
  ])
  func defaultsStandForUnsetFolders(environment: [String: String]) {
    #expect(
      ConfigFile.searchPaths(environment: environment) == [
        "/home/a/.config/cascade/config.json", "/etc/xdg/cascade/config.json",
      ])
  }

  @Test func withoutAHomeOnlyTheSystemFoldersAreSearched() {
    #expect(ConfigFile.searchPaths(environment: [:]) == ["/etc/xdg/cascade/config.json"])
  }

  /// A path with a line break would end the comment and leave text that is not JSON.
  @Test func theSourceCommentStaysOneComment() throws {
    var settings = Settings()
    settings.configSource = .file("/tmp/odd\nname\u{1B}[2J.json")
    let printed = ConfigWriter.render(settings, for: .print)
    #expect(printed.hasPrefix(#"// The defaults, then /tmp/odd\u{a}name\u{1b}[2J.json, then"#))
    #expect(!printed.contains("\u{1B}"))
    #expect(try WrittenJSON.parse(Array(printed.utf8)) != nil)
  }
}
