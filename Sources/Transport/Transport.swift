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
  /// The process's transport, started on first use and never stopped: feeds, pictures and
  /// the probes of their sizes together ask one server for no more than
  /// `transfersPerServer` transfers at once.
  public static let shared: Transport? = Transport(perServer: transfersPerServer)

  /// Transfers at once to one server over HTTP/1 (one connection each), as browsers keep to.
  public static let transfersPerServer = 6

  let loop: TransferLoop

  /// Starts the loop's thread; nil when libcurl cannot make a multi handle or the thread
  /// cannot start.
  /// - Parameter perServer: transfers at once to one server (scheme, host and port), the
  ///   others waiting their turn, their clocks not yet running; no limit once the server
  ///   answered over HTTP/2 or later, nor for nil.
  public init?(perServer: Int? = nil) {
    guard let loop = TransferLoop(perServer: perServer) else { return nil }
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
