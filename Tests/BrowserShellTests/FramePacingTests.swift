import BrowserCore
import FeedKit
import FeedModel
import Testing

@testable import BrowserShell

/// When the loop draws frames and moves the pictures' clock on: instants made by hand, no
/// waiting, so that nothing here depends on the machine's speed.
@Suite struct FramePacingTests {
  let start = ContinuousClock.now

  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

  /// A pacing whose pictures' clock went on at `start` and whose frame of them, sent
  /// `sendingTook` milliseconds later, changes after `next` milliseconds.
  func playing(next: Int = 150, sendingTook: Int = 0) -> FramePacing {
    var pacing = FramePacing(now: start)
    _ = pacing.animationTick(at: start, keysRead: false)
    pacing.frameSent(at: at(sendingTook), nextAnimationFrame: next)
    return pacing
  }

  /// The next picture frame is due when the clock reaches it, however long the last frame took
  /// to draw and send: counted from the end of sending, the timer fired that much late, and a
  /// key in between found the pictures due.
  @Test func thePicturesNextFrameIsDueByTheirClockNotBySending() {
    let pacing = playing(next: 150, sendingTook: 40)
    #expect(pacing.animationDue == at(150))
    #expect(pacing.deadline == at(150))
  }

  /// A key read when a picture frame is due is drawn alone: the clock holds, so the key's frame
  /// changes no picture cell, and the next turn, which waits for nothing, moves the pictures.
  @Test func aKeyReadWhenAPictureFrameIsDueIsDrawnFirst() throws {
    var pacing = playing()
    #expect(pacing.animationTick(at: at(160), keysRead: true) == nil)
    pacing.turnEnded(at: at(160), input: true, events: [.action(.search)])
    #expect(pacing.frameDue)
    pacing.frameSent(at: at(165), nextAnimationFrame: 1)
    // The next wait ends at once.
    let deadline = try #require(pacing.deadline)
    #expect(deadline <= at(165))
    #expect(pacing.animationTick(at: at(166), keysRead: false) == 166)
  }

  /// Keys without a pause between them (a held key, a paste) hold the pictures one turn only.
  @Test func keysWithoutAPauseDoNotStopThePictures() {
    var pacing = playing()
    #expect(pacing.animationTick(at: at(160), keysRead: true) == nil)
    pacing.frameSent(at: at(161), nextAnimationFrame: 1)
    #expect(pacing.animationTick(at: at(170), keysRead: true) == 170)
  }

  /// A key before the pictures' frame is due moves their clock on as usual: nothing of theirs
  /// changes in its frame.
  @Test func aKeyBeforeThePicturesAreDueLetsTheClockGoOn() {
    var pacing = playing()
    #expect(pacing.animationTick(at: at(60), keysRead: true) == 60)
    pacing.frameSent(at: at(62), nextAnimationFrame: 90)
    #expect(pacing.animationDue == at(150))
  }

  /// Nothing moving in view: no timer, and the clock starts afresh when something moves again.
  @Test func nothingMovingSetsNoTimer() {
    var pacing = playing()
    pacing.frameSent(at: at(10), nextAnimationFrame: nil)
    #expect(pacing.animationDue == nil)
    #expect(pacing.animationTick(at: at(5_000), keysRead: false) == nil)
    pacing.frameSent(at: at(5_001), nextAnimationFrame: 150)
    #expect(pacing.animationDue == at(5_150))
  }

  /// Parts of a streaming page alone draw at most every `partInterval`; anything else draws.
  @Test func streamingPartsWaitForThePartInterval() {
    var pacing = FramePacing(now: start)
    pacing.frameSent(at: start, nextAnimationFrame: nil)
    pacing.turnEnded(at: at(10), input: false, events: [.loadProgress(LoadProgress.Snapshot())])
    #expect(!pacing.frameDue)
    #expect(pacing.deadline == start + FramePacing.partInterval)
    pacing.turnEnded(at: at(45), input: false, events: [.loadProgress(LoadProgress.Snapshot())])
    #expect(pacing.frameDue)
    pacing.turnEnded(at: at(10), input: false, events: [.unboundKey])
    #expect(pacing.frameDue)
  }

  /// The wait ends at its deadline, not a fraction of a millisecond before it: early, the turn
  /// found nothing due and drew a frame for nothing.
  @Test func theWaitIsRoundedUpToItsDeadline() {
    let now = start
    #expect(BrowserApp.timeout(-1, endingBy: now + .microseconds(400), now: now) == 1)
    #expect(BrowserApp.timeout(-1, endingBy: now + .milliseconds(150), now: now) == 150)
    #expect(BrowserApp.timeout(-1, endingBy: now - .milliseconds(5), now: now) == 0)
    #expect(BrowserApp.timeout(20, endingBy: now + .milliseconds(150), now: now) == 20)
  }
}
