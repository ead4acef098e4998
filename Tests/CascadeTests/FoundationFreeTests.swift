import Foundation
import Testing

/// The binary carries FoundationEssentials, never all of Foundation: Foundation brings its ICU
/// (34 MB of data in a static binary), and the `.deb` stays small only without it.
///
/// Checked in the sources, not in the built binary: an incremental build keeps the objects
/// of files that did not change, and with them the link to Foundation their module once had.
@Suite struct FoundationFreeTests {
  /// The modules that Foundation must not reach: every target but the benchmark (which measures
  /// libcurl against URLSession) and the tests.
  static let shippedModules = try? FileManager.default.contentsOfDirectory(
    atPath: CascadeProcess.packageRoot.appendingPathComponent("Sources").path
  ).filter { $0 != "cascade-bench" }

  /// Whether a line imports all of Foundation or one of its parts beyond the essentials
  /// (`import Foundation`, `@preconcurrency import FoundationXML`, `import struct
  /// Foundation.Data`).
  static func importsFoundation(_ line: Substring) -> Bool {
    let words = line.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
    guard words.first == "import", let module = words.last?.split(separator: ".").first else {
      return false
    }
    return [
      "Foundation", "FoundationXML", "FoundationNetworking", "FoundationInternationalization",
    ]
    .contains(String(module))
  }

  @Test func theImportCheckTellsFoundationFromItsEssentials() {
    #expect(Self.importsFoundation("import Foundation"))
    #expect(Self.importsFoundation("  @preconcurrency import FoundationXML"))
    #expect(Self.importsFoundation("import struct Foundation.Data"))
    #expect(!Self.importsFoundation("import FoundationEssentials"))
    #expect(!Self.importsFoundation("// import Foundation is not needed here"))
  }

  @Test func noShippedModuleImportsFoundation() throws {
    let modules = try #require(Self.shippedModules)
    #expect(modules.contains("FeedKit") && modules.contains("cascade"))
    var found: [String] = []
    for module in modules {
      let folder = CascadeProcess.packageRoot.appendingPathComponent("Sources/\(module)")
      let files =
        FileManager.default.enumerator(atPath: folder.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      for file in files {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where Self.importsFoundation(line) {
          found.append("Sources/\(module)/\(file): \(line)")
        }
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
