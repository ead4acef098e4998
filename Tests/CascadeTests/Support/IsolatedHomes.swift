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
  static let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("cascade-tests-\(ProcessInfo.processInfo.processIdentifier)")

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
