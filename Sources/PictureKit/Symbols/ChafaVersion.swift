import CChafa

/// The chafa Cascade was built with, for `cascade --version` (bug reports).
public enum ChafaVersion {
  /// `1.12.4 (built with mmx, sse4.1, popcnt)`: the version, and the CPU features chafa's own
  /// code was built for, which decide how fast pictures are drawn.
  public static var description: String {
    let version =
      "\(cascade_chafa_major_version()).\(cascade_chafa_minor_version())."
      + "\(cascade_chafa_micro_version())"
    guard let described = chafa_describe_features(chafa_get_builtin_features()) else {
      return version
    }
    defer { g_free(described) }
    let features = String(cString: described)
    return features.isEmpty ? version : "\(version) (built with \(features))"
  }
}
