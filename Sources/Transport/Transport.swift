/// HTTP(S) GETs over libcurl's multi interface: any number of transfers at once on one thread,
/// each with hard limits on bytes, time and redirects, cancellable one by one, with bodies that
/// stream to their consumer under back-pressure.
///
/// Why not URLSession: on Linux it queues every received chunk for its delegate with no
/// back-pressure, and cancelling a transfer waits on libcurl's receive loop, so neither a byte
/// cap nor a timeout could stop a hostile server in time.
///
/// `shared` serves the whole program; a test makes its own to count its handles and thread.
public final class Transport: Sendable {
  /// The process's transport, started on first use and never stopped.
  public static let shared: Transport? = Transport()

  let loop: TransferLoop

  /// Starts the loop's thread; nil when libcurl cannot make a multi handle or the thread
  /// cannot start.
  public init?() {
    guard let loop = TransferLoop() else { return nil }
    self.loop = loop
  }

  deinit { loop.send(.stop) }

  /// Starts a GET whose body streams to `consumer`; see `TransferConsumer` for what runs where.
  ///
  /// - Complexity: O(1) here; the transfer runs on the loop's thread.
  @discardableResult
  public func start(_ request: TransferRequest, consumer: TransferConsumer) -> TransferHandle {
    let id = loop.newID()
    loop.send(.start(id, request, consumer))
    return TransferHandle(id: id, loop: loop)
  }

  /// Ends every transfer (as cancelled) and the loop's thread; later `start`s finish at once as
  /// cancelled. Returns without waiting for the thread.
  public func shutdown() { loop.send(.stop) }

  /// Easy handles alive: transfers started and not yet finished.
  package var liveHandleCount: Int { loop.liveHandleCount }
  /// The kernel thread id of the loop's thread (0 until it has started).
  package var loopThreadID: Int { loop.loopThreadID }
  /// Whether the loop's thread has run to its end after `shutdown()`.
  package var hasStopped: Bool { loop.hasFinished }
}
