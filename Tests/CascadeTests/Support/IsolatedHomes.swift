import Foundation

/// Config and state folders of the test run's own for the binary under test, so that a
/// developer's config file never changes what a test sees, and the tests never write recent
/// feeds into the developer's home; and an empty picture cache for each run of the binary. A
/// test that sets these variables itself wins.
///
/// The cache was the developer's own: every test's loopback pictures piled up there by URL,
/// and a test whose server got a port an earlier run had used found its pictures already
/// cached (its placeholders never showed), one run in a few dozen.
enum IsolatedHomes {
  static let prefix = "cascade-tests-"

  /// This test process's folder; made on first use, after those of test processes that have
  /// ended are removed (each left 2 MB of caches: hundreds piled up in the temporary folder).
  static let root: URL = {
    let temporary = FileManager.default.temporaryDirectory
    removeEnded(in: temporary)
    return temporary.appendingPathComponent(
      prefix + "\(ProcessInfo.processInfo.processIdentifier)")
  }()

  /// Removes the folders `prefix<pid>` in `folder` whose process no longer runs.
  static func removeEnded(in folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0,
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  static var environment: [String: String] {
    [
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      // Not `/etc/xdg`: a config installed on the machine would change what the tests see.
      "XDG_CONFIG_DIRS": root.appendingPathComponent("config-dirs").path,
      "XDG_STATE_HOME": root.appendingPathComponent("state").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache-\(UUID().uuidString)").path,
    ]
  }
}
