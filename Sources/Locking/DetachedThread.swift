import Glibc

/// A thread of its own for work that blocks (a read from a pipe or a slow disk, waiting for a
/// child process), started and left to end by itself.
///
/// Not Foundation's `Thread`, so that the modules that start one need nothing of Foundation
/// beyond FoundationEssentials; not Dispatch's global queues or Swift's cooperative pool, which
/// are only as wide as the machine has cores, so that blocking work there starves the rest.
public enum DetachedThread {
  /// Runs `body` on a new detached thread; false when the system would not start one (then
  /// `body` is not run).
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Work(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { pointer in
        guard let pointer else { return nil }
        Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Work>.fromOpaque(box).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
