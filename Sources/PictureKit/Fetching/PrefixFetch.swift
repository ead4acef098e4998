import FeedKit
import FeedModel
import Foundation
import Transport

/// The first bytes of a web picture: a ranged request (`Range: bytes=0-N`), cut off by Cascade
/// once N bytes are in if the server ignores the range and sends the whole picture, so a size
/// probe never downloads a 5 MB picture to read 30 bytes of header.
package enum PrefixFetch {
  package static func get(_ url: String, count: Int, options: LoadOptions) async throws(FeedError)
    -> [UInt8]
  {
    try await fetch(url, count: count, options: options).bytes
  }

  /// The first `count` bytes of `url`, and whether they are the whole file: the transfer
  /// ended with fewer (a small picture's whole body, ranged or not).
  package static func fetch(_ url: String, count: Int, options: LoadOptions) async throws(FeedError)
    -> (bytes: [UInt8], whole: Bool)
  {
    guard let transport = Transport.shared else {
      throw .network(url: url, detail: "libcurl could not start a transfer loop")
    }
    let request = TransferRequest(
      url: url, userAgent: CascadeVersion.userAgent, byteRange: 0...Int64(count - 1),
      headers: ["Accept: image/webp, image/png, image/jpeg, image/gif, */*;q=0.5"],
      originHeaders: options.originHeaders(for: url), limits: PageFetch.limits(options))
    let box = Collector(wanted: count)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let consumer = TransferConsumer(
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
    case .success:
      let bytes = box.bytes
      return (bytes, bytes.count < count)
    case .failure(.cancelled) where box.isFull: return (box.bytes, false)
    case .failure(let error): throw PageFetch.feedError(error, options: options)
    }
  }

  /// The bytes so far and the transfer's handle, shared between the transport's thread and the
  /// caller.
  private final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private let wanted: Int
    private var collected: [UInt8] = []
    private var handle: TransferHandle?
    private var cancelled = false

    package init(wanted: Int) { self.wanted = wanted }

    package var bytes: [UInt8] { lock.withLock { collected } }
    package var isFull: Bool { lock.withLock { collected.count >= wanted } }

    /// Keeps what fits; whether the prefix is now complete.
    package func take(_ chunk: UnsafeRawBufferPointer) -> Bool {
      lock.withLock {
        collected.append(contentsOf: chunk.prefix(wanted - collected.count))
        return collected.count >= wanted
      }
    }

    package func setHandle(_ handle: TransferHandle) {
      let cancelNow = lock.withLock {
        self.handle = handle
        return cancelled
      }
      if cancelNow { handle.cancel() }
    }

    package func cancel() {
      let handle = lock.withLock {
        cancelled = true
        return self.handle
      }
      handle?.cancel()
    }
  }
}
