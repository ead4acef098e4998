import FeedKit
import FeedModel
import Locking

/// The feed's first load, begun before the browser takes the terminal and finished while it
/// runs: a large page is shown from its first decoded items while the rest are decoded.
///
/// Why: the command must learn whether the feed can be read at all before it touches the
/// terminal (a feed that cannot be loaded is an error on an untouched terminal), but a million
/// items take seconds to decode, and the reader needs only a screen of them to start. So the
/// command waits for `opening()` — the first batch of items, or the whole result — and hands the
/// load to `BrowserApp`, which takes the rest as events.
///
/// A class shared by the loading task and the browser's thread; a mutex keeps the pieces in
/// order whether they arrive before or after the browser listens.
public final class OpeningLoad: Sendable {
  /// What the load has produced: items of page 1 while it is decoded, then its end.
  public enum Piece: Sendable {
    case items([FeedItem])
    /// The load's own update (the items after those given, or all of them) and the feed's
    /// title as it left it.
    case end(FeedUpdate, title: String?)

    /// The piece as the update the browser applies: items as a `.partial` update.
    public var update: FeedUpdate {
      switch self {
      case .items(let items): .partial(items)
      case .end(let update, _): update
      }
    }

    /// The feed's title, once the load has ended.
    public var title: String? {
      if case .end(_, let title) = self { return title }
      return nil
    }
  }

  private struct Inbox {
    var pieces: [Piece] = []
    var listener: (@Sendable (Piece) -> Void)?
    var waiter: CheckedContinuation<Piece, Never>?

    /// The first piece waiting, with every batch of items right behind it merged in: the first
    /// screen shows as many items as are decoded.
    mutating func takeFirst() -> Piece? {
      guard case .items(var merged)? = pieces.first else {
        return pieces.isEmpty ? nil : pieces.removeFirst()
      }
      var taken = 1
      while taken < pieces.count, case .items(let more) = pieces[taken] {
        merged += more
        taken += 1
      }
      pieces.removeFirst(taken)
      return .items(merged)
    }
  }

  private let inbox = Locked(Inbox())

  private init() {}

  /// Starts the first load of `feed`; items are handed out as they are decoded when `streams`.
  public static func begin(_ feed: any FeedPaging, streams: Bool = true) -> OpeningLoad {
    let load = OpeningLoad()
    Task {
      var partial: (@Sendable ([FeedItem]) -> Void)?
      if streams { partial = { items in load.receive(.items(items)) } }
      let update = await feed.refresh(partial: partial)
      load.receive(.end(update, title: await feed.title))
    }
    return load
  }

  /// Waits for the first piece and takes it: the first items of a page being decoded (all
  /// those decoded by then), or the end of the load. Called once.
  public func opening() async -> Piece {
    await withCheckedContinuation { continuation in
      let ready = inbox.withLock { inbox -> Piece? in
        if let piece = inbox.takeFirst() { return piece }
        inbox.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Sends the pieces after the one `opening()` took to `listener`, in order, on whichever
  /// thread produced them; the ones already waiting go at once, on this thread.
  public func listen(_ listener: @escaping @Sendable (Piece) -> Void) {
    inbox.withLock { inbox in
      for piece in inbox.pieces { listener(piece) }
      inbox.pieces = []
      inbox.listener = listener
    }
  }

  private func receive(_ piece: Piece) {
    let waiter = inbox.withLock { inbox -> CheckedContinuation<Piece, Never>? in
      if let listener = inbox.listener {
        listener(piece)
        return nil
      }
      if let waiter = inbox.waiter {
        inbox.waiter = nil
        return waiter
      }
      inbox.pieces.append(piece)
      return nil
    }
    waiter?.resume(returning: piece)
  }
}
