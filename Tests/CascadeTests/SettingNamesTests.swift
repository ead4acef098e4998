import FeedModel
import Testing

@testable import cascade

/// The command line maps each load setting to its option: FeedKit's errors name settings,
/// and what the user reads names the flag that raises the limit.
@Suite struct SettingNamesTests {
  @Test(arguments: LoadSetting.allCases)
  func everySettingIsNamedByAnOptionInTheTable(setting: LoadSetting) throws {
    let name = SettingNames.commandLine[setting]
    let option = try #require(
      OptionTable.all.first { $0.sets == setting }, "no option sets \(setting)")
    #expect(name.hasPrefix(option.name))
    #expect(
      name == [option.name, option.placeholder].filter { !$0.isEmpty }.joined(separator: " "))
  }

  @Test func aLimitErrorNamesTheFlagWithItsValue() {
    let error = FeedError.limitExceeded(source: "f", limit: .bodySize(64 << 20), location: nil)
    #expect(error.message(naming: .commandLine).hasSuffix("raise the limit with --max-bytes N"))
    #expect(
      FeedError.timedOut(url: "http://h/", seconds: 3).message(naming: .commandLine)
        .hasSuffix("allow longer with --timeout SECONDS"))
  }

  /// What the browser and the loaders get from the command line names flags.
  @Test func theCommandLinesSettingsNameFlags() {
    let settings = Settings()
    #expect(settings.load.settingNames == .commandLine)
    #expect(settings.browser.settingNames == .commandLine)
  }
}
