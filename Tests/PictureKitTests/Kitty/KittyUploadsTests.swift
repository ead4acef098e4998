import BrowserCore
import PictureCells
import Testing

@testable import PictureKit

/// What the terminal is told to keep and to free.
@Suite struct KittyUploadsTests {
  static let png: [UInt8] = [1, 2, 3]

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// A picture that leaves the cache is deleted from the terminal with the next frame's
  /// bytes, not kept until quitting.
  @Test func aPictureTheCacheLetsGoIsDeleted() {
    let uploads = KittyUploads(insideTmux: false)
    let key = PictureKey(url: "a", columns: 2, rows: 1)
    let cache = PictureCache(budget: 1 << 20) { key, picture in
      if let id = picture.placeholder?.imageID { uploads.release(id: id, of: key) }
    }
    let (id, _) = uploads.send(png: Self.png, columns: 2, rows: 1, for: key)
    cache.insert(
      .placeholder(KittyPlaceholder(imageID: id, direct: false), columns: 2, rows: 1), for: key)
    _ = uploads.take()
    cache.removeAll()
    #expect(text(uploads.take()) == "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\")
    // Freed once: nothing is left to delete on quitting.
    #expect(uploads.deleteAll().isEmpty)
  }

  /// An id handed on to another picture is not deleted when its old picture leaves.
  @Test func aReusedIdIsNotDeletedForItsOldPicture() {
    let uploads = KittyUploads(insideTmux: false)
    let old = PictureKey(url: "old", columns: 2, rows: 1)
    let (id, _) = uploads.send(png: Self.png, columns: 2, rows: 1, for: old)
    _ = uploads.take()
    uploads.release(id: id, of: PictureKey(url: "other", columns: 2, rows: 1))
    #expect(uploads.take().isEmpty)
    uploads.release(id: id, of: old)
    #expect(text(uploads.take()).contains("a=d,d=I,i=\(id),"))
  }

  /// Suspending deletes what was sent and drops what was not yet written: nothing then names
  /// an id the terminal was never told to free.
  @Test func deletingAllDropsTheTransmissionsWaiting() {
    let uploads = KittyUploads(insideTmux: false)
    let (id, _) = uploads.send(
      png: Self.png, columns: 2, rows: 1, for: PictureKey(url: "a", columns: 2, rows: 1))
    #expect(text(uploads.deleteAll()).contains("i=\(id),"))
    #expect(uploads.take().isEmpty)
  }

  /// A moving picture sent while animations are stopped (`a`) is stopped too: it played while
  /// the caption said it stood still.
  @Test func anAnimationSentWhileStoppedIsStopped() {
    let uploads = KittyUploads(insideTmux: false)
    let (first, _) = uploads.send(
      png: Self.png, columns: 2, rows: 1, for: PictureKey(url: "a", columns: 2, rows: 1))
    uploads.animate(id: first, firstDelay: 100, frames: [(Self.png, 100)], loops: 0)
    _ = uploads.take()
    #expect(text(uploads.play(false)) == "\u{1B}_Ga=a,i=\(first),s=1,q=2\u{1B}\\")
    let (later, _) = uploads.send(
      png: Self.png, columns: 2, rows: 1, for: PictureKey(url: "b", columns: 2, rows: 1))
    uploads.animate(id: later, firstDelay: 100, frames: [(Self.png, 100)], loops: 0)
    #expect(text(uploads.take()).hasSuffix("\u{1B}_Ga=a,i=\(later),s=1,q=2\u{1B}\\"))
    _ = uploads.play(true)
    let (playing, _) = uploads.send(
      png: Self.png, columns: 2, rows: 1, for: PictureKey(url: "c", columns: 2, rows: 1))
    uploads.animate(id: playing, firstDelay: 100, frames: [(Self.png, 100)], loops: 0)
    #expect(!text(uploads.take()).contains("s=1"))
  }
}
