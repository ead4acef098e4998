import Locking

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

/// The bytes of one `fetch`, and the transfer that a task cancellation cancels, which may come
/// before the transfer has started.
private final class BodyBuffer: Sendable {
  private let bytes = Locked<[UInt8]>([])
  private let transfer = TransferSlot()

  /// Keeps `chunk`; returns the bytes kept so far.
  func append(_ chunk: UnsafeRawBufferPointer) -> Int {
    bytes.withLock {
      $0.append(contentsOf: chunk)
      return $0.count
    }
  }

  func take() -> [UInt8] {
    bytes.withLock { bytes in
      defer { bytes = [] }
      return bytes
    }
  }

  func attach(_ handle: TransferHandle) { transfer.attach(handle) }

  func cancel() { transfer.cancel() }
}
