import CCurl
import Synchronization

/// The transfers in flight, owned by the loop's thread: adding, finishing, redirecting and
/// timing them.
final class LoopState {
  private let multi: UnsafeMutableRawPointer
  private let counters: LoopCounters
  private var transfers: [UInt64: Transfer] = [:]
  private var byHandle: [UnsafeMutableRawPointer: Transfer] = [:]
  /// Which transfers run to each server, and those waiting for their turn (`ServerQueue`).
  private var queue: ServerQueue
  private var parked: [UInt64: (request: TransferRequest, consumer: TransferConsumer)] = [:]

  // Handed to the loop's thread once and used only there.
  init(multi: UnsafeMutableRawPointer, counters: LoopCounters, perServer: Int?) {
    self.multi = multi
    self.counters = counters
    queue = ServerQueue(limit: perServer)
  }

  var isIdle: Bool { transfers.isEmpty }

  /// libcurl's own next deadline in milliseconds (a connect timeout, a retry), or the tick.
  func curlTimeout() -> Int32 {
    var milliseconds = -1
    _ = curl_multi_timeout(multi, &milliseconds)
    return milliseconds < 0 ? TransferLoop.tick : Int32(min(milliseconds, Int(TransferLoop.tick)))
  }

  func handle(_ command: TransferLoop.Command) {
    switch command {
    case .start(let id, let request, let consumer):
      if queue.admit(id, to: ServerQueue.server(of: request.url)) {
        start(id, request, consumer)
      } else {
        parked[id] = (request, consumer)
      }
    case .cancel(let id):
      if let transfer = transfers[id] { end(transfer, .failure(.cancelled(url: transfer.url))) }
      if let waiting = parked[id],
        queue.cancel(id, at: ServerQueue.server(of: waiting.request.url))
      {
        parked[id] = nil
        waiting.consumer.finish(.failure(.cancelled(url: waiting.request.url)))
      }
    case .pause(let id):
      guard let transfer = transfers[id], !transfer.isPaused else { return }
      transfer.isPaused = true
      _ = curl_easy_pause(transfer.handle, CURLPAUSE_RECV)
    case .resume(let id):
      guard let transfer = transfers[id], transfer.isPaused else { return }
      transfer.isPaused = false
      transfer.lastActivity = TransferClock.now()
      // May deliver the chunk kept since the pause right here, and pause again.
      _ = curl_easy_pause(transfer.handle, CURLPAUSE_CONT)
    case .stop:
      break
    }
  }

  /// One turn: lets libcurl move every transfer, then settles those that ended and those whose
  /// time is up.
  func turn() {
    var running: Int32 = 0
    _ = curl_multi_perform(multi, &running)
    var queued: Int32 = 0
    while let message = curl_multi_info_read(multi, &queued) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
        let transfer = byHandle[handle]
      else { continue }
      completed(transfer, code: message.pointee.data.result)
    }
    checkClocks()
  }

  /// Ends every transfer as cancelled: the transport is stopping.
  func cancelAll() {
    for id in queue.allWaiting {
      guard let waiting = parked.removeValue(forKey: id) else { continue }
      waiting.consumer.finish(.failure(.cancelled(url: waiting.request.url)))
    }
    for transfer in Array(transfers.values) {
      end(transfer, .failure(.cancelled(url: transfer.url)))
    }
  }

  private func start(_ id: UInt64, _ request: TransferRequest, _ consumer: TransferConsumer) {
    guard
      let transfer = Transfer(
        id: id, request: request, consumer: consumer, now: TransferClock.now())
    else {
      consumer.finish(
        .failure(.connection(url: request.url, failure: .other, detail: "libcurl is out of memory"))
      )
      startWaiting(after: request.url, multiplexed: false)
      return
    }
    counters.liveHandles.add(1, ordering: .releasing)
    transfers[id] = transfer
    byHandle[transfer.handle] = transfer
    _ = curl_multi_add_handle(multi, transfer.handle)
  }

  private func end(_ transfer: Transfer, _ result: Result<TransferResponse, TransferError>) {
    _ = curl_multi_remove_handle(multi, transfer.handle)
    transfers[transfer.id] = nil
    byHandle[transfer.handle] = nil
    if case .failure(.httpStatus(_, let status)) = result, status == transfer.status {
      transfer.consumer.refused(transfer.response)
    }
    transfer.consumer.finish(result)
    counters.liveHandles.subtract(1, ordering: .releasing)
    startWaiting(after: transfer.request.url, multiplexed: transfer.multiplexed)
  }

  /// A transfer to `url`'s server ended: those waiting for its place start.
  private func startWaiting(after url: String, multiplexed: Bool) {
    for id in queue.ended(at: ServerQueue.server(of: url), multiplexed: multiplexed) {
      guard let waiting = parked.removeValue(forKey: id) else { continue }
      start(id, waiting.request, waiting.consumer)
    }
  }

  private func checkClocks() {
    let now = TransferClock.now()
    for transfer in Array(transfers.values) {
      let limits = transfer.request.limits
      if let total = limits.totalTime, now > transfer.started + TransferLimits.nanoseconds(total) {
        end(
          transfer, .failure(.timedOut(url: transfer.url, clock: .total, seconds: total)))
      } else if !transfer.isPaused,
        now > transfer.lastActivity + TransferLimits.nanoseconds(limits.idleTimeout)
      {
        end(
          transfer,
          .failure(.timedOut(url: transfer.url, clock: .idle, seconds: limits.idleTimeout)))
      } else if transfer.downloadedBytes > transfer.request.limits.maxBytes {
        // Compressed bytes can only outgrow the decoded ones when the server lies; stop that too.
        end(transfer, .failure(.tooLarge(url: transfer.url, limit: limits.maxBytes)))
      }
    }
  }

  private func completed(_ transfer: Transfer, code: CURLcode) {
    if let abort = transfer.abort {
      end(transfer, .failure(abort))
      return
    }
    guard code == CURLE_OK else {
      // An error status said in full is the server's answer; a connection that broke after it
      // (a reset with the body unread) is not news.
      let said = transfer.status >= 400 && transfer.headersComplete
      end(
        transfer,
        .failure(
          said
            ? .httpStatus(url: transfer.url, status: transfer.status)
            : Self.error(code, transfer: transfer)))
      return
    }
    let status = transfer.status
    guard Transfer.isRedirect(status) else {
      guard (200..<300).contains(status) else {
        end(transfer, .failure(.httpStatus(url: transfer.url, status: status)))
        return
      }
      transfer.deliverResponse()
      end(transfer, .success(transfer.response))
      return
    }
    switch RedirectTarget.resolve(
      location: transfer.response.header("Location"), resolved: transfer.redirectURL)
    {
    case .unusable:
      end(transfer, .failure(.redirectWithoutLocation(url: transfer.url, status: status)))
    case .refused(let target):
      end(transfer, .failure(.refusedScheme(url: transfer.url, target: target)))
    case .follow(let target):
      // A handle is pointed elsewhere only while out of the multi handle.
      _ = curl_multi_remove_handle(multi, transfer.handle)
      if let failure = transfer.follow(to: target) {
        end(transfer, .failure(failure))
      } else {
        _ = curl_multi_add_handle(multi, transfer.handle)
      }
    }
  }

  /// The longest header line libcurl takes: `CURL_MAX_HTTP_HEADER`.
  static let maximumHeaderLine = 100 << 10

  private static func error(_ code: CURLcode, transfer: Transfer) -> TransferError {
    let url = transfer.url
    let limits = transfer.request.limits
    let detail = transfer.message(code)
    // libcurl refuses a header line over CURL_MAX_HTTP_HEADER (100 KB) as out of memory
    // (`CURLE_TOO_LARGE`, 100, from 8.6): said as what it is, not as memory running out.
    if !transfer.headersComplete, code == CURLE_OUT_OF_MEMORY || code.rawValue == 100 {
      return .headerLineTooLong(url: url, limit: Self.maximumHeaderLine)
    }
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url: url, clock: .connect, seconds: limits.connectTimeout)
    case CURLE_FILESIZE_EXCEEDED:
      return .tooLarge(url: url, limit: limits.maxBytes)
    case CURLE_COULDNT_CONNECT:
      return .connection(url: url, failure: .refused, detail: "could not connect (\(detail))")
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .connection(url: url, failure: .hostNotFound, detail: "host not found (\(detail))")
    case CURLE_PARTIAL_FILE:
      return .connection(
        url: url, failure: .closedEarly,
        detail: "the connection closed before the whole body arrived (\(detail))")
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
      return .connection(
        url: url, failure: .reset, detail: "the connection was reset or closed (\(detail))")
    case CURLE_BAD_CONTENT_ENCODING:
      return .connection(
        url: url, failure: .badEncoding,
        detail: "the server's compressed (gzip or deflate) body is corrupt (\(detail))")
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
      return .connection(url: url, failure: .tls, detail: "secure connection failed (\(detail))")
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .connection(url: url, failure: .other, detail: "not a usable http(s) URL (\(detail))")
    case CURLE_WEIRD_SERVER_REPLY:
      return .connection(url: url, failure: .notHTTP, detail: "the server's answer is not HTTP")
    default:
      return .connection(url: url, failure: .other, detail: detail)
    }
  }
}
