import Transport

/// One HTTP GET of a feed page through `Transport`, with `LoadOptions`' limits, and its failures
/// said as `FeedError`s that name the flag to change.
///
/// The body is gathered whole (under the `--max-bytes` cap, which the transport enforces while
/// it streams) and decoded after: the decoder reads from a descriptor (`StreamedBytes`), and
/// feeding it from the loop's thread with back-pressure is not worth its complexity for pages.
enum PageFetch {
  /// The body, the address it finally came from (after redirects), and the next page a
  /// `Link: <…>; rel="next"` header names (Mastodon, Unsplash and many APIs page that way).
  struct Response: Sendable {
    var body: [UInt8]
    var url: String
    var nextLink: String? = nil
  }

  static func get(_ url: String, options: LoadOptions) async throws(FeedError) -> Response {
    guard let transport = Transport.shared else {
      throw .network(url: url, detail: "libcurl could not start a transfer loop")
    }
    let request = TransferRequest(
      url: url, userAgent: CascadeVersion.userAgent,
      headers: [
        "Accept: application/json, application/feed+json, application/rss+xml, "
          + "application/atom+xml, application/xml;q=0.9, text/plain;q=0.8, */*;q=0.5"
      ], limits: limits(options))
    do {
      let progress = options.progress
      let fetched = try await transport.fetch(
        request,
        response: { response in
          progress?.expect(total: response.header("Content-Length").flatMap { Int($0) })
        },
        progress: { bytes in progress?.read(bytes) })
      return Response(
        body: fetched.bytes, url: fetched.response.url,
        nextLink: fetched.response.header("Link").flatMap(LinkHeader.next))
    } catch {
      throw feedError(error, options: options)
    }
  }

  static func limits(_ options: LoadOptions) -> TransferLimits {
    TransferLimits(
      maxBytes: Int64(options.maxBytes), connectTimeout: options.timeout,
      idleTimeout: options.timeout, totalTime: options.totalTime,
      maxRedirects: options.maxRedirects)
  }

  static func feedError(_ error: TransferError, options: LoadOptions) -> FeedError {
    switch error {
    case .timedOut(let url, .total, _):
      return .limitExceeded(
        source: url, limit: .totalTime(options.totalTime ?? 0), location: nil)
    case .timedOut(let url, _, _):
      return .timedOut(url: url, seconds: options.timeout)
    case .tooLarge(let url, _):
      return .limitExceeded(source: url, limit: .bodySize(options.maxBytes), location: nil)
    case .headersTooLarge(let url, let limit):
      return .network(
        url: url, detail: "the server sent more than \(ByteCountText(limit)) of headers")
    case .tooManyRedirects(let url, _):
      return .tooManyRedirects(url: url, limit: options.maxRedirects)
    case .redirectLoop(let url, let repeated):
      return .redirectLoop(url: url, repeated: repeated)
    case .refusedScheme(let url, let target):
      return .refusedLink(
        source: url, target: target, detail: "a redirect may only lead to http or https")
    case .redirectWithoutLocation(let url, let status):
      return .network(
        url: url,
        detail: "the server redirected (HTTP \(status)) without a usable Location header")
    case .httpStatus(let url, let status):
      return .httpStatus(url: url, status: status)
    case .connection(let url, .closedEarly, _):
      return .network(url: url, detail: "the connection closed before the whole page arrived")
    case .connection(let url, _, let detail):
      return .network(url: url, detail: detail)
    case .cancelled(let url):
      return .cancelled(source: url)
    }
  }
}
