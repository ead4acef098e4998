import EmbeddedPictures
import Testing

/// A damaged archive reads as none, whatever part of it is wrong.
@Suite struct PictureArchiveTests {
  /// An archive of the given files, packed as `Scripts/make-sample-pictures.py` packs one.
  static func pack(_ files: [(String, [UInt8])]) -> [UInt8] {
    func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
      (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    let indexSize = 12 + files.reduce(0) { $0 + 2 + $1.0.utf8.count + 8 }
    var header = Array("CASPICS1".utf8) + little(UInt32(files.count))
    var offset = indexSize
    for (name, data) in files {
      header += little(UInt16(name.utf8.count)) + Array(name.utf8)
      header += little(UInt32(offset)) + little(UInt32(data.count))
      offset += data.count
    }
    return header + files.flatMap(\.1)
  }

  static func read(_ bytes: [UInt8]) -> PictureArchive? {
    bytes.withUnsafeBytes { PictureArchive($0) }
  }

  @Test func readsEveryFilesRange() throws {
    let bytes = Self.pack([("a.png", [1, 2, 3]), ("b.gif", []), ("c.jpg", [9])])
    let archive = try #require(Self.read(bytes))
    #expect(archive.entries.count == 3)
    let a = try #require(archive.entries["a.png"])
    #expect(Array(bytes[a]) == [1, 2, 3])
    #expect(archive.entries["b.gif"]?.isEmpty == true)
    let c = try #require(archive.entries["c.jpg"])
    #expect(Array(bytes[c]) == [9])
  }

  @Test func everyTruncationReadsAsNoArchive() {
    let bytes = Self.pack([("a.png", [1, 2, 3]), ("c.jpg", [9])])
    for length in 0..<bytes.count {
      #expect(Self.read(Array(bytes[..<length])) == nil, "cut at \(length)")
    }
  }

  @Test func aWrongMagicOrAnOffsetPastTheEndReadsAsNoArchive() {
    var wrongMagic = Self.pack([("a.png", [1])])
    wrongMagic[0] = UInt8(ascii: "X")
    #expect(Self.read(wrongMagic) == nil)
    var pastTheEnd = Self.pack([("a.png", [1])])
    // The offset's top byte, after magic, count, name length and name.
    pastTheEnd[12 + 2 + 5 + 3] = 0xFF
    #expect(Self.read(pastTheEnd) == nil)
  }
}
