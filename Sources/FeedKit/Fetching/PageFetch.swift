import FeedModel
import Transport

/// What one HTTP GET of a feed page through `Transport` asks for, with `LoadOptions`' limits,
/// and its failures said as `FeedError`s that name the flag to change. The body itself is read
/// while it arrives (`ArrivingBody`).
package enum PageFetch {
  package static func request(_ url: String, options: LoadOptions) -> TransferRequest {
    TransferRequest(
      url: url, userAgent: CascadeVersion.userAgent,
      headers: [
        "Accept: application/json, application/feed+json, application/rss+xml, "
          + "application/atom+xml, application/xml;q=0.9, text/plain;q=0.8, */*;q=0.5"
      ], originHeaders: options.originHeaders(for: url), limits: limits(options))
  }

  package static func limits(_ options: LoadOptions) -> TransferLimits {
    TransferLimits(
      maxBytes: Int64(options.maxBytes), connectTimeout: options.timeout,
      idleTimeout: options.timeout, totalTime: options.totalTime,
      maxRedirects: options.maxRedirects)
  }

  package static func feedError(_ error: TransferError, options: LoadOptions) -> FeedError {
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
    case .headerLineTooLong(let url, let limit):
      return .network(
        url: url, detail: "the server sent a header line longer than \(ByteCountText(limit))")
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
