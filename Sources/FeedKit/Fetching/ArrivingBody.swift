import FeedModel
import Locking
import Transport

/// A feed page's body as it arrives over the network, read by the decoder while it comes: a
/// large page is decoded (and shown) as it streams, not once it is whole, and no more than a
/// few MiB of it wait in memory.
///
/// The transport's thread hands chunks in (`TransferConsumer`); the decoding thread reads them
/// out (`ByteInput`), waiting when none are there. When the decoder falls behind by
/// `highWater` bytes the transfer is paused (libcurl keeps the chunk) and resumed once half of
/// that is read. A transfer's failure is the reader's error once the bytes before it are read.
///
/// A class shared by two threads; a condition variable guards its state.
final class ArrivingBody: ByteInput, @unchecked Sendable {
  /// Bytes waiting to be read before the transfer pauses.
  static let highWater = 8 << 20

  let url: String
  private let options: LoadOptions
  private let condition = Condition()
  /// Bytes arrived; those before `readOffset` were read.
  private var pending: [UInt8] = []
  private var readOffset = 0
  private var answer: TransferResponse?
  private var outcome: Result<TransferResponse, TransferError>?
  /// The final answer's headers when it was not 2xx (a `304`, a `429`).
  private var refusal: TransferResponse?
  /// The transfer, which a cancel may come before.
  private let transfer = TransferSlot()
  private var paused = false
  private var cancelled = false

  private init(url: String, options: LoadOptions) {
    self.url = url
    self.options = options
  }

  /// Starts the GET of `url`, with `headers` besides those every page's request carries (the
  /// validators of the page kept); the body is then read with `read(into:count:)`.
  static func open(
    _ url: String, options: LoadOptions, headers: [String] = []
  ) throws(FeedError) -> ArrivingBody {
    guard let transport = Transport.shared else {
      throw .network(url: url, detail: "libcurl could not start a transfer loop")
    }
    let body = ArrivingBody(url: url, options: options)
    var request = PageFetch.request(url, options: options)
    request.headers += headers
    let handle = transport.start(
      request,
      consumer: TransferConsumer(
        response: { body.answered($0) }, chunk: { body.arrived($0) },
        finish: { body.finished($0) }, refused: { body.refused($0) }))
    body.transfer.attach(handle)
    return body
  }

  /// Waits for the final answer's headers (after redirects); throws the transfer's failure
  /// when it failed before them (a refused connection, a 404).
  func response() throws(FeedError) -> TransferResponse {
    condition.lock()
    defer { condition.unlock() }
    while answer == nil, outcome == nil, !cancelled { condition.wait() }
    if let answer { return answer }
    throw failure()
  }

  /// The headers, once the body has been read to its end.
  var finalResponse: TransferResponse? { condition.withLock { answer } }

  /// The final answer's headers when it was not 2xx, once `response()` threw for it.
  var refusedResponse: TransferResponse? { condition.withLock { refusal } }

  func hasWaitingBytes(within seconds: Double) -> Bool {
    let deadline = Condition.Deadline(secondsFromNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while pending.count == readOffset, outcome == nil, !cancelled {
      guard condition.wait(until: deadline) else { break }
    }
    return pending.count > readOffset || outcome != nil || cancelled
  }

  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedError) -> Int {
    condition.lock()
    while pending.count == readOffset, outcome == nil, !cancelled { condition.wait() }
    let available = pending.count - readOffset
    guard available > 0, !cancelled else {
      defer { condition.unlock() }
      if case .success = outcome, !cancelled { return 0 }
      throw failure()
    }
    let taken = min(available, count)
    pending.withUnsafeBytes { bytes in
      buffer.copyMemory(from: bytes.baseAddress.unsafelyUnwrapped + readOffset, byteCount: taken)
    }
    readOffset += taken
    let resume = paused && pending.count - readOffset <= Self.highWater / 2
    if resume { paused = false }
    condition.unlock()
    if resume { transfer.handle?.resume() }
    return taken
  }

  /// Stops the transfer; a read waiting or to come says the load was cancelled.
  func cancel() {
    condition.withLock {
      cancelled = true
      condition.broadcast()
    }
    transfer.cancel()
  }

  /// The error for a failed, or cancelled, transfer. Called with the lock held.
  private func failure() -> FeedError {
    if cancelled { return .cancelled(source: url) }
    if case .failure(let error) = outcome { return PageFetch.feedError(error, options: options) }
    return .network(url: url, detail: "the transfer ended without an answer")
  }

  private func answered(_ response: TransferResponse) {
    options.progress?.expect(total: response.header("Content-Length").flatMap { Int($0) })
    condition.withLock {
      answer = response
      condition.broadcast()
    }
  }

  private func arrived(_ chunk: UnsafeRawBufferPointer) -> TransferConsumer.Disposition {
    condition.withLock {
      guard pending.count - readOffset < Self.highWater else {
        paused = true
        return .pause
      }
      // What was read is dropped once it is half the buffer, so the buffer stays small.
      if readOffset > 0, readOffset >= pending.count / 2 {
        pending.removeFirst(readOffset)
        readOffset = 0
      }
      pending.append(contentsOf: chunk)
      condition.broadcast()
      return .accepted
    }
  }

  private func refused(_ response: TransferResponse) {
    condition.withLock { refusal = response }
  }

  private func finished(_ result: Result<TransferResponse, TransferError>) {
    condition.withLock {
      outcome = result
      if case .success(let response) = result { answer = response }
      condition.broadcast()
    }
  }
}
