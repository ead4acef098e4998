import FeedModel

/// Everything that happens to the browser, as one message type.
///
/// The shell turns keys, sizes and quiet moments into events, and sends the results of the
/// effects it ran (a page loaded, a link opened) back the same way; `BrowserState.update(_:)`
/// takes each one and answers with the effects to run next.
public enum Event: Sendable {
  /// The feed as it was loaded before the browser started: the first screen.
  case started(FeedUpdate, title: String?)
  /// A key, the wheel, as the key map reads them.
  case action(Action)
  /// A mouse button pressed (the wheel comes as keys).
  case click(MouseClick)
  /// A key typed into the search prompt, as it is (`isTypingSearch`).
  case typed(Key)
  /// A key no binding takes (nor begins): it closes a panel, whose last line says "any key
  /// closes", and does nothing else.
  case unboundKey
  /// A key that begins a longer sequence (`g` of `gg`) came, and the browser waits for the
  /// next: `keys`, as the status line shows them after a count (`25g`).
  case sequencePending(String)
  /// The whole text of a post (`Effect.readPost`), nil when none was kept.
  case postRead(key: String, PostText?)
  /// The terminal has a new size.
  case resized(CanvasSize)
  /// No input came for a moment: a free scroll (the carousel's wheel) snaps to a box.
  case idle
  /// A load the state asked for (`Effect.load`) ended; `title` is the feed's own name then.
  case loaded(FeedUpdate, LoadRequest, title: String?)
  /// An `Effect.open` ran: `failure` says why nothing opened, nil when the opener started.
  case opened(String, failure: OpenFailure?)
  /// How far the running load has got.
  case loadProgress(LoadProgress.Snapshot)
  /// An `Effect.keepPicture` ran.
  case kept(KeepRequest, KeepOutcome)
  /// An `Effect.copy` ran.
  case copied(String, CopyRequest, CopyOutcome)
  /// The time of message number `serial` (`Effect.expireMessage`) is up.
  case messageExpired(Int)
  /// The time an `Effect.alarm` asked for is up.
  case alarm(Alarm)
  /// An `Effect.loadPicture` ended: drawn into the picture cache, or `failure` says why not.
  case pictureLoaded(PictureKey, failure: String?)
  /// A picture's bytes were read (for any size of it): what the details say of it.
  case pictureFacts(url: String, PictureFacts)
  /// An `Effect.probeSizes` ended: the sizes read, or why not.
  case sizesProbed([ProbedSize])
  /// The terminal no longer holds the pictures sent to it (they were deleted when the browser
  /// was suspended: a terminal may clear the alternate screen's pictures when it is entered
  /// again): every picture wanted is asked for again.
  case picturesLost
  /// Time passed while moving pictures were in view: their clock goes on by `milliseconds`
  /// (unless they are paused), and the next frame shows what that time shows.
  case animationTick(milliseconds: Int)
  /// Something the shell found that the reader should know (the pictures asked for cannot be
  /// drawn on this terminal): said in the status line, kept in the messages (`m`).
  case notice(String)
}
