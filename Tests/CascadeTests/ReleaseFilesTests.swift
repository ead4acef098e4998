import FeedKit
import FeedModel
import Foundation
import Testing

/// What a release is made of agrees with itself: one version (in `VERSION`, compiled into the
/// binary, in the man page, in the changelog), a license named where people look, and a Debian
/// package named for every system library a consumer of `FeedKit` needs.
@Suite struct ReleaseFilesTests {
  static func file(_ name: String) throws -> String {
    try String(
      contentsOf: CascadeProcess.packageRoot.appendingPathComponent(name), encoding: .utf8)
  }

  static func version() throws -> String {
    try file("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func versionFileIsSemanticVersion() throws {
    let version = try Self.version()
    #expect(version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil)
  }

  @Test func compiledVersionIsTheVersionFile() throws {
    #expect(
      CascadeVersion.string == (try Self.version()),
      "VERSION and CascadeVersion.string differ: run Scripts/set-version")
  }

  @Test func binaryAndManPageSayTheVersion() async throws {
    let version = try Self.version()
    let result = try await CascadeProcess.run(["--version"])
    #expect(result.stdout.hasPrefix("cascade \(version)\n"))
    let help = try await CascadeProcess.run(["--help"])
    #expect(help.stdout.hasPrefix("cascade \(version) "))
    #expect(try Self.file("cascade.1").contains(#".TH CASCADE 1 "" "cascade \#(version)""#))
  }

  /// The newest release in the changelog is the version, under an `[Unreleased]` section.
  @Test func changelogStartsAtTheVersion() throws {
    let headings = try Self.file("CHANGELOG.md").split(separator: "\n")
      .filter { $0.hasPrefix("## [") }
    #expect(headings.first == "## [Unreleased]")
    let release = try #require(headings.dropFirst().first)
    let pattern = #"^## \[\#(try Self.version())\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#
    #expect(release.range(of: pattern, options: .regularExpression) != nil, "\(release)")
  }

  @Test func licenseIsApacheAndNamed() throws {
    let license = try Self.file("LICENSE")
    #expect(license.contains("Apache License"))
    #expect(license.contains("Version 2.0, January 2004"))
    #expect(license.contains("END OF TERMS AND CONDITIONS"))
    #expect(try Self.file("README.md").contains("Apache License 2.0 (`LICENSE`)"))
    #expect(try Self.file("Package.swift").contains("Apache License, Version 2.0 (see LICENSE)"))
    #expect(try Self.file("Resources/CREDITS.md").contains("make-sample-pictures.py"))
  }

  /// Every `.systemLibrary` in the manifest says which Debian packages provide it, and each of
  /// those is one `Scripts/install-deps` installs, so the hint SwiftPM prints is the fix.
  @Test func everySystemLibraryNamesItsDebianPackages() throws {
    let manifest = try Self.file("Package.swift")
    let installDeps = try Self.file("Scripts/install-deps")
    let targets = manifest.components(separatedBy: ".systemLibrary(").dropFirst()
    #expect(targets.count >= 4)
    for target in targets {
      // The target's arguments run to the first closing parenthesis at depth zero.
      var depth = 0
      var arguments = ""
      for character in target {
        if character == "(" { depth += 1 }
        if character == ")" {
          if depth == 0 { break }
          depth -= 1
        }
        arguments.append(character)
      }
      let name = arguments.split(separator: "\"").dropFirst().first ?? "?"
      let apt = try #require(
        arguments.range(of: #"\.apt\(\[[^\]]*\]\)"#, options: .regularExpression),
        "\(name) has no providers: [.apt([...])]")
      let packages = arguments[apt].split(separator: "\"").enumerated()
        .filter { $0.offset % 2 == 1 }.map(\.element)
      #expect(!packages.isEmpty, "\(name)")
      for package in packages {
        #expect(installDeps.contains("need+=(\(package))"), "\(name): \(package)")
      }
    }
  }
}
