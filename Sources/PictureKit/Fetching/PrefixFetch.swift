import FeedKit
import FeedModel
import Locking
import Transport

/// The first bytes of a web picture: a ranged request (`Range: bytes=0-N`), cut off by Cascade
/// once N bytes are in if the server ignores the range and sends the whole picture, so a size
/// probe never downloads a 5 MB picture to read 30 bytes of header. A longer read continues the
/// bytes already in hand (`Range: bytes=M-N`, `If-Range` the validator they came with).
package enum PrefixFetch {
  /// What one read brought: bytes from `start`, and what the answer said of the whole file.
  package struct Read: Sendable {
    package var bytes: [UInt8]
    /// The offset of `bytes` in the file: 0 when the server sent the file from its start
    /// (it ignored the range, or `If-Range` found the file changed).
    package var start: Int
    /// Whether the file ends with `bytes`: the transfer ended before the bytes asked for, or
    /// `Content-Range` says this is its last byte.
    package var whole: Bool
    /// The file's length, from `Content-Range`, when the server said it.
    package var total: Int?
    /// What identifies this version of the file for `If-Range`: a strong `ETag`, else the
    /// `Last-Modified` date; nil when the server gave neither.
    package var validator: String?
  }

  package static func get(_ url: String, count: Int, options: LoadOptions) async throws(FeedError)
    -> [UInt8]
  {
    try await fetch(url, count: count, options: options).bytes
  }

  /// Bytes `start ..< count` of `url` (or from the start, up to `count`, when the server sends
  /// the whole file), and whether they end the file.
  /// - Parameter validator: sent as `If-Range` with a read from past the start, so a file that
  ///   changed since its first bytes were read comes whole from its start instead.
  /// - Parameter deadline: when the picture's time (`--picture-time`, shared by its probe's
  ///   reads) runs out; nil for `--picture-time` from now.
  package static func fetch(
    _ url: String, from start: Int = 0, count: Int, validator: String? = nil,
    options: LoadOptions, deadline: ContinuousClock.Instant? = nil
  ) async throws(FeedError) -> Read {
    guard let transport = Transport.shared else {
      throw .network(url: url, detail: "libcurl could not start a transfer loop")
    }
    var headers = ["Accept: image/webp, image/png, image/jpeg, image/gif, */*;q=0.5"]
    if start > 0, let validator { headers.append("If-Range: \(validator)") }
    var limits = PageFetch.limits(options)
    // A probe reads `count` bytes and stops (`Collector`), whatever length the server
    // declares: the feed's `--max-bytes` is not its limit. A picture's time is, as its
    // fetch's.
    limits.maxBytes = Int64.max / 2
    let left = PictureFetch.secondsLeft(until: deadline, options: options)
    guard left > 0 else { throw PictureFetch.outOfTime(url, options: options) }
    limits.totalTime = min(limits.totalTime ?? .infinity, left)
    let request = TransferRequest(
      url: url, userAgent: CascadeVersion.userAgent,
      byteRange: Int64(start)...Int64(max(start, count - 1)), headers: headers,
      originHeaders: options.originHeaders(for: url), limits: limits)
    let box = Collector(start: start, count: count)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let consumer = TransferConsumer(
          response: { box.answered($0) },
          chunk: { chunk in
            if box.take(chunk) { box.cancel() }
            return .accepted
          },
          finish: { result in continuation.resume(returning: result) })
        box.setHandle(transport.start(request, consumer: consumer))
      }
    } onCancel: {
      box.cancel()
    }
    switch result {
    case .success: return box.read(ended: true)
    case .failure(.cancelled) where box.isFull: return box.read(ended: false)
    case .failure(let error): throw PictureFetch.failure(error, options: options, maxBytes: count)
    }
  }

  /// `Content-Range: bytes a-b/total`: the first byte's offset and the file's length (nil
  /// when the server wrote `*`).
  static func contentRange(_ value: String?) -> (start: Int, total: Int?)? {
    guard let value, value.lowercased().hasPrefix("bytes ") else { return nil }
    let parts = value.dropFirst(6).split(separator: "/", maxSplits: 1)
    guard parts.count == 2, let dash = parts[0].firstIndex(of: "-"),
      let first = Int(parts[0][..<dash].trimmingWhitespace())
    else { return nil }
    return (first, Int(parts[1].trimmingWhitespace()))
  }

  /// What `If-Range` can send back for `response`: a strong `ETag` (a weak one is refused
  /// there), else `Last-Modified`.
  static func validator(of response: TransferResponse) -> String? {
    if let tag = response.header("ETag"), !tag.hasPrefix("W/"), !tag.isEmpty { return tag }
    return response.header("Last-Modified")
  }

  /// The bytes so far and the transfer's handle, shared between the transport's thread and the
  /// caller.
  private final class Collector: Sendable {
    private struct State {
      /// Where the answer's bytes start, and how many of them make the read complete.
      var start = 0
      var wanted: Int
      var total: Int?
      var validator: String?
      var collected: [UInt8] = []
      var handle: TransferHandle?
      var cancelled = false
    }

    private let asked: (start: Int, count: Int)
    private let state: Locked<State>

    init(start: Int, count: Int) {
      asked = (start, count)
      state = Locked(State(wanted: count))
    }

    var isFull: Bool { state.withLock { $0.collected.count >= $0.wanted } }

    /// Takes in the answer's headers (before any of its body).
    func answered(_ response: TransferResponse) {
      let asked = asked
      state.withLock { state in
        state.validator = PrefixFetch.validator(of: response)
        if response.status == 206,
          let range = PrefixFetch.contentRange(response.header("Content-Range"))
        {
          state.start = range.start
          state.total = range.total
        }
        state.wanted = max(0, asked.count - state.start)
      }
    }

    /// The read; `ended`: the transfer ended of itself (not cut off once full).
    func read(ended: Bool) -> Read {
      state.withLock { state in
        let end = state.start + state.collected.count
        let whole =
          (ended && state.collected.count < state.wanted) || state.total.map { end >= $0 } ?? false
        return Read(
          bytes: state.collected, start: state.start, whole: whole,
          total: whole ? end : state.total, validator: state.validator)
      }
    }

    /// Keeps what fits; whether the read is now complete.
    func take(_ chunk: UnsafeRawBufferPointer) -> Bool {
      state.withLock { state in
        state.collected.append(
          contentsOf: chunk.prefix(max(0, state.wanted - state.collected.count)))
        return state.collected.count >= state.wanted
      }
    }

    func setHandle(_ handle: TransferHandle) {
      let cancelNow = state.withLock { state in
        state.handle = handle
        return state.cancelled
      }
      if cancelNow { handle.cancel() }
    }

    func cancel() {
      let handle = state.withLock { state in
        state.cancelled = true
        return state.handle
      }
      handle?.cancel()
    }
  }
}
