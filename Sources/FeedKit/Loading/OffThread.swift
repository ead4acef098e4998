import FeedModel
import Locking

/// Runs blocking work (reads, and the decoding that waits on them) on a thread of its own and
/// waits for its result.
///
/// Why not Dispatch or a task: Dispatch's global queues and Swift's cooperative pool are only
/// as wide as the machine has cores, and a read that blocks (a pipe, a slow disk, a slow
/// server) would starve the transport's callbacks and every task with them.
func runOffThread<T: Sendable>(
  _ work: @escaping @Sendable () throws(FeedError) -> T
) async throws(FeedError) -> T {
  let result = await withCheckedContinuation { continuation in
    let run: @Sendable () -> Void = {
      continuation.resume(returning: Result { () throws(FeedError) in try work() })
    }
    // Where the system will not start another thread, the work blocks this one instead.
    if !DetachedThread.start(run) { run() }
  }
  return try result.get()
}
