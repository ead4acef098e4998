import BrowserCore
import FeedKit
import Foundation
import Locking
import PictureKit
import Pictures
import TestSupport
import Testing

@testable import BrowserShell

/// `w` saves the original picture, named from its URL, never over a file; `v` shows it.
@Suite struct PictureKeeperTests {
  static let fixtures = PictureFixtures.folder

  func temporaryFolder() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-keep-\(UUID().uuidString)").path
  }

  @Test(arguments: [
    ("https://x.example/a/photo.jpg?size=large", PictureFormat.jpeg, "photo.jpg"),
    ("https://x.example/a/photo", .png, "photo.png"),
    ("https://x.example/a/../..%2F..%2Fetc%2Fpasswd", .gif, "passwd.gif"),
    ("https://x.example/.hidden.webp", .webp, "hidden.webp"),
    ("https://x.example/", .jpeg, "picture.jpg"),
    ("https://x.example/ça va\u{1B}[31m.png", .png, "_a_va__31m.png"),
  ])
  func namesAreMadeSafeFromTheURL(url: String, format: PictureFormat, name: String) {
    #expect(PictureKeeper.fileName(for: url, format: format) == name)
  }

  @Test func aSaveNeverOverwrites() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = try PictureKeeper.writeNew([1, 2, 3], in: folder, named: "a.jpg")
    let second = try PictureKeeper.writeNew([4], in: folder, named: "a.jpg")
    #expect(first == folder + "/a.jpg")
    #expect(second == folder + "/a-1.jpg")
    #expect(FileManager.default.contents(atPath: first) == Data([1, 2, 3]))
  }

  @Test func theDefaultFolderIsTheXDGPicturesFolders() throws {
    let home = temporaryFolder()
    try FileManager.default.createDirectory(
      atPath: home + "/.config", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    #expect(PictureKeeper.defaultFolder(environment: ["HOME": home]) == home + "/Pictures/cascade")
    try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(
      toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
    #expect(PictureKeeper.defaultFolder(environment: ["HOME": home]) == home + "/Bilder/cascade")
  }

  /// A web picture's original bytes, fetched once and then from the disk cache, saved twice
  /// under two names.
  @Test func aWebPictureIsSavedAsTheServerSentIt() async throws {
    let server = try TestHTTPServer()
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    let hits = Locked(0)
    server.route("/pics/sunset.png") { _ in
      hits.withLock { $0 += 1 }
      return .respond(status: 200, headers: ["Content-Type": "image/png"], body: bytes)
    }
    let cacheFolder = temporaryFolder()
    let saveFolder = temporaryFolder()
    defer {
      try? FileManager.default.removeItem(atPath: cacheFolder)
      try? FileManager.default.removeItem(atPath: saveFolder)
    }
    var settings = PictureSettings(source: .url(server.url("/feed.json")))
    settings.diskCache = PictureDiskCache(directory: cacheFolder, budget: 1 << 20)
    let keeper = PictureKeeper(settings: settings, folder: saveFolder, environment: [:])
    let request = KeepRequest(kind: .save, url: server.url("/pics/sunset.png"), number: 3)
    guard case .kept(_, .saved(let path)) = await keeper.run(request) else {
      Issue.record("not saved")
      return
    }
    #expect(path == saveFolder + "/sunset.png")
    #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    guard case .kept(_, .saved(let again)) = await keeper.run(request) else {
      Issue.record("not saved again")
      return
    }
    #expect(again == saveFolder + "/sunset-1.png")
    #expect(hits.withLock { $0 } == 1, "the second came from the disk cache")
  }

  /// A remote feed's item naming a local path saves nothing and says why.
  @Test func aRemoteFeedNeverSavesALocalFile() async throws {
    let saveFolder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: saveFolder) }
    let keeper = PictureKeeper(
      settings: PictureSettings(source: .url("http://127.0.0.1:9/feed.json")), folder: saveFolder,
      environment: [:])
    let path = Self.fixtures.appendingPathComponent("png-rgb.png").path
    let event = await keeper.run(KeepRequest(kind: .save, url: "file://" + path, number: 1))
    guard case .kept(_, .failed(let reason)) = event else {
      Issue.record("saved: \(event)")
      return
    }
    #expect(reason.contains("http(s)"), "\(reason)")
    #expect(!FileManager.default.fileExists(atPath: saveFolder + "/png-rgb.png"))
  }

  /// `v` on a local feed's picture gives the viewer the file itself.
  @Test func viewShowsALocalPictureInTheViewer() async throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let record = folder + "/record"
    let viewer = folder + "/viewer"
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".write(
      toFile: viewer, atomically: true, encoding: .utf8)
    chmod(viewer, 0o755)
    let feed = Self.fixtures.appendingPathComponent("feed.json").path
    let keeper = PictureKeeper(
      settings: PictureSettings(source: .file(feed)), folder: nil,
      environment: ["CASCADE_VIEWER": viewer, "PATH": "/usr/bin:/bin"])
    let request = KeepRequest(kind: .view, url: "png-rgb.png", number: 1)
    var event = await keeper.run(request)
    // A script just written can be busy (ETXTBSY) while a test on another thread forks with
    // its descriptor still open: tried again a few times.
    for _ in 0..<50 {
      guard case .kept(_, .failed(let reason)) = event, reason.contains("busy") else { break }
      try await Task.sleep(for: .milliseconds(20))
      event = await keeper.run(request)
    }
    guard case .kept(_, .viewing(let program)) = event else {
      Issue.record("not viewed: \(event)")
      return
    }
    #expect(program == viewer)
    var recorded = ""
    for _ in 0..<200 where recorded.isEmpty {
      recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(recorded == Self.fixtures.appendingPathComponent("png-rgb.png").path)
  }
}
