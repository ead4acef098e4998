import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP GET of a feed page with `LoadOptions`' limits: idle timeout and total time,
/// body cap while streaming, redirect count and loops, and no redirect to another scheme.
///
/// URLSession's own timeout on Linux counts whole seconds only, so a watchdog timer here keeps
/// the idle and total limits exact and names them in the error. Gzip is accepted because
/// FoundationNetworking asks libcurl for every encoding it can undo; the body cap counts the
/// decoded bytes, which is what would fill memory.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// The body and the address it finally came from, after redirects.
  struct Response: Sendable {
    var body: [UInt8]
    var url: URL
  }

  private let url: URL
  private let options: LoadOptions
  // Everything below is guarded by `lock`: URLSession calls the delegate on its own queue, the
  // watchdog fires on another, and cancellation comes from any thread.
  private let lock = NSLock()
  private var body: [UInt8] = []
  private var visited: Set<String> = []
  private var redirects = 0
  private var started = DispatchTime.now()
  private var lastActivity = DispatchTime.now()
  private var continuation: CheckedContinuation<Result<Response, FeedError>, Never>?
  private var outcome: Result<Response, FeedError>?
  private var session: URLSession?
  private var watchdog: DispatchSourceTimer?

  private init(url: URL, options: LoadOptions) {
    self.url = url
    self.options = options
    visited = [url.absoluteString]
  }

  /// Fetches `url`; cancelling the calling task stops the transfer.
  static func get(_ url: URL, options: LoadOptions) async throws(FeedError) -> Response {
    let fetch = HTTPFetch(url: url, options: options)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in fetch.start(continuation) }
    } onCancel: {
      fetch.finish(.failure(.cancelled(source: url.absoluteString)))
    }
    return try result.get()
  }

  private func start(_ continuation: CheckedContinuation<Result<Response, FeedError>, Never>) {
    lock.lock()
    if let outcome {  // cancelled before it started
      lock.unlock()
      continuation.resume(returning: outcome)
      return
    }
    self.continuation = continuation
    let configuration = URLSessionConfiguration.ephemeral
    // Backstops only: the watchdog below enforces both limits precisely.
    configuration.timeoutIntervalForRequest = (options.timeout + 1).rounded(.up)
    configuration.timeoutIntervalForResource = (options.totalTime ?? 7 * 86_400) + 1
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpAdditionalHeaders = [
      "User-Agent": CascadeVersion.userAgent,
      "Accept": "application/json, */*;q=0.5",
    ]
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    self.session = session
    var request = URLRequest(url: url)
    request.setValue(CascadeVersion.userAgent, forHTTPHeaderField: "User-Agent")
    started = .now()
    lastActivity = started
    let timer = DispatchSource.makeTimerSource(queue: .global())
    let tick = min(0.25, max(0.01, options.timeout / 10))
    timer.schedule(deadline: .now() + tick, repeating: tick)
    timer.setEventHandler { [weak self] in self?.checkTime() }
    watchdog = timer
    timer.resume()
    // Started under the lock: a cancellation that invalidates the session cannot come between
    // creating the task and starting it.
    session.dataTask(with: request).resume()
    lock.unlock()
  }

  /// Ends the fetch once: resumes the caller, stops the timer, and lets the session go.
  private func finish(_ result: Result<Response, FeedError>, cancelTransfer: Bool = true) {
    lock.lock()
    guard outcome == nil else {
      lock.unlock()
      return
    }
    outcome = result
    let continuation = self.continuation
    self.continuation = nil
    let session = self.session
    self.session = nil
    let watchdog = self.watchdog
    self.watchdog = nil
    body = []
    lock.unlock()
    watchdog?.cancel()
    // The session keeps its delegate (self) alive until it is invalidated.
    if cancelTransfer {
      session?.invalidateAndCancel()
    } else {
      session?.finishTasksAndInvalidate()
    }
    continuation?.resume(returning: result)
  }

  private func checkTime() {
    lock.lock()
    let now = DispatchTime.now()
    let idle = Double(now.uptimeNanoseconds - lastActivity.uptimeNanoseconds) / 1e9
    let total = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    lock.unlock()
    if let limit = options.totalTime, total > limit {
      finish(
        .failure(
          .limitExceeded(source: url.absoluteString, limit: .totalTime(limit), location: nil))
      )
    } else if idle > options.timeout {
      finish(.failure(.timedOut(url: url.absoluteString, seconds: options.timeout)))
    }
  }

  private func touch() {
    lock.lock()
    lastActivity = .now()
    lock.unlock()
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    touch()
    let address = (response.url ?? url).absoluteString
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      completionHandler(.cancel)
      finish(.failure(.httpStatus(url: address, status: http.statusCode)))
      return
    }
    if response.expectedContentLength > Int64(options.maxBytes) {
      completionHandler(.cancel)
      finish(
        .failure(
          .limitExceeded(source: address, limit: .bodySize(options.maxBytes), location: nil)))
      return
    }
    options.progress?.expect(
      total: response.expectedContentLength > 0 ? Int(response.expectedContentLength) : nil)
    if response.expectedContentLength > 0 {
      lock.lock()
      body.reserveCapacity(Int(response.expectedContentLength))
      lock.unlock()
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    lastActivity = .now()
    let over = outcome == nil && body.count + data.count > options.maxBytes
    if !over && outcome == nil { body.append(contentsOf: data) }
    let read = body.count
    lock.unlock()
    options.progress?.read(read)
    if over {
      let address = (dataTask.currentRequest?.url ?? url).absoluteString
      finish(
        .failure(
          .limitExceeded(source: address, limit: .bodySize(options.maxBytes), location: nil)))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let from = (response.url ?? url).absoluteString
    // FoundationNetworking turns a `Location` of another scheme into an http URL on the same
    // server (file:///etc/passwd becomes http://host/etc/passwd), so the header is what says
    // where the server meant to send us.
    if let location = response.value(forHTTPHeaderField: "Location"),
      let scheme = URL(string: location, relativeTo: response.url ?? url)?.absoluteURL.scheme?
        .lowercased(),
      scheme != "http" && scheme != "https"
    {
      completionHandler(nil)
      finish(
        .failure(
          .refusedLink(
            source: from, target: location, detail: "a redirect may only lead to http or https")),
        cancelTransfer: false)
      return
    }
    guard let target = request.url else {
      completionHandler(nil)
      finish(
        .failure(.network(url: from, detail: "a redirect without a usable address")),
        cancelTransfer: false)
      return
    }
    lock.lock()
    lastActivity = .now()
    redirects += 1
    let count = redirects
    let seen = !visited.insert(target.absoluteString).inserted
    lock.unlock()
    let failure: FeedError?
    if let scheme = target.scheme?.lowercased(), scheme != "http" && scheme != "https" {
      failure = .refusedLink(
        source: from, target: target.absoluteString,
        detail: "a redirect may only lead to http or https")
    } else if seen {
      failure = .redirectLoop(url: url.absoluteString, repeated: target.absoluteString)
    } else if count > options.maxRedirects {
      failure = .tooManyRedirects(url: url.absoluteString, limit: options.maxRedirects)
    } else {
      failure = nil
    }
    guard let failure else {
      completionHandler(request)
      return
    }
    // Declining the redirect (nil) lets the transfer end on its own; cancelling a task that is
    // waiting for this handler would leave FoundationNetworking in a state it does not expect.
    completionHandler(nil)
    finish(.failure(failure), cancelTransfer: false)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let address = (task.currentRequest?.url ?? url).absoluteString
    guard let error else {
      lock.lock()
      let response = Response(body: body, url: task.currentRequest?.url ?? url)
      lock.unlock()
      finish(.success(response), cancelTransfer: false)
      return
    }
    finish(.failure(Self.feedError(error, url: address, options: options)))
  }

  /// libcurl's failures that FoundationNetworking passes on as `.unknown`, said plainly; the
  /// text is all there is to tell them apart by.
  static func curlDetail(_ text: String) -> String {
    if text.contains("transfer closed with") {
      return "the connection closed before the whole page arrived (\(text))"
    }
    if text.contains("unencoding") || text.contains("content encoding") {
      return "the server's compressed (gzip) body is corrupt (\(text))"
    }
    return text
  }

  private static func feedError(_ error: Error, url: String, options: LoadOptions) -> FeedError {
    guard let code = (error as? URLError)?.code else {
      return .network(url: url, detail: "\(error)")
    }
    switch code {
    case .timedOut: return .timedOut(url: url, seconds: options.timeout)
    case .cancelled: return .cancelled(source: url)
    case .httpTooManyRedirects: return .tooManyRedirects(url: url, limit: options.maxRedirects)
    case .cannotConnectToHost: return .network(url: url, detail: "could not connect (refused)")
    case .networkConnectionLost:
      return .network(url: url, detail: "the connection closed before the whole page arrived")
    case .cannotFindHost, .dnsLookupFailed:
      return .network(url: url, detail: "host not found")
    case .notConnectedToInternet: return .network(url: url, detail: "not connected to a network")
    case .badServerResponse: return .network(url: url, detail: "the server's answer is not HTTP")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .network(url: url, detail: "secure connection failed (\(error.localizedDescription))")
    default: return .network(url: url, detail: curlDetail(error.localizedDescription))
    }
  }
}
