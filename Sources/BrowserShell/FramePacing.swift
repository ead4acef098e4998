import BrowserCore
import PictureKit

/// When the loop draws a frame, and how far the clock of moving pictures goes on in each turn.
///
/// A frame follows every turn that changed something, except the parts of a page streaming in
/// (a few hundred a second), which redraw at most every `partInterval`.
///
/// Moving pictures in view set a timer for their next frame, counted from the moment their clock
/// last went on — the time the frame on screen shows — and not from when that frame was sent:
/// counted from the end of sending, the timer fired late by a frame's drawing and writing time,
/// and a key read meanwhile found the pictures' frame due and had to wait while a dozen
/// pictures' cells were drawn and sent before its own.
///
/// A key read when a picture frame is due is drawn first, alone: the pictures' clock holds for
/// that turn and goes on in the next, which waits for nothing. It holds one turn only, so keys
/// typed without a pause (a held key, a paste) never stop the pictures.
struct FramePacing {
  /// How often a page streaming in redraws the screen: enough to see it grow, without drawing a
  /// frame for each of its hundreds of parts.
  static let partInterval = Duration.milliseconds(40)

  /// Whether the next turn draws a frame.
  private(set) var frameDue = true
  /// When the last frame was sent.
  private(set) var lastFrame: ContinuousClock.Instant
  /// When the next frame of a moving picture in view is due: nil while nothing in view moves,
  /// so an idle browser sets no timer.
  private(set) var animationDue: ContinuousClock.Instant?
  /// When the pictures' clock last went on: the moment the pictures on screen show.
  private var ticked: ContinuousClock.Instant
  /// Whether the last turn held the pictures' clock for a key.
  private var held = false

  init(now: ContinuousClock.Instant = .now) {
    lastFrame = now
    ticked = now
  }

  /// Notes a frame sent at `now`, whose moving pictures change again in `nextAnimationFrame`
  /// milliseconds of their clock (nil when none in it moves).
  mutating func frameSent(at now: ContinuousClock.Instant, nextAnimationFrame: Int?) {
    lastFrame = now
    animationDue = nextAnimationFrame.map { ticked + .milliseconds($0) }
  }

  /// When the wait for input must end for the sake of frames: the frame held back, or the next
  /// picture frame; nil when neither waits.
  var deadline: ContinuousClock.Instant? {
    let held = frameDue ? nil : lastFrame + Self.partInterval
    guard let animationDue else { return held }
    return held.map { min($0, animationDue) } ?? animationDue
  }

  /// How many milliseconds the pictures' clock goes on by in the turn at `now`, if any.
  /// - Parameter keysRead: whether the turn read keys: a picture frame due is then left for the
  ///   next turn, once.
  mutating func animationTick(at now: ContinuousClock.Instant, keysRead: Bool) -> Int? {
    guard let animationDue else {
      ticked = now
      held = false
      return nil
    }
    if keysRead, !held, animationDue <= now {
      held = true
      return nil
    }
    held = false
    let passed = ticked.duration(to: now).components
    let milliseconds =
      Int(passed.seconds) * 1000 + Int(passed.attoseconds / 1_000_000_000_000_000)
    guard milliseconds > 0 else { return nil }
    ticked = ticked + .milliseconds(milliseconds)
    return milliseconds
  }

  /// Notes the end of a turn at `now` that handled `events`, and whether input woke it.
  mutating func turnEnded(at now: ContinuousClock.Instant, input: Bool, events: [Event]) {
    frameDue =
      input || !events.allSatisfy(Self.isStreamingPart)
      || lastFrame.duration(to: now) >= Self.partInterval
  }

  /// Whether `event` only says that a streaming page grew or got further.
  static func isStreamingPart(_ event: Event) -> Bool {
    switch event {
    case .loaded(.partial, _, _), .loadProgress: true
    default: false
    }
  }
}
