import Foundation

/// The `cascade` binary SwiftPM built beside the test bundle (the test target depends on it).
enum BuiltBinary {
  static var cascade: URL? {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      let url = URL(fileURLWithPath: first)
      candidates.append(url.deletingLastPathComponent().appendingPathComponent("cascade"))
      // Inside `X.xctest/...` on some layouts: walk up to the build folder.
      candidates.append(
        url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "cascade"))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("cascade"))
    candidates.append(
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cascade"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
