import FeedKit
import FeedModel
import Locking

/// Web fetches under way by URL, shared by the loader's jobs that want one picture at more
/// than one size: a box that moves between columns of 23 and 24 cells while sizes arrive
/// above it asks for its picture at a new size and lets go of the old one, and the old
/// request's transfer, cancelled, was started again from the beginning for the new one (five
/// times for one picture after a `G`). A job that joins waits for the transfer under way; a
/// transfer is cancelled only when every job waiting for it is.
final class SharedFetches: Sendable {
  typealias Outcome = Result<PictureFetch.Fetched, FeedError>

  private struct Fetch {
    let id: UInt64
    let task: Task<Outcome, Never>
    /// The jobs waiting for it and not cancelled.
    var waiting = 1
  }

  private struct State {
    var fetches: [String: Fetch] = [:]
    var nextID: UInt64 = 0
  }

  private let state = Locked(State())

  /// `url`'s bytes: from the fetch under way for it, else from `start`, run now and shared
  /// with the jobs that ask for `url` until it ends. Cancelling the calling task lets go of
  /// the fetch, which stops once no one waits for it, unless `stillWanted(url)` says a job
  /// that has not joined yet will; the caller still waits for its end.
  func bytes(
    of url: String, stillWanted: @escaping @Sendable (String) -> Bool,
    start: @escaping @Sendable () async -> Outcome
  ) async -> Outcome {
    let (id, task) = state.withLock { state in
      if var running = state.fetches[url] {
        running.waiting += 1
        state.fetches[url] = running
        return (running.id, running.task)
      }
      state.nextID += 1
      let id = state.nextID
      let task = Task {
        let outcome = await start()
        self.forget(url, id: id)
        return outcome
      }
      state.fetches[url] = Fetch(id: id, task: task)
      return (id, task)
    }
    return await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      let nobody = state.withLock { state in
        guard var fetch = state.fetches[url], fetch.id == id else { return false }
        fetch.waiting -= 1
        state.fetches[url] = fetch
        return fetch.waiting == 0
      }
      guard nobody, !stillWanted(url) else { return }
      forget(url, id: id)
      task.cancel()
    }
  }

  /// The fetch `id` for `url` ended (or was let go): a later job starts its own.
  private func forget(_ url: String, id: UInt64) {
    state.withLock { state in
      if state.fetches[url]?.id == id { state.fetches[url] = nil }
    }
  }

  /// Fetches under way: for tests.
  var count: Int { state.withLock { $0.fetches.count } }

  /// How many wait for the fetch of `url` under way, the one that started it too (0: none
  /// runs): for tests.
  func waiting(for url: String) -> Int { state.withLock { $0.fetches[url]?.waiting ?? 0 } }
}
