/// Which load runs.
public enum LoadKind: Hashable, Sendable {
  case refresh, more
}

/// A load the state machine asks for; its result comes back through `apply(_:to:)`.
public struct LoadRequest: Hashable, Sendable {
  public var kind: LoadKind
  /// Results of older requests are dropped: a refresh makes a running load-more stale.
  public var generation: Int
  /// The followed feed a refresh reads again alone, the others kept as they are (`r` while
  /// the feeds panel narrowed the view to it); nil reads every feed.
  public var feed: String?
  /// A refresh that only waits for the feeds still loading when the browser opened
  /// (`FeedOutcome.isLoading`) and adds what they gave; no feed is asked again.
  public var late = false
}

/// Something the state machine wants done outside it.
public enum Effect: Hashable, Sendable {
  case load(LoadRequest)
  /// Open this URL in a browser.
  case open(String)
  /// Save the picture or show it in the viewer; answered with `Event.kept`.
  case keepPicture(KeepRequest)
  /// Put this text on the clipboard (through the terminal); answered with `Event.copied`.
  case copy(String, CopyRequest)
  /// Send `Event.messageExpired(serial)` after this many seconds (a later message's time
  /// replaces it).
  case expireMessage(Int, afterSeconds: Double)
  /// Send `Event.alarm(alarm)` after this many seconds: a count typed before a key lasts that
  /// long after its last digit, a slideshow shows each picture that long.
  case alarm(Alarm, afterSeconds: Double)
  /// Fetch, decode and draw a picture into the view's `PictureCache`; the result comes back
  /// as `Event.pictureLoaded`. Asked for in order: the pictures in view first.
  case loadPicture(PictureKey)
  /// The picture's box left the view and its surroundings: stop working on it.
  case cancelPicture(PictureKey)
  /// The pictures asked for, in view and around it, ranked anew (the view moved): start those
  /// waiting in this order, the ones out of view at a lower priority. Follows the
  /// `loadPicture`s and `cancelPicture`s of the same update.
  case rankPictures(PictureRanking)
  /// The picture, drawn, is no longer wanted (its box left the view and its surroundings, the
  /// boxes changed size, pictures were turned off): what holds it outside the state, such as
  /// a picture the terminal keeps, may go. Asked for again, it is drawn again.
  case dropPicture(PictureKey)
  /// The feed was refreshed: forget the pictures drawn, and fetch those from the web again
  /// rather than from the disk cache (the loads follow as `loadPicture`s).
  case revalidatePictures
  /// Read these pictures' sizes from their headers (the feed gave none), in order: the ones in
  /// view first. The results come back as one `Event.sizesProbed`.
  case probeSizes([SizeRequest])
  /// Clear the terminal of everything it shows and keeps (pictures too), and draw the next
  /// frame whole, its pictures sent again.
  case repaint
  /// Read the whole text of the post kept as `key` (`FeedItem.postKey`), its relative links
  /// taken against `base`; answered with `Event.postRead`.
  case readPost(key: String, base: String?)
  case quit
}
