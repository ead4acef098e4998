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
    ("https://x.example/a/photo.jpg?size=large", "jpg", "photo.jpg"),
    ("https://x.example/a/photo", "png", "photo.png"),
    ("https://x.example/a/../..%2F..%2Fetc%2Fpasswd", "gif", "passwd.gif"),
    ("https://x.example/.hidden.webp", "webp", "hidden.webp"),
    ("https://x.example/", "jpg", "picture.jpg"),
    ("https://x.example/ça va\u{1B}[31m.png", "png", "_a_va__31m.png"),
    // The extension is the bytes' format's, whatever the URL ends with: PNG bytes served as
    // `poly.jpg` are a `.png`, a picture at `evil.desktop` is no `.desktop` file.
    ("https://x.example/poly.jpg", "png", "poly.png"),
    ("https://x.example/evil.desktop", "png", "evil.png"),
    ("https://x.example/run.sh?x=1", "gif", "run.gif"),
    ("https://x.example/photo.JPEG", "jpg", "photo.jpg"),
  ])
  func namesAreMadeSafeFromTheURL(url: String, ext: String, name: String) {
    #expect(PictureKeeper.fileName(for: url, extension: ext) == name)
  }

  /// What does not sniff as a picture is refused with a reason; a foreign picture is kept
  /// under its own format's extension.
  @Test func onlyPicturesHaveAnExtension() throws {
    let html = Array("<!doctype html><title>Wi-Fi login</title>".utf8)
    #expect(throws: PictureKeeper.KeepError.self) { try PictureKeeper.pictureExtension(html) }
    #expect(throws: PictureKeeper.KeepError.self) { try PictureKeeper.pictureExtension([]) }
    let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    #expect(try PictureKeeper.pictureExtension(png) == "png")
    let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8)
    #expect(try PictureKeeper.pictureExtension(heic) == "heic")
  }

  /// The save folder is made with the folders above it, as `mkdir -p`; a file in the way is
  /// a reason in words.
  @Test func theSaveFolderIsMadeWithItsParents() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(PictureKeeper.makeFolder(folder + "/a/b") == nil)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: folder + "/a/b", isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    #expect(PictureKeeper.makeFolder(folder + "/a/b") == nil)
    try Data([1]).write(to: URL(fileURLWithPath: folder + "/file"))
    #expect(PictureKeeper.makeFolder(folder + "/file") == "it is a file, not a folder")
    #expect(PictureKeeper.makeFolder(folder + "/file/c") == "Not a directory")
  }

  @Test func aSaveNeverOverwrites() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = try PictureKeeper.writeNew([1, 2, 3], in: folder, named: "a.jpg").path
    let second = try PictureKeeper.writeNew([4], in: folder, named: "a.jpg").path
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
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == PictureKeeper.savedMode)
    // The same bytes again are not a second copy (`sunset-1.png`): they are already saved.
    guard case .kept(_, .alreadySaved(let again)) = await keeper.run(request) else {
      Issue.record("saved twice")
      return
    }
    #expect(again == path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: saveFolder) == ["sunset.png"])
    #expect(hits.withLock { $0 } == 1, "the second came from the disk cache")
  }

  /// docs/safety.md states the mode saved pictures get as the code gives it (it said every
  /// file Cascade writes is 0600, and saved pictures were 0644).
  @Test func theSafetyNotesStateTheSavedPicturesMode() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "docs/safety.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let mode = "0" + String(PictureKeeper.savedMode, radix: 8)
    #expect(text.contains("A picture saved with `w` is the reader's own file"))
    #expect(text.contains("download: \(mode),"), "docs/safety.md does not say \(mode)")
    #expect(!text.contains("Every file Cascade writes is 0600"))
  }

  /// Other bytes under a name that is taken are a new file beside it.
  @Test func otherBytesUnderATakenNameAreANewFile() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try PictureKeeper.writeNew([1, 2], in: folder, named: "a.png").isNew)
    let other = try PictureKeeper.writeNew([3, 4], in: folder, named: "a.png")
    #expect(other.path == folder + "/a-1.png" && other.isNew)
    let same = try PictureKeeper.writeNew([3, 4], in: folder, named: "a.png")
    #expect(same.path == folder + "/a-1.png" && !same.isNew)
  }

  /// A server that answers a picture URL with a page (a captive portal, a hostile feed's
  /// `evil.desktop`) has nothing saved and nothing handed to the viewer.
  @Test func aPageIsNeitherSavedNorViewed() async throws {
    let server = try TestHTTPServer()
    let page = Array("<html><body>[Desktop Entry]\nExec=sh -c 'touch pwned'</body></html>".utf8)
    for path in ["/evil.desktop", "/coffee.png"] {
      server.route(path) { _ in
        .respond(status: 200, headers: ["Content-Type": "text/html"], body: page)
      }
    }
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let record = folder + "/record"
    let viewer = try Self.recordingViewer(in: folder, record: record)
    let viewerFolder = ViewerFolder(environment: ["TMPDIR": folder])
    defer { viewerFolder.remove() }
    let keeper = PictureKeeper(
      settings: PictureSettings(source: .url(server.url("/feed.json"))),
      folder: folder + "/saved", environment: ["CASCADE_VIEWER": viewer, "PATH": "/usr/bin:/bin"],
      viewerFolder: viewerFolder)
    for path in ["/evil.desktop", "/coffee.png"] {
      for kind in [KeepRequest.Kind.save, .view] {
        let event = await keeper.run(KeepRequest(kind: kind, url: server.url(path), number: 1))
        guard case .kept(_, .failed(let reason)) = event else {
          Issue.record("\(kind) \(path) was handed on: \(event)")
          continue
        }
        #expect(reason.contains("no picture"), "\(reason)")
      }
    }
    let saved = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/saved")) ?? []
    #expect(saved.isEmpty, "\(saved)")
    #expect(!FileManager.default.fileExists(atPath: record), "the viewer was started")
  }

  /// `v` copies a web picture into a folder it made itself (0700, its own, a copy 0600), not
  /// into a `cascade-<uid>` someone planted in the temporary folder; the folder goes when the
  /// browser ends (`remove`).
  @Test func viewCopiesIntoAPrivateFolderItMade() async throws {
    let server = try TestHTTPServer()
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png")))
    server.route("/poly.jpg") { _ in
      .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bytes)
    }
    let folder = temporaryFolder()
    let planted = temporaryFolder()
    for made in [folder, planted] {
      try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    }
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: planted)
    }
    chmod(planted, 0o777)
    symlink(planted, folder + "/cascade-\(getuid())")
    let record = folder + "/record"
    let viewer = try Self.recordingViewer(in: folder, record: record)
    let viewerFolder = ViewerFolder(environment: ["TMPDIR": folder])
    let keeper = PictureKeeper(
      settings: PictureSettings(source: .url(server.url("/feed.json"))), folder: nil,
      environment: ["CASCADE_VIEWER": viewer, "PATH": "/usr/bin:/bin", "TMPDIR": folder],
      viewerFolder: viewerFolder)
    let event = try await Self.runStartingViewer(
      keeper, KeepRequest(kind: .view, url: server.url("/poly.jpg"), number: 2))
    guard case .kept(_, .viewing(let file, _)) = event else {
      Issue.record("not viewed: \(event)")
      return
    }
    let shown = try await Self.recorded(record)
    #expect(file == shown)
    #expect(shown.hasSuffix("/poly.png"), "named by its bytes: \(shown)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: planted).isEmpty)
    let copies = String(shown[..<(shown.lastIndex(of: "/") ?? shown.endIndex)])
    #expect(copies.hasPrefix(folder + "/cascade-") && copies != folder + "/cascade-\(getuid())")
    var status = stat()
    #expect(lstat(copies, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)
    #expect(status.st_uid == geteuid())
    #expect(stat(shown, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(FileManager.default.contents(atPath: shown) == Data(bytes))
    viewerFolder.remove()
    #expect(!FileManager.default.fileExists(atPath: copies))
  }

  /// A folder that is a symlink, another's, or open to others is not used.
  @Test func aFolderOthersCanEnterIsRefused() throws {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    chmod(folder, 0o700)
    #expect(ViewerFolder.problem(with: folder) == nil)
    symlink(folder, folder + "-link")
    defer { unlink(folder + "-link") }
    #expect(ViewerFolder.problem(with: folder + "-link") == "is not a folder")
    chmod(folder, 0o777)
    #expect(ViewerFolder.problem(with: folder)?.contains("others") == true)
  }

  /// A viewer script that writes its argument to `record`.
  static func recordingViewer(in folder: String, record: String) throws -> String {
    let viewer = folder + "/viewer"
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".write(
      toFile: viewer, atomically: true, encoding: .utf8)
    chmod(viewer, 0o755)
    return viewer
  }

  /// Runs `request`, again while the viewer script just written is busy: it can be (ETXTBSY)
  /// while a test on another thread forks with its descriptor still open.
  static func runStartingViewer(_ keeper: PictureKeeper, _ request: KeepRequest) async throws
    -> Event
  {
    var event = await keeper.run(request)
    for _ in 0..<50 {
      guard case .kept(_, .failed(let reason)) = event, reason.contains("busy") else { break }
      try await Task.sleep(for: .milliseconds(20))
      event = await keeper.run(request)
    }
    return event
  }

  /// What the recording viewer wrote, once it has: waited for as `waitUntil` waits (a minute,
  /// more on a loaded machine), not 200 looks 20 ms apart, which a viewer started beside busy
  /// work can miss.
  static func recorded(_ record: String) async throws -> String {
    var recorded = ""
    try await waitUntil {
      recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      return !recorded.isEmpty
    }
    return recorded
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
    let viewer = try Self.recordingViewer(in: folder, record: record)
    let feed = Self.fixtures.appendingPathComponent("feed.json").path
    let keeper = PictureKeeper(
      settings: PictureSettings(source: .file(feed)), folder: nil,
      environment: ["CASCADE_VIEWER": viewer, "PATH": "/usr/bin:/bin"])
    let request = KeepRequest(kind: .view, url: "png-rgb.png", number: 1)
    let event = try await Self.runStartingViewer(keeper, request)
    guard case .kept(_, .viewing(let file, let program)) = event else {
      Issue.record("not viewed: \(event)")
      return
    }
    #expect(program == viewer)
    #expect(file == Self.fixtures.appendingPathComponent("png-rgb.png").path)
    let recorded = try await Self.recorded(record)
    #expect(recorded == Self.fixtures.appendingPathComponent("png-rgb.png").path)
  }
}
