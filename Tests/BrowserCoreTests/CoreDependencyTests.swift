import Foundation
import Glibc
import Testing

/// BrowserCore links no C library: every module it reaches, directly or through another, is
/// Swift that imports no C shim. The core is a value that tests, the benchmark and a future
/// front end drive without libcurl, libchafa or the picture codecs; a dependency added to it
/// (or to FeedModel, PictureCells, LayoutEngine, Locking) that reaches one fails here.
@Suite struct CoreDependencyTests {
  /// One target of the package, as `swift package dump-package` describes it.
  struct Target {
    var type: String
    var dependencies: [String]
    /// The folder of its sources, relative to the package.
    var path: String
  }

  /// What is wrong with what `root` reaches, one line a target; empty when all is well.
  /// - Parameter hasCSources: whether a target's folder holds C sources, headers or a module
  ///   map.
  static func problems(
    from root: String, in targets: [String: Target], hasCSources: (String) -> Bool
  ) -> [String] {
    var problems: [String] = []
    var seen: Set<String> = [root]
    var path: [String: [String]] = [root: [root]]
    var queue = [root]
    while !queue.isEmpty {
      let name = queue.removeFirst()
      let via = path[name, default: [name]].joined(separator: " → ")
      guard let target = targets[name] else {
        problems.append("\(via): not a target of this package")
        continue
      }
      if target.type == "system" {
        problems.append("\(via): a system library")
      } else if hasCSources(target.path) {
        problems.append("\(via): C sources in \(target.path)")
      }
      for dependency in target.dependencies where !seen.contains(dependency) {
        seen.insert(dependency)
        path[dependency] = path[name, default: [name]] + [dependency]
        queue.append(dependency)
      }
    }
    return problems
  }

  /// The targets in `swift package dump-package`'s JSON; a dependency on another package's
  /// product is named `package:product`, which is no target here.
  static func targets(fromDump data: Data) throws -> [String: Target] {
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let list = try #require(json["targets"] as? [[String: Any]])
    var targets: [String: Target] = [:]
    for entry in list {
      let name = try #require(entry["name"] as? String)
      let type = try #require(entry["type"] as? String)
      var dependencies: [String] = []
      for dependency in entry["dependencies"] as? [[String: Any]] ?? [] {
        if let byName = dependency["byName"] as? [Any], let first = byName.first as? String {
          dependencies.append(first)
        } else if let target = dependency["target"] as? [Any], let first = target.first as? String {
          dependencies.append(first)
        } else if let product = dependency["product"] as? [Any] {
          let names = product.compactMap { $0 as? String }
          dependencies.append(names.reversed().joined(separator: ":"))
        }
      }
      targets[name] = Target(
        type: type, dependencies: dependencies,
        path: entry["path"] as? String ?? "Sources/\(name)")
    }
    return targets
  }

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the folder holds anything of C: sources, headers, a module map.
  static func hasCSources(_ path: String) -> Bool {
    let folder = packageRoot.appendingPathComponent(path)
    guard let files = FileManager.default.enumerator(atPath: folder.path) else { return false }
    return files.contains { file in
      let name = "\(file)"
      return [".c", ".h", ".cpp", ".modulemap"].contains { name.hasSuffix($0) }
    }
  }

  /// The package's own description, from the toolchain that runs the tests. Waited for
  /// without holding a thread: the test pool has as few as the machine has cores, and
  /// `swift package` compiles the manifest first, which takes seconds on a loaded machine.
  /// Started with `posix_spawn`, not Foundation's `Process`, which keeps itself and its
  /// termination handler alive after the child ends (the address sanitizer's leak check
  /// failed CI on it).
  static func dumpPackage() async throws -> Data {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-dump-\(UUID().uuidString)")
    // SwiftPM also leaves a lock file beside it, named after the scratch path.
    let lock = FileManager.default.temporaryDirectory.appendingPathComponent(
      scratch.path.replacingOccurrences(of: "/", with: "_") + ".lock")
    defer {
      try? FileManager.default.removeItem(at: scratch)
      try? FileManager.default.removeItem(at: lock)
    }
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-dump-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: output) }
    let arguments = [
      "/usr/bin/env", "swift", "package", "dump-package", "--package-path", packageRoot.path,
      "--scratch-path", scratch.path,
    ]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var argv = arguments.map { strdup($0) }
    defer { argv.forEach { free($0) } }
    argv.append(nil)
    var child: pid_t = 0
    let spawned = posix_spawn(&child, "/usr/bin/env", &actions, nil, argv, environ)
    try #require(spawned == 0, "could not start swift package: error \(spawned)")
    var status: Int32 = 0
    // A hung `swift package` fails the test instead of holding CI.
    let deadline = ContinuousClock.now + .seconds(300)
    while waitpid(child, &status, WNOHANG) == 0 {
      guard ContinuousClock.now < deadline else {
        kill(child, SIGKILL)
        waitpid(child, &status, 0)
        Issue.record("swift package dump-package took over 300 s")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    try #require(exited && code == 0, "swift package dump-package ended with status \(status)")
    return try Data(contentsOf: output)
  }

  @Test func browserCoreReachesNoCLibrary() async throws {
    let targets = try Self.targets(fromDump: await Self.dumpPackage())
    #expect(targets["BrowserCore"] != nil)
    let problems = Self.problems(from: "BrowserCore", in: targets, hasCSources: Self.hasCSources)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// The check finds a C library however far down it is, and C sources in a plain target.
  @Test func aCLibraryReachedThroughAnotherModuleIsFound() throws {
    let dump = """
      {"targets": [
        {"name": "Core", "type": "regular", "dependencies": [{"byName": ["Model", null]}]},
        {"name": "Model", "type": "regular", "dependencies": [{"target": ["Fetch", null]}]},
        {"name": "Fetch", "type": "regular", "dependencies": [{"byName": ["CCurl", null]}]},
        {"name": "CCurl", "type": "system", "dependencies": []},
        {"name": "Shim", "type": "regular", "dependencies": []},
        {"name": "Clean", "type": "regular", "dependencies": [{"byName": ["Shim", null]}]}
      ]}
      """
    let targets = try Self.targets(fromDump: Data(dump.utf8))
    let problems = Self.problems(from: "Core", in: targets) { _ in false }
    #expect(problems == ["Core → Model → Fetch → CCurl: a system library"])
    let shim = Self.problems(from: "Clean", in: targets) { $0 == "Sources/Shim" }
    #expect(shim == ["Clean → Shim: C sources in Sources/Shim"])
    #expect(Self.problems(from: "Model", in: targets) { _ in false }.count == 1)
    #expect(Self.problems(from: "Shim", in: targets) { _ in false }.isEmpty)
  }
}
