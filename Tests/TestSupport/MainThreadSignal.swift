#if canImport(Glibc)
  import Glibc
#endif

/// A signal sent to the main thread of another process, as a crash's goes to the thread that
/// crashed, rather than to the process, which the kernel hands to any thread of it.
///
/// Why: sent with `kill(2)` to a browser built with the thread sanitizer, SIGSYS landed on a
/// thread starting or ending, of which the sanitizer keeps no state, and its runtime failed its
/// own check ("tsan_interceptors_posix.cpp:2184"): the browser died of SIGSEGV instead. Glibc's
/// `tgkill` is declared only for `_GNU_SOURCE`, which Swift's Glibc module leaves out, so it is
/// looked up by name.
package enum MainThreadSignal {
  /// Sends `signal` to the main thread of process `pid` (whose thread id is the process's);
  /// false when it could not be sent.
  @discardableResult
  package static func send(_ signal: Int32, to pid: pid_t) -> Bool {
    typealias ThreadKill = @convention(c) (pid_t, pid_t, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tgkill") else {
      return false
    }
    return unsafeBitCast(symbol, to: ThreadKill.self)(pid, pid, signal) == 0
  }
}
