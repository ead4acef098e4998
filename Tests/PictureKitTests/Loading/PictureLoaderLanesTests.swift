import Dispatch
import Glibc
import Locking
import TestSupport
import Testing

@testable import PictureKit

/// The loader's network work runs beside its decodes, not behind them: a transfer's end frees
/// its connection for the next picture while every decode thread is busy.
@Suite struct PictureLoaderLanesTests {
  /// More CPU-bound decodes than the machine has cores, in view and around it, each busy until
  /// a task of the network's priority has run: the task runs while they all still spin.
  /// Sharing their threads, it began only once one ended (in a trace, 20–30 ms a round of six
  /// pictures on two cores), or when Dispatch added a thread, 15 s in here: the decodes give
  /// up after 5 s, a thread's start a thousand times over on a busy machine.
  @Test func networkWorkDoesNotWaitBehindDecodes() async {
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let decodes = 2 * max(Int(cores), 1) + 2
    let ran = Locked(false)
    let waitedOut = Locked(0)
    let group = DispatchGroup()
    let deadline = DispatchTime.now() + .milliseconds(Int(TimeBounds.scaled(5) * 1000))
    for index in 0..<decodes {
      group.enter()
      PictureLoader.decoding(ahead: index % 2 == 1).async {
        defer { group.leave() }
        while !ran.withLock({ $0 }) {
          if DispatchTime.now() > deadline {
            waitedOut.withLock { $0 += 1 }
            return
          }
        }
      }
    }
    await Task.detached(priority: PictureLoader.network) { ran.withLock { $0 = true } }.value
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    #expect(waitedOut.withLock { $0 } == 0, "the network's task waited for the decodes to end")
  }
}
