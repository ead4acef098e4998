/// A running transfer, to cancel, pause or resume from any thread. Each call is a message to the
/// transport's loop; none touches another transfer, and any of them after the end does nothing.
public struct TransferHandle: Sendable, Hashable {
  let id: UInt64
  let loop: TransferLoop

  /// Ends the transfer; its consumer's `finish` gets `.cancelled` unless it had already ended.
  public func cancel() { loop.send(.cancel(id)) }

  /// Stops reading from the server (TCP flow control pushes back) until `resume()`.
  public func pause() { loop.send(.pause(id)) }

  /// Reads again after `pause()` or a chunk answered with `.pause`.
  public func resume() { loop.send(.resume(id)) }

  public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.loop === b.loop }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
