import Foundation
import Pictures
import TestSupport
import Testing

/// Each run of the binary under test gets an empty picture cache of its own: a picture at an
/// address an earlier run fetched is fetched again, not read from the developer's cache.
@Suite struct IsolatedHomesTests {
  static func png(red: UInt8, blue: UInt8) throws -> [UInt8] {
    let pixels: [UInt8] = (0..<(16 * 8)).flatMap { _ in [red, 0, blue, 255] }
    return try #require(PNGEncoder.encode(RGBAImage(width: 16, height: 8, pixels: pixels)))
  }

  @Test func aSecondRunFetchesThePictureAgain() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/feed.json",
      reply: .json(#"[{"image": "\#(server.url("/p.png"))", "width": 16, "height": 8}]"#))
    let arguments = ["print", server.url("/feed.json"), "--width", "40", "--color", "direct"]
    server.route(
      "/p.png", reply: .respond(status: 200, headers: [:], body: try Self.png(red: 255, blue: 0)))
    let first = try await CascadeProcess.run(arguments)
    #expect(first.status == 0 && first.stdout.contains("255;0;0"), "\(first.stderr)")
    // The same address, another picture.
    server.route(
      "/p.png", reply: .respond(status: 200, headers: [:], body: try Self.png(red: 0, blue: 255)))
    let second = try await CascadeProcess.run(arguments)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("0;0;255") && !second.stdout.contains("255;0;0"))
  }

  /// The folders of test processes that have ended go; a running one's, and other names, stay.
  @Test func foldersOfEndedTestRunsAreRemoved() throws {
    let folder = URL(fileURLWithPath: try temporaryFolder())
    defer { try? FileManager.default.removeItem(at: folder) }
    // Above the kernel's largest process number: no such process can run.
    let ended = IsolatedHomes.prefix + "\(Int32.max - 1)"
    let running = IsolatedHomes.prefix + "\(getpid())"
    let other = IsolatedHomes.prefix + "0144D093-F4B4-401C-BB3D-69C6844DE45D"
    for name in [ended, running, other] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name + "/cache"), withIntermediateDirectories: true)
    }
    IsolatedHomes.removeEnded(in: folder)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == [running, other])
  }
}
