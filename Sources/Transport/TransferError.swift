/// Why a transfer ended without a whole body. Each `description` says what happened, where, and
/// what to do; the transport knows no command-line flags, so a caller that has them (FeedKit's
/// `--max-bytes`, `--timeout`) maps these cases to its own errors.
public enum TransferError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which clock ran out.
  public enum Timeout: String, Sendable, Hashable {
    /// No connection within `TransferLimits.connectTimeout`.
    case connect
    /// No byte within `TransferLimits.idleTimeout`.
    case idle
    /// The whole transfer took longer than `TransferLimits.totalTime`.
    case total
  }

  /// What went wrong with the connection, as far as libcurl tells.
  public enum Failure: String, Sendable, Hashable {
    case refused, reset, closedEarly, hostNotFound, tls, badEncoding, notHTTP, other
  }

  case timedOut(url: String, clock: Timeout, seconds: Double)
  /// The decoded body passed `TransferLimits.maxBytes` (or its `Content-Length` said it would).
  case tooLarge(url: String, limit: Int64)
  /// The response headers passed `TransferLimits.maxHeaderBytes`.
  case headersTooLarge(url: String, limit: Int)
  /// One response header line was longer than libcurl takes (`limit` bytes), which it reports
  /// as running out of memory.
  case headerLineTooLong(url: String, limit: Int)
  /// More than `limit` redirects from `url`, the address first asked for.
  case tooManyRedirects(url: String, limit: Int)
  /// A redirect from `url` led back to `repeated`, an address already visited.
  case redirectLoop(url: String, repeated: String)
  /// `url` redirected to `target` (the `Location` as sent), which is neither http nor https.
  case refusedScheme(url: String, target: String)
  /// `url` answered a redirect `status` with no `Location`, or one that is not a URL.
  case redirectWithoutLocation(url: String, status: Int)
  /// The final answer was not 2xx.
  case httpStatus(url: String, status: Int)
  /// The connection failed; `detail` is libcurl's message.
  case connection(url: String, failure: Failure, detail: String)
  /// `TransferHandle.cancel()` ended it.
  case cancelled(url: String)

  public var description: String {
    switch self {
    case .timedOut(let url, let clock, let seconds):
      let what =
        switch clock {
        case .connect: "could not connect within \(seconds) s"
        case .idle: "nothing arrived for \(seconds) s"
        case .total: "the transfer took longer than \(seconds) s in all"
        }
      return "\(url): \(what); try again, or allow longer"
    case .tooLarge(let url, let limit):
      return "\(url): the body is larger than \(limit) bytes; raise the byte limit if you trust it"
    case .headersTooLarge(let url, let limit):
      return "\(url): the response headers are larger than \(limit) bytes; the server misbehaves"
    case .headerLineTooLong(let url, let limit):
      return "\(url): a response header line is longer than \(limit) bytes; the server misbehaves"
    case .tooManyRedirects(let url, let limit):
      return "\(url): more than \(limit) redirects; the server's redirects are misconfigured"
    case .redirectLoop(let url, let repeated):
      return "\(url): redirect loop (back to \(repeated)); the server's redirects are broken"
    case .refusedScheme(let url, let target):
      return "\(url): will not follow the redirect to \(target): only http and https are followed"
    case .redirectWithoutLocation(let url, let status):
      return
        "\(url): the server redirected (HTTP \(status)) without a usable Location header; "
        + "the server's redirects are broken"
    case .httpStatus(let url, let status):
      return "\(url): the server answered HTTP \(status)"
    case .connection(let url, _, let detail):
      return "\(url): \(detail); check the address and the network, then try again"
    case .cancelled(let url):
      return "\(url): the transfer was cancelled"
    }
  }
}
