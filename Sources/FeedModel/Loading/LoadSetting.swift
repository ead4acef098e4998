/// A setting of loading that a message names — above all those that raise a limit — named as
/// `LoadOptions` and `PictureLimits` name their fields: FeedKit's own vocabulary. An error that
/// a limit stopped says which setting raises it; a front end says it in its own words
/// (`SettingNames`).
public enum LoadSetting: String, Hashable, Sendable, CaseIterable {
  case maxBytes, maxItems, maxDepth, maxStringLength, totalTime, maxPages, timeout
  /// Whether items without a picture are left out.
  case picturesOnly
  /// The bytes of one picture file (`PictureLimits.maxBytes`).
  case pictureBytes
  case pictureTime
}

/// How a front end names the settings in messages: the command line by its flags
/// (`--max-bytes N`), a program using FeedKit by the fields it sets. A layer that only loads
/// never names a flag; whoever shows the message hands this over.
public struct SettingNames: Hashable, Sendable {
  private var names: [LoadSetting: String]

  /// - Parameter names: how to set each setting, such as `--max-bytes N`; a setting left out
  ///   is named as FeedKit names it.
  public init(_ names: [LoadSetting: String] = [:]) {
    self.names = names
  }

  /// FeedKit's own names: `LoadOptions.maxBytes`.
  public static let library = SettingNames()

  /// How to set `setting`.
  public subscript(setting: LoadSetting) -> String {
    if let name = names[setting] { return name }
    return setting == .pictureBytes ? "PictureLimits.maxBytes" : "LoadOptions.\(setting.rawValue)"
  }
}
