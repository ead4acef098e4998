import Dispatch
import Foundation
import Testing

@testable import Pictures

/// Decodes hold their pixel memory within one budget: a feed of decompression bombs (a small
/// PNG that decodes to 250 MB) took that much per decode running at once.
@Suite struct DecodeMemoryTests {
  /// Holds `bytes` of `memory` on a thread of its own until `release` is signalled.
  private static func hold(
    _ bytes: Int, in memory: DecodeMemory, entered: DispatchSemaphore, release: DispatchSemaphore
  ) {
    Thread.detachNewThread {
      memory.holding(bytes) {
        entered.signal()
        release.wait()
      }
    }
  }

  @Test func aDecodeThatDoesNotFitWaitsForTheOthers() {
    let memory = DecodeMemory(budget: 100)
    let (firstIn, firstOut) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let (secondIn, secondOut) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    Self.hold(60, in: memory, entered: firstIn, release: firstOut)
    firstIn.wait()
    Self.hold(60, in: memory, entered: secondIn, release: secondOut)
    #expect(secondIn.wait(timeout: .now() + 0.3) == .timedOut)
    #expect(memory.reserved == 60)
    firstOut.signal()
    #expect(secondIn.wait(timeout: .now() + 10) == .success)
    #expect(memory.reserved == 60)
    secondOut.signal()
  }

  @Test func smallDecodesRunSideBySide() {
    let memory = DecodeMemory(budget: 100)
    let (firstIn, firstOut) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    let (secondIn, secondOut) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    Self.hold(40, in: memory, entered: firstIn, release: firstOut)
    Self.hold(40, in: memory, entered: secondIn, release: secondOut)
    #expect(firstIn.wait(timeout: .now() + 10) == .success)
    #expect(secondIn.wait(timeout: .now() + 10) == .success)
    #expect(memory.reserved == 80)
    firstOut.signal()
    secondOut.signal()
  }

  /// A picture within the limits but over the whole budget still decodes, alone.
  @Test func aDecodeOverTheBudgetRunsAlone() {
    let memory = DecodeMemory(budget: 100)
    #expect(memory.holding(500) { memory.reserved } == 500)
    #expect(memory.reserved == 0)
  }

  /// What a decode reserves: the full picture for a PNG, at most four times the covered size
  /// for a JPEG, twice over when the picture is turned.
  @Test func heldBytesFollowTheCodec() {
    let png = PictureHeader(format: .png, width: 7900, height: 7900, orientation: 1)
    #expect(PictureDecoder.heldBytes(png, fitting: (40, 40)) == 7900 * 7900 * 4)
    let photo = PictureHeader(format: .jpeg, width: 4000, height: 3000, orientation: 1)
    #expect(PictureDecoder.heldBytes(photo, fitting: (400, 300)) == 4 * 400 * 300 * 4)
    #expect(PictureDecoder.heldBytes(photo, fitting: nil) == 4000 * 3000 * 4)
    let turned = PictureHeader(format: .jpeg, width: 4000, height: 3000, orientation: 6)
    #expect(PictureDecoder.heldBytes(turned, fitting: nil) == 4000 * 3000 * 4 * 2)
  }
}
