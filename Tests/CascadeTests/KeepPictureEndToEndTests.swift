import Foundation
import Testing

/// `w` saves the selected picture into the save folder and says where; `v` hands the picture to
/// `$CASCADE_VIEWER`.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct KeepPictureEndToEndTests {
  @Test func wSavesTheSelectedPictureAndVShowsIt() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-save-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let record = folder + "/viewed"
    let viewer = folder + "/viewer"
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".write(
      toFile: viewer, atomically: true, encoding: .utf8)
    chmod(viewer, 0o755)
    let tmux = try TmuxSession(
      command: "'\(binary)' --no-images --columns 4 --save-dir '\(folder)/saved'", width: 160,
      height: 30, environment: ["CASCADE_VIEWER": viewer])
    defer { tmux.close() }
    try await tmux.waitFor("240 items", timeout: 30)
    try await tmux.send("Tab")
    try await tmux.send("w")
    let (saved, screen) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("saved #1 to")
    }
    #expect(saved, "\(screen)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/saved")
    #expect(names.count == 1, "\(names)")
    let name = try #require(names.first)
    #expect(TmuxSession.statusLine(screen).contains(name))
    let bytes = try #require(FileManager.default.contents(atPath: folder + "/saved/" + name))
    #expect(bytes.count > 100)
    try await tmux.send("v")
    let (viewed, after) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("#1's picture is in")
    }
    #expect(viewed, "\(after)")
    var shown = ""
    for _ in 0..<200 where shown.isEmpty {
      shown = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(FileManager.default.contents(atPath: shown) == bytes, "\(shown)")
  }
}
