/// A moment the state asks the shell to tell it of (`Effect.alarm`), as the core has no clock:
/// the shell answers with `Event.alarm` once the time is up.
public enum Alarm: Hashable, Sendable {
  /// The count whose last digit was number `serial` has waited long enough for its key.
  case count(Int)
  /// The slideshow numbered `serial` moves on to the next picture.
  case slide(Int)
  /// Time for the background refresh (`BrowserOptions.refreshMinutes`).
  case refresh
}
