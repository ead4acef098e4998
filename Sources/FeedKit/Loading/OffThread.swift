import FeedModel
import Foundation

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
    Thread {
      continuation.resume(returning: Result { () throws(FeedError) in try work() })
    }.start()
  }
  return try result.get()
}
