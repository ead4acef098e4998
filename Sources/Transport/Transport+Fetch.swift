/// A whole body and the answer it came with.
public struct FetchedBody: Sendable {
  public var response: TransferResponse
  public var bytes: [UInt8]
}

extension Transport {
  /// Fetches a small body whole, in memory; for big ones stream with `start(_:consumer:)`.
  /// Cancelling the calling task cancels the transfer.
  /// - Parameters:
  ///   - response: told the final answer's headers, before the body (for its length).
  ///   - progress: told the bytes of the body received so far, after each chunk (on the
  ///     transport's thread: it must return quickly).
  public func fetch(
    _ request: TransferRequest,
    response: @escaping @Sendable (TransferResponse) -> Void = { _ in },
    progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) async throws(TransferError) -> FetchedBody {
    let buffer = BodyBuffer()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let handle = start(
          request,
          consumer: TransferConsumer(
            response: response,
            chunk: { chunk in
              progress(buffer.append(chunk))
              return .accepted
            },
            finish: { result in
              continuation.resume(
                returning: result.map { FetchedBody(response: $0, bytes: buffer.take()) })
            }))
        buffer.attach(handle)
      }
    } onCancel: {
      buffer.cancel()
    }
    return try result.get()
  }
}

/// The bytes of one `fetch`, and the handle that a task cancellation cancels, which may come
/// before the handle exists.
private final class BodyBuffer: Sendable {
  private struct State {
    var bytes: [UInt8] = []
    var handle: TransferHandle?
    var cancelled = false
  }

  private let state = Locked(State())

  /// Keeps `chunk`; returns the bytes kept so far.
  func append(_ chunk: UnsafeRawBufferPointer) -> Int {
    state.withLock {
      $0.bytes.append(contentsOf: chunk)
      return $0.bytes.count
    }
  }

  func take() -> [UInt8] {
    state.withLock { state in
      defer { state.bytes = [] }
      return state.bytes
    }
  }

  func attach(_ handle: TransferHandle) {
    let cancelled = state.withLock { state in
      state.handle = handle
      return state.cancelled
    }
    if cancelled { handle.cancel() }
  }

  func cancel() {
    let handle = state.withLock { state in
      state.cancelled = true
      return state.handle
    }
    handle?.cancel()
  }
}
