import Foundation
import Glibc
import PictureCells
import Testing

@testable import BrowserShell
@testable import PictureKit

/// The kitty commands Cascade writes: chunked transmissions with the keys on the first chunk,
/// deletes, and tmux's passthrough wrapping.
@Suite struct KittyGraphicsTests {
  /// The commands in `bytes`: (keys, payload).
  static func commands(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}\\").compactMap { part in
      guard let start = part.range(of: "\u{1B}_G") else { return nil }
      let body = part[start.upperBound...]
      let pieces = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(pieces[0]), pieces.count > 1 ? String(pieces[1]) : "")
    }
  }

  @Test func aLargePictureIsSentInChunksThatJoinToIt() throws {
    let png = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let commands = Self.commands(KittyGraphics.transmit(png: png, id: 7, columns: 12, rows: 5))
    #expect(commands.count == 4)  // 13 336 base64 bytes in chunks of 4096
    #expect(commands[0].keys == "a=T,U=1,f=100,t=d,i=7,c=12,r=5,q=2,m=1")
    #expect(commands.dropFirst().dropLast().allSatisfy { $0.keys == "m=1,q=2" })
    #expect(commands.last?.keys == "m=0,q=2")
    #expect(commands.allSatisfy { $0.payload.utf8.count <= KittyGraphics.chunkSize })
    let joined = commands.map(\.payload).joined()
    let decoded = try #require(Data(base64Encoded: joined))
    #expect(Array(decoded) == png)
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 100])
  func base64MatchesFoundation(count: Int) {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 3) }
    #expect(
      Base64.encode(bytes)
        == Data(bytes).base64EncodedString())
  }

  @Test func tmuxPassthroughDoublesEveryEscape() {
    let wrapped = KittyGraphics.tmuxPassthrough(KittyGraphics.delete(id: 3))
    #expect(
      String(decoding: wrapped, as: UTF8.self)
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\u{1B}\\\u{1B}\\")
  }

  @Test func theQueryBatchEndsWithDeviceAttributes() {
    let batch = String(decoding: TerminalQueries.batch(insideTmux: false), as: UTF8.self)
    #expect(batch.hasPrefix("\u{1B}[>q"))
    #expect(batch.hasSuffix("\u{1B}[16t\u{1B}]11;?\u{1B}\\\u{1B}[c"))
    #expect(batch.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
  }

  /// curses attaches a mark to the cell before only if the C library gives it no width, and
  /// the placeholder must take exactly one cell.
  @Test func theMarksAttachAndThePlaceholderIsOneCellWide() {
    // The process's locale, set in turn with the curses tests (see `CursesLock`).
    CursesLock.run {
      setlocale(LC_ALL, "C.UTF-8")
      for mark in KittyPlaceholder.diacritics {
        #expect(Terminal.libraryWidth(of: mark) == 0, "U+\(String(mark.value, radix: 16))")
      }
      #expect(Terminal.libraryWidth(of: KittyPlaceholder.character) == 1)
    }
  }
}
