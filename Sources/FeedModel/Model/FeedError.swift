/// Everything that can go wrong between a FEED argument and decoded items. Each `description`
/// says what happened, where, and what to do.
public enum FeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not a well-formed document of `format` (its name in messages, such as
  /// `JSON` or `RSS`: FeedKit's `FeedFormat.displayName`); `location` is like
  /// `line 3, column 14`.
  case malformed(format: String, source: String, location: String, detail: String)
  /// The JSON is fine, but no list of items is where a feed keeps it.
  case notAFeed(source: String, detail: String)
  /// An HTML page, and the address of the feed it names (`<link rel="alternate">`), if any.
  case webPage(source: String, feed: String?)
  /// A file could not be read.
  case unreadable(source: String, detail: String)
  /// The FEED argument cannot name a feed (empty, or not a usable URL).
  case invalidArgument(argument: String, detail: String)
  /// A URL scheme Cascade does not load (only file, http and https are).
  case unsupportedScheme(argument: String, scheme: String)
  /// The server answered with a status other than 2xx.
  case httpStatus(url: String, status: Int)
  /// The connection failed: refused, reset, closed mid-body, host not found, TLS.
  case network(url: String, detail: String)
  /// The server answered `status` (429, 503) and asked not to be asked again before `until`
  /// (seconds since 1970, UTC): it is not, and this says when it will be.
  case retryLater(url: String, status: Int, until: Int64)
  /// Nothing arrived for `seconds` (connecting, or between two reads of the body).
  case timedOut(url: String, seconds: Double)
  /// More than `limit` redirects.
  case tooManyRedirects(url: String, limit: Int)
  /// A redirect led back to an address already visited.
  case redirectLoop(url: String, repeated: String)
  /// A redirect or `next` link led somewhere Cascade will not follow (another scheme).
  case refusedLink(source: String, target: String, detail: String)
  /// One of the `LoadOptions` limits was exceeded; `location` says where when known.
  case limitExceeded(source: String, limit: FeedLimit, location: String?)
  /// The load was cancelled (a newer refresh replaced it, or the program is stopping).
  case cancelled(source: String)
  /// A refresh of a source that can be read once only (standard input, already read to its end).
  case cannotReadAgain(source: String)

  /// When a server that asked to wait may be asked again (`retryLater`), in seconds since
  /// 1970; nil for every other error.
  public var retryAt: Int64? {
    if case .retryLater(_, _, let until) = self { until } else { nil }
  }

  /// The message, with every control and bidirectional formatting character escaped: sources,
  /// links and details can hold text a hostile server wrote (a `Location` header, a `next`
  /// link), and the message goes to a terminal. Passwords and tokens in the URLs it quotes are
  /// masked (`URLSecrets`).
  public var description: String { message(naming: .library) }

  /// The message, naming the setting that raises a limit as `names` do (the command line: by
  /// its flags).
  public func message(naming names: SettingNames) -> String {
    URLSecrets.masking(in: ControlEscapes.escaping(rawMessage(naming: names)))
  }

  private func rawMessage(naming names: SettingNames) -> String {
    switch self {
    case .malformed(let name, let source, let location, let detail):
      return
        "\(source): malformed \(name) at \(location): \(detail); check that the feed is \(name)"
    case .notAFeed(let source, let detail):
      return "\(source): not a feed: \(detail)"
    case .webPage(let source, let feed?):
      return "\(source): a web page, not a feed; the page names its feed: give \(feed)"
    case .webPage(let source, nil):
      return
        "\(source): a web page, not a feed, and it names none (no <link rel=\"alternate\"> to "
        + "RSS, Atom or JSON Feed); give the site's feed address, a folder of pictures or a "
        + "list of picture URLs"
    case .unreadable(let source, let detail):
      return "\(source): cannot read: \(detail)"
    case .invalidArgument(let argument, let detail):
      return "\"\(argument)\": not a feed: \(detail)"
    case .unsupportedScheme(let argument, let scheme):
      return
        "\(argument): cannot load \"\(scheme):\" URLs; give a file path, -, or a file://, "
        + "http:// or https:// URL"
    case .httpStatus(let url, let status):
      let reason = Self.reason(status).map { " (\($0))" } ?? ""
      let advice =
        status >= 500 || status == 429
        ? "try again later" + (status == 429 ? " (the server limits how often it is asked)" : "")
        : "check the URL"
      return "\(url): the server answered HTTP \(status)\(reason); \(advice)"
    case .network(let url, let detail):
      return "\(url): \(detail); check the address and the network, then try again"
    case .retryLater(let url, let status, let until):
      let reason = Self.reason(status).map { " (\($0))" } ?? ""
      return
        "\(url): the server answered HTTP \(status)\(reason) and asks to wait; not asked again "
        + "before \(CivilCalendar.minuteText(until)) UTC"
    case .timedOut(let url, let seconds):
      return
        "\(url): no answer within \(seconds.shortText) s; try again, or allow longer "
        + "with \(names[.timeout])"
    case .tooManyRedirects(let url, let limit):
      return "\(url): more than \(limit) redirects; the server's redirects are misconfigured"
    case .redirectLoop(let url, let repeated):
      return "\(url): redirect loop (back to \(repeated)); the server's redirects are broken"
    case .refusedLink(let source, let target, let detail):
      return "\(source): will not follow \(target): \(detail)"
    case .limitExceeded(let source, let limit, let location):
      let place = location.map { " at \($0)" } ?? ""
      return "\(source): \(limit)\(place); \(limit.advice(naming: names))"
    case .cancelled(let source):
      return "\(source): loading was cancelled"
    case .cannotReadAgain(let source):
      return
        "\(source) cannot be read again, so the items shown stay; to refresh, save the feed "
        + "to a file and open that"
    }
  }

  private static func reason(_ status: Int) -> String? {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 410: "Gone"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: nil
    }
  }
}
