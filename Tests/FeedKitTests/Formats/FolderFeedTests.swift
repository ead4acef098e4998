import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// A folder of pictures as a feed: pictures recognised by their bytes, sized from their
/// headers, broken ones skipped with a reason, other files passed over.
@Suite struct FolderFeedTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PicturesTests/Fixtures")

  /// A folder with pictures under other names, a broken PNG, a text file, a hidden picture and
  /// a subfolder with one more picture.
  private static func mixedFolder() throws -> String {
    let folder = try temporaryFolder()
    let manager = FileManager.default
    func copy(_ fixture: String, to name: String) throws {
      try manager.copyItem(
        atPath: fixtures.appendingPathComponent(fixture).path, toPath: folder + "/" + name)
    }
    try copy("jpeg-orientation-1.jpg", to: "b-upright.jpg")
    try copy("jpeg-orientation-6.jpg", to: "a-turned.jpeg")
    try copy("gif-basic.gif", to: "c-no-extension")
    try copy("png-1x1.png", to: ".hidden.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(
      to: URL(fileURLWithPath: folder + "/d-broken.png"))
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/notes.jpg"))
    try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    try copy("png-1x1.png", to: "sub/e-deep.png")
    return folder
  }

  /// A picture whose name is not UTF-8 (Latin-1 `café.png` from an old disk) cannot be opened
  /// by a `String` name; it is named among the skipped, its byte escaped, with what to do. It
  /// vanished without a word; a file so named that is no picture is still passed over.
  @Test func aPictureWhoseNameIsNotUTF8IsNamedAmongTheSkipped() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("gif-basic.gif").path,
      toPath: folder + "/ok.gif")
    let picture = try Data(contentsOf: Self.fixtures.appendingPathComponent("png-rgb.png"))
    func create(_ contents: Data, named name: [UInt8]) {
      let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
      let descriptor = path.withUnsafeBufferPointer { path in
        path.withMemoryRebound(to: CChar.self) {
          $0.baseAddress.map { open($0, O_WRONLY | O_CREAT, 0o644) } ?? -1
        }
      }
      #expect(descriptor >= 0)
      _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    create(picture, named: Array("caf".utf8) + [0xE9] + Array(".png".utf8))
    create(Data("notes".utf8), named: Array("n".utf8) + [0xF6] + Array("tes.txt".utf8))
    let document = try await FeedLoader().load(.file(folder))
    #expect(document.items.map(\.title) == ["ok.gif"])
    #expect(document.skipped.count == 1)
    #expect(
      document.skipped.firstReason?.hasPrefix(#"caf\xE9.png: its name is not UTF-8"#) == true,
      "\(String(describing: document.skipped.firstReason))")
  }

  @Test func folderListsPicturesByNameWithHeaderSizes() async throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let document = try await FeedLoader().load(.file(folder))
    #expect(document.items.map(\.title) == ["a-turned.jpeg", "b-upright.jpg", "c-no-extension"])
    #expect(document.items.allSatisfy { $0.hasSize })
    let turned = document.items[0]
    let upright = document.items[1]
    // EXIF orientation 6 turns the picture a quarter: its sides swap.
    #expect(turned.width == upright.height && turned.height == upright.width)
    #expect(turned.imageURL.hasPrefix("/") && turned.imageURL.hasSuffix("/a-turned.jpeg"))
    #expect(document.skipped.count == 1)
    #expect(document.skipped.firstReason?.hasPrefix("d-broken.png: ") == true)
  }

  /// A photo in a format Cascade does not decode (an iPhone's HEIC, a camera's raw file) is
  /// named among the skipped, where other files that are not pictures are passed over.
  @Test func picturesCascadeDoesNotDecodeAreNamed() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("png-1x1.png").path,
      toPath: folder + "/b.png")
    let heic = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 200)
    try Data(heic).write(to: URL(fileURLWithPath: folder + "/IMG_0001.HEIC"))
    try Data("sidecar".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_0001.xmp"))
    let document = try await FeedLoader().load(.file(folder))
    #expect(document.items.map(\.title) == ["b.png"])
    #expect(document.skipped.count == 1)
    #expect(
      document.skipped.firstReason
        == "IMG_0001.HEIC: a HEIC/HEIF picture, which Cascade does not decode; convert it to "
        + "JPEG, PNG, GIF or WebP to see it")
  }

  @Test func recursiveReadsSubfolders() async throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var options = LoadOptions()
    options.recursive = true
    let document = try await FeedLoader(options: options).load(.file(folder))
    #expect(document.items.map(\.title).last == "sub/e-deep.png")
    #expect(document.items[3].width == 1 && document.items[3].height == 1)
  }

  /// One subfolder that cannot be listed cost the whole feed. (Root lists every folder, so this
  /// runs only for other users.)
  @Test(.enabled(if: getuid() != 0, "root can list a folder without permissions"))
  func recursiveSkipsASubfolderItCannotList() async throws {
    let folder = try Self.mixedFolder()
    defer {
      chmod(folder + "/locked", 0o700)
      try? FileManager.default.removeItem(atPath: folder)
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/locked", withIntermediateDirectories: false)
    try #require(chmod(folder + "/locked", 0) == 0)
    var options = LoadOptions()
    options.recursive = true
    let document = try await FeedLoader(options: options).load(.file(folder))
    #expect(document.items.map(\.title).last == "sub/e-deep.png")
    #expect(document.skipped.count == 2)
  }

  /// A skip reason names a file with a control character in its name escaped, so the reader
  /// can find it: the character was removed, naming a file that is not there.
  @Test func aSkippedFileWithAControlCharacterInItsNameIsNamedEscaped() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(
      to: URL(fileURLWithPath: folder + "/bad\u{1B}[31m.png"))
    let document = try await FeedLoader().load(.file(folder))
    #expect(document.skipped.firstReason?.hasPrefix("bad\\u{1b}[31m.png: ") == true)
  }

  /// A FIFO among the pictures is passed over without being opened (an open would wait).
  @Test(.timeLimit(.minutes(1))) func folderPassesOverAFIFO() async throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #require(mkfifo(folder + "/pipe.jpg", 0o600) == 0)
    let document = try await FeedLoader().load(.file(folder))
    #expect(document.items.count == 3)
  }

  @Test func sortBySizePutsTheLargestFirst() async throws {
    let folder = try Self.mixedFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var options = LoadOptions()
    options.folderOrder = .size
    let document = try await FeedLoader(options: options).load(.file(folder))
    let sizes = try document.items.map {
      try #require(FileManager.default.attributesOfItem(atPath: $0.imageURL)[.size] as? Int)
    }
    #expect(sizes == sizes.sorted(by: >))
  }

  @Test func folderPicturesAreReadFromDisk() throws {
    let source = FeedSource.file("/photos")
    #expect(try source.pictureLocation(of: "/photos/a.jpg") == .file("/photos/a.jpg"))
  }
}
