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

  /// A zoomed full screen's window is cut from the decoded pixels and shrunk within the
  /// decode's reservation, never from the whole picture shrunk first: a 7999 × 7999 PNG zoomed
  /// six times held 766 MB (the shrink's rows of floats alone can pass 500 MB) against a
  /// budget of 256 MiB.
  @Test func aZoomedWindowIsCutWithinTheReservation() throws {
    let side = 600
    // Left half red, right half blue.
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let at = (y * side + x) * 4
        (pixels[at], pixels[at + 1], pixels[at + 2]) = x < side / 2 ? (200, 0, 0) : (0, 0, 200)
      }
    }
    let png = try #require(PNGEncoder.encode(RGBAImage(width: side, height: side, pixels: pixels)))
    var heldWhileCut = 0
    let window = try PictureDecoder.decode(
      png, fitting: (500, 500),
      window: (
        { width, height in
          heldWhileCut = DecodeMemory.shared.reserved
          // The right half's middle, in the fitted picture's pixels.
          return (width / 2 + width / 8, height / 4, width / 4, height / 2)
        }, (100, 100)
      ))
    #expect(window.width == 50 && window.height == 100)
    #expect(
      window.pixel(x: 0, y: 0) == (0, 0, 200, 255) && window.pixel(x: 49, y: 99) == (0, 0, 200, 255)
    )
    // At least this decode's own: the whole picture and the window's shrink (150 × 300 into
    // 50 × 100).
    let own = side * side * 4 + RGBAImage.scalingBytes(from: (150, 300), toFit: (100, 100))
    #expect(heldWhileCut >= own, "\(heldWhileCut) < \(own)")
    let header = PictureHeader(format: .png, width: 7999, height: 7999, orientation: 1)
    let zoomed = PictureDecoder.finishingBytes(
      header, fitting: (7680, 4320), window: ({ _, _ in (0, 0, 540, 540) }, (1920, 1080)))
    // The window (a 1000-pixel square of the picture, which fits the screen as it is): no
    // shrink of the whole.
    #expect(zoomed >= 999 * 999 * 4)
    #expect(zoomed < 7999 * 4320 * 16 / 8, "\(zoomed)")
  }
}
