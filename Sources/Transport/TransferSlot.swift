import Locking

/// Where the handle of a transfer is kept for whoever may cancel it, when the cancel can come
/// before the handle exists: a task cancelled while the transfer starts, a reader closed at once.
///
/// `attach` after `cancel` cancels the transfer there and then, so no order of the two leaves a
/// transfer running that was meant to stop.
public final class TransferSlot: Sendable {
  private struct State {
    var handle: TransferHandle?
    var cancelled = false
  }

  private let state = Locked(State())

  public init() {}

  /// Keeps `handle`; cancels it at once if `cancel()` came first.
  public func attach(_ handle: TransferHandle) {
    let cancelled = state.withLock { state in
      state.handle = handle
      return state.cancelled
    }
    if cancelled { handle.cancel() }
  }

  /// Cancels the transfer, now or as soon as it is attached.
  public func cancel() {
    let handle = state.withLock { state in
      state.cancelled = true
      return state.handle
    }
    handle?.cancel()
  }

  /// The transfer, once attached: to pause or resume it.
  public var handle: TransferHandle? { state.withLock { $0.handle } }
}
