import Dispatch
import Foundation
import Testing

@testable import Pictures

/// Decodes hold their pixel memory within one budget: a feed of decompression bombs (a small
/// PNG that decodes to 250 MB) took that much per decode running at once.
@Suite struct DecodeMemoryTests {
  /// A decode holding `bytes` of `memory` on a thread of its own, from when it is let in until
  /// `release()`.
  private struct Holder {
    let entered = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)

    init(_ bytes: Int, in memory: DecodeMemory) {
      let (entered, done) = (entered, done)
      Thread.detachNewThread {
        memory.holding(bytes) {
          entered.signal()
          done.wait()
        }
      }
    }

    /// Whether the decode was let in within `seconds`.
    func isIn(within seconds: Double) -> Bool {
      entered.wait(timeout: .now() + seconds) == .success
    }

    func release() { done.signal() }
  }

  @Test func aDecodeThatDoesNotFitWaitsForTheOthers() {
    let memory = DecodeMemory(budget: 100)
    let first = Holder(60, in: memory)
    #expect(first.isIn(within: 10))
    let second = Holder(60, in: memory)
    #expect(!second.isIn(within: 0.3))
    #expect(memory.reserved == 60)
    first.release()
    #expect(second.isIn(within: 10))
    #expect(memory.reserved == 60)
    second.release()
  }

  @Test func smallDecodesRunSideBySide() {
    let memory = DecodeMemory(budget: 100)
    let first = Holder(40, in: memory)
    let second = Holder(40, in: memory)
    #expect(first.isIn(within: 10))
    #expect(second.isIn(within: 10))
    #expect(memory.reserved == 80)
    first.release()
    second.release()
  }

  /// A picture within the limits but over the whole budget still decodes, alone.
  @Test func aDecodeOverTheBudgetRunsAlone() {
    let memory = DecodeMemory(budget: 100)
    #expect(memory.holding(500) { memory.reserved } == 500)
    #expect(memory.reserved == 0)
  }

  /// What a decode reserves: the full picture for a PNG, at most four times the covered size
  /// for a JPEG or a WebP (still or animated), twice over when the picture is turned.
  @Test func heldBytesFollowTheCodec() {
    let png = PictureHeader(format: .png, width: 7900, height: 7900, orientation: 1)
    #expect(PictureDecoder.heldBytes(png, fitting: (40, 40)) == 7900 * 7900 * 4)
    let webp = PictureHeader(format: .webp, width: 7900, height: 7900, orientation: 1)
    #expect(PictureDecoder.heldBytes(webp, fitting: (40, 40)) == 4 * 40 * 40 * 4)
    let photo = PictureHeader(format: .jpeg, width: 4000, height: 3000, orientation: 1)
    #expect(PictureDecoder.heldBytes(photo, fitting: (400, 300)) == 4 * 400 * 300 * 4)
    #expect(PictureDecoder.heldBytes(photo, fitting: nil) == 4000 * 3000 * 4)
    let turned = PictureHeader(format: .jpeg, width: 4000, height: 3000, orientation: 6)
    #expect(PictureDecoder.heldBytes(turned, fitting: nil) == 4000 * 3000 * 4 * 2)
  }

  /// A zoomed full screen's decode keeps its reservation while the window is cut from the
  /// larger picture and fitted: the larger picture, the window's copy and the shrinks' rows
  /// count against the budget. (They were made after the decode gave its memory back: a
  /// 7999 × 7999 PNG zoomed six times held 766 MB against a budget of 256 MiB.)
  @Test func aZoomedWindowIsCutWithinTheReservation() throws {
    let side = 600
    let image = RGBAImage(
      width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4))
    let png = try #require(PNGEncoder.encode(image))
    var heldWhileCut = 0
    let window = try PictureDecoder.decode(
      png, fitting: (500, 500),
      window: (
        { width, height in
          heldWhileCut = DecodeMemory.shared.reserved
          return (width / 4, height / 4, width / 2, height / 2)
        }, (100, 100)
      ))
    #expect(window.width == 100 && window.height == 100)
    // At least this decode's own: the whole picture, its shrink to 500², the 250² window.
    let own = side * side * 4 + 500 * 500 * 4 + 250 * 250 * 4
    #expect(heldWhileCut >= own, "\(heldWhileCut) < \(own)")
    let header = PictureHeader(format: .png, width: 7999, height: 7999, orientation: 1)
    let zoomed = PictureDecoder.finishingBytes(
      header, fitting: (7680, 4320), window: ({ _, _ in (0, 0, 540, 540) }, (1920, 1080)))
    // The shrink's rows of floats alone: 7999 rows at 4320 pixels, 16 bytes each.
    #expect(zoomed >= 7999 * 4320 * 16)
  }
}
