import CCurl
import Glibc
import Locking
import Synchronization

/// libcurl's multi interface on one thread of its own: every transfer of a `Transport` shares
/// its connections (kept alive, HTTP/2 multiplexed where offered) and its one `poll`.
///
/// Other threads only post `Command`s and wake the poll with `curl_multi_wakeup`; the easy
/// handles, the callbacks and the consumers' closures all run here. Each turn the loop runs
/// libcurl, collects finished transfers, follows redirects, and checks every transfer's clocks:
/// the poll waits at most 100 ms while any transfer runs, so a limit fires within that of its
/// time however fast or slow the bytes arrive.
final class TransferLoop: Sendable {
  enum Command: Sendable {
    case start(UInt64, TransferRequest, TransferConsumer)
    case cancel(UInt64)
    case pause(UInt64)
    case resume(UInt64)
    case stop
  }

  /// The longest the loop sleeps while a transfer runs: the precision of every time limit.
  static let tick: Int32 = 100

  private struct Shared {
    var commands: [Command] = []
    var nextID: UInt64 = 1
    var stopped = false
  }

  private let shared = Locked(Shared())
  private let counters = LoopCounters()
  // Created before the thread starts and cleaned up after it ends; only the loop's thread uses
  // it.
  nonisolated(unsafe) private let multi: UnsafeMutableRawPointer
  /// An eventfd that wakes the loop's poll when a command is queued. `curl_multi_wakeup` is not
  /// used: with libcurl 7.88 a wakeup sent while the loop was between two polls was sometimes
  /// lost, and the loop then slept its whole idle wait (10 s).
  private let doorbell: Int32

  /// - Parameter perServer: transfers at once to one server, the others waiting their turn
  ///   (`ServerQueue`); nil for no limit.
  init?(perServer: Int? = nil) {
    _ = Self.globalInit
    let doorbell = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
    guard doorbell >= 0 else { return nil }
    guard let multi = curl_multi_init() else {
      close(doorbell)
      return nil
    }
    self.multi = multi
    self.doorbell = doorbell
    _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    let state = LoopState(multi: multi, counters: counters, perServer: perServer)
    // `Thread` is not used so the loop owns nothing from Foundation.
    let context = Unmanaged.passRetained(LoopStart(loop: self, state: state)).toOpaque()
    var thread = pthread_t()
    guard pthread_create(&thread, nil, runLoop, context) == 0 else {
      Unmanaged<LoopStart>.fromOpaque(context).release()
      curl_multi_cleanup(multi)
      close(doorbell)
      return nil
    }
    pthread_detach(thread)
  }

  /// `curl_global_init` once per process, before any handle exists.
  private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_ALL)) }()

  var liveHandleCount: Int { counters.liveHandles.load(ordering: .acquiring) }
  var loopThreadID: Int { counters.threadID.load(ordering: .acquiring) }
  var hasFinished: Bool { counters.finished.load(ordering: .acquiring) }

  func newID() -> UInt64 {
    shared.withLock { shared in
      defer { shared.nextID += 1 }
      return shared.nextID
    }
  }

  /// Queues `command` and wakes the loop. After `.stop`, a `.start` finishes at once as
  /// cancelled; other commands are dropped.
  func send(_ command: Command) {
    let accepted = shared.withLock { shared in
      guard !shared.stopped else { return false }
      if case .stop = command { shared.stopped = true }
      shared.commands.append(command)
      // Under the lock: once `.stop` is queued no one rings a doorbell being closed.
      var one: UInt64 = 1
      _ = write(doorbell, &one, MemoryLayout<UInt64>.size)
      return true
    }
    if !accepted, case .start(_, let request, let consumer) = command {
      consumer.finish(.failure(.cancelled(url: request.url)))
    }
  }

  fileprivate func run(_ state: LoopState) {
    counters.threadID.store(ccurl_thread_id(), ordering: .releasing)
    var stopping = false
    while !stopping {
      let commands = shared.withLock { shared in
        defer { shared.commands.removeAll(keepingCapacity: true) }
        return shared.commands
      }
      for command in commands {
        if case .stop = command { stopping = true } else { state.handle(command) }
      }
      if stopping { break }
      state.turn()
      let wait = state.isIdle ? 10_000 : min(Self.tick, state.curlTimeout())
      var bell = curl_waitfd(fd: doorbell, events: Int16(CURL_WAIT_POLLIN), revents: 0)
      _ = curl_multi_poll(multi, &bell, 1, max(wait, 0), nil)
      // Reset before the commands are taken: a command sent after this rings again.
      var count: UInt64 = 0
      _ = read(doorbell, &count, MemoryLayout<UInt64>.size)
    }
    state.cancelAll()
    curl_multi_cleanup(multi)
    close(doorbell)
    counters.finished.store(true, ordering: .releasing)
  }
}

/// What the loop's thread writes and any thread may read (tests count handles and threads).
final class LoopCounters: Sendable {
  let liveHandles = Atomic<Int>(0)
  let threadID = Atomic<Int>(0)
  let finished = Atomic<Bool>(false)
}

/// What the new thread is handed.
private final class LoopStart {
  let loop: TransferLoop
  let state: LoopState
  init(loop: TransferLoop, state: LoopState) {
    self.loop = loop
    self.state = state
  }
}

private func runLoop(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  let start = Unmanaged<LoopStart>.fromOpaque(context).takeRetainedValue()
  start.loop.run(start.state)
  return nil
}
