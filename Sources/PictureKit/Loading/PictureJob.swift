import BrowserCore
import FeedKit
import FeedModel
import Locking

/// One picture the loader works on, from its start to its result: where it is read from, and
/// whether its box scrolled away meanwhile.
///
/// Cancelling reaches each step still to come: the web transfer under way is stopped (libcurl
/// closes its connection, or resets its stream of a shared HTTP/2 one, so the server stops
/// sending), and a picture whose bytes have arrived is not decoded. A step already running (one decode) runs to its end; its result is dropped.
package final class PictureJob: Sendable {
  package let key: PictureKey
  /// Where the picture is read from, resolved when it was asked for; or why it cannot be.
  package let location: Result<PictureLocation, FeedError>
  /// The server of a web picture (`host:port`), whose connections the loader counts.
  package let server: String?

  private struct State {
    var cancelled = false
    var transfer: Task<Void, Never>?
  }

  private let state = Locked(State())

  package init(_ key: PictureKey, source: FeedSource) {
    self.key = key
    do throws(FeedError) {
      let location = try source.pictureLocation(of: key.url)
      self.location = .success(location)
      server = location.server
    } catch {
      location = .failure(error)
      server = nil
    }
  }

  package var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Stops the transfer, if one runs, and every step not yet begun.
  package func cancel() { markCancelled()?.cancel() }

  /// Marks the job cancelled and returns the transfer to stop: the loader marks under its
  /// queue's lock and stops the transfer after, as stopping asks the queue what is wanted.
  func markCancelled() -> Task<Void, Never>? {
    state.withLock { state in
      state.cancelled = true
      return state.transfer
    }
  }

  /// The web address of the picture, when it is one.
  var webURL: String? {
    if case .success(.web(let url)) = location { url } else { nil }
  }

  /// Keeps the task that fetches the picture's bytes, so that a cancel stops it; one that came
  /// first stops it at once.
  package func attach(_ transfer: Task<Void, Never>) {
    let cancelled = state.withLock { state in
      state.transfer = transfer
      return state.cancelled
    }
    if cancelled { transfer.cancel() }
  }
}
