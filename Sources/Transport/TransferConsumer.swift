/// Where a streamed body goes. All three closures run on the transport's one thread, so they
/// must return quickly: a consumer that cannot keep up answers `.pause` and calls
/// `TransferHandle.resume()` when it can take more, rather than blocking every other transfer.
public struct TransferConsumer: Sendable {
  /// What the consumer did with a chunk.
  public enum Disposition: Sendable {
    /// Took all of it.
    case accepted
    /// Took none of it: libcurl keeps the chunk and offers it again after `resume()`.
    case pause
  }

  let response: @Sendable (TransferResponse) -> Void
  let chunk: @Sendable (UnsafeRawBufferPointer) -> Disposition
  let finish: @Sendable (Result<TransferResponse, TransferError>) -> Void
  let refused: @Sendable (TransferResponse) -> Void

  /// - Parameters:
  ///   - response: once, when the final (2xx) answer's headers are in, before any chunk.
  ///   - chunk: decoded body bytes, valid only during the call: copy what you keep.
  ///   - finish: exactly once, last; nothing is called after it.
  ///   - refused: the final answer's headers when it was not 2xx (`TransferError.httpStatus`),
  ///     just before `finish`: what a `304 Not Modified` says of the page kept, when a `429`
  ///     or `503` may be asked again (`Retry-After`).
  public init(
    response: @escaping @Sendable (TransferResponse) -> Void = { _ in },
    chunk: @escaping @Sendable (UnsafeRawBufferPointer) -> Disposition,
    finish: @escaping @Sendable (Result<TransferResponse, TransferError>) -> Void,
    refused: @escaping @Sendable (TransferResponse) -> Void = { _ in }
  ) {
    self.response = response
    self.chunk = chunk
    self.finish = finish
    self.refused = refused
  }
}
