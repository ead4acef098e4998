/// Which load runs.
public enum LoadKind: Hashable, Sendable {
  case refresh, more
}

/// A load the state machine asks for; its result comes back through `apply(_:to:)`.
public struct LoadRequest: Hashable, Sendable {
  public var kind: LoadKind
  /// Results of older requests are dropped: a refresh makes a running load-more stale.
  public var generation: Int
}

/// Something the state machine wants done outside it.
public enum Effect: Hashable, Sendable {
  case load(LoadRequest)
  /// Open this URL in a browser.
  case open(String)
  /// Fetch, decode and draw a picture into the view's `PictureCache`; the result comes back
  /// as `Event.pictureLoaded`. Asked for in order: the pictures in view first.
  case loadPicture(PictureKey)
  /// The picture's box left the view and its surroundings: stop working on it.
  case cancelPicture(PictureKey)
  /// The feed was refreshed: forget the pictures drawn, and fetch those from the web again
  /// rather than from the disk cache (the loads follow as `loadPicture`s).
  case revalidatePictures
  case quit
}
