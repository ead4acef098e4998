import Foundation
import Testing

/// `w` saves the selected picture into the save folder and says where, once; `v` hands the
/// picture to `$CASCADE_VIEWER` and names the file it opened, a copy in a private folder that
/// is gone when the browser ends.
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
      TmuxSession.statusLine($0).contains("saved #1 as")
    }
    #expect(saved, "\(screen)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/saved")
    #expect(names.count == 1, "\(names)")
    let name = try #require(names.first)
    #expect(TmuxSession.statusLine(screen).contains(name))
    let bytes = try #require(FileManager.default.contents(atPath: folder + "/saved/" + name))
    #expect(bytes.count > 100)
    // The same picture again is not a second copy.
    try await tmux.send("w")
    let (again, screenAgain) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("already saved as")
    }
    #expect(again, "\(screenAgain)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/saved").count == 1)
    try await tmux.send("v")
    let (viewed, after) = try await tmux.waitFor(timeout: 30) {
      TmuxSession.statusLine($0).contains("opened ")
    }
    #expect(viewed, "\(after)")
    var shown = ""
    for _ in 0..<200 where shown.isEmpty {
      shown = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(FileManager.default.contents(atPath: shown) == bytes, "\(shown)")
    let shownName = try #require(shown.split(separator: "/").last)
    #expect(TmuxSession.statusLine(after).contains(shownName), "\(after)")
    #expect(!TmuxSession.statusLine(after).contains(viewer), "the file, not the viewer")
    // The copy's folder goes with the browser.
    try await tmux.send("q")
    let copies = String(shown[..<(shown.lastIndex(of: "/") ?? shown.endIndex)])
    for _ in 0..<500 where FileManager.default.fileExists(atPath: copies) {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!FileManager.default.fileExists(atPath: copies), "\(copies)")
  }
}
