import FeedModel

extension SettingNames {
  /// The command line's names for the load settings, read from the option table: a message
  /// that a limit stopped names the option that raises it with its value (`--max-bytes N`),
  /// a flag by itself (`--pictures-only`).
  static let commandLine = SettingNames(
    Dictionary(
      OptionTable.all.compactMap { spec in
        spec.sets.map {
          ($0, spec.placeholder.isEmpty ? spec.name : spec.name + " " + spec.placeholder)
        }
      },
      uniquingKeysWith: { first, _ in first }))
}
