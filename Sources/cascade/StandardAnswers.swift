/// What a command that reads feeds answers before reading any: `--help` (or `help` given as
/// the FEED), `--version` and `--print-config`.
enum StandardAnswers {
  /// The exit status after printing the answer `options` ask for; nil when they ask for none
  /// and the command goes on. `help` is the command's `--help` text.
  static func answer(_ options: Settings, for command: Command, help: String) -> Int32? {
    if options.help || FeedArgument.asksForHelp(options.feeds) {
      Console.out(help)
      return 0
    }
    if options.version {
      Console.out(VersionText.text)
      return 0
    }
    if options.printConfig {
      Console.out(ConfigWriter.render(options, for: command))
      return 0
    }
    return nil
  }
}
