/// What one transfer may cost: bytes, seconds and redirects. Each limit, once passed, ends the
/// transfer with an error naming it; the loop checks time at least every 100 ms, so a limit
/// fires on time even while bytes keep arriving.
///
/// Values are clamped into what the loop can count rather than refused: seconds into
/// `secondsRange` (a NaN counts as the largest), bytes and counts to zero or more. Refusing a
/// value with a message is the option parser's job; the transport's is never to crash on one.
public struct TransferLimits: Sendable, Hashable {
  /// Seconds the transport can time: 1 ms to 30 days. Beyond that, nanosecond deadlines and
  /// libcurl's `long` milliseconds would overflow.
  public static let secondsRange: ClosedRange<Double> = 0.001...(30 * 86_400)

  /// Most bytes of the body after gzip or deflate is undone; one more ends it with `.tooLarge`.
  public var maxBytes: Int64 { didSet { maxBytes = max(0, maxBytes) } }
  /// Seconds to connect (DNS, TCP and TLS included).
  public var connectTimeout: Double { didSet { connectTimeout = Self.clamp(connectTimeout) } }
  /// Seconds with no byte arriving (headers or body) before the transfer is given up. A
  /// transfer its consumer has paused is not idle.
  public var idleTimeout: Double { didSet { idleTimeout = Self.clamp(idleTimeout) } }
  /// Seconds for the whole transfer, redirects included; nil for no limit.
  public var totalTime: Double? { didSet { totalTime = totalTime.map(Self.clamp) } }
  /// Redirects followed; one more is `.tooManyRedirects`.
  public var maxRedirects: Int { didSet { maxRedirects = max(0, maxRedirects) } }
  /// Most bytes of response headers in one answer: a server that never ends its headers is as
  /// hostile as one that never ends its body.
  public var maxHeaderBytes: Int { didSet { maxHeaderBytes = max(0, maxHeaderBytes) } }

  public init(
    maxBytes: Int64 = 64 << 20, connectTimeout: Double = 15, idleTimeout: Double = 15,
    totalTime: Double? = 300, maxRedirects: Int = 10, maxHeaderBytes: Int = 256 << 10
  ) {
    self.maxBytes = max(0, maxBytes)
    self.connectTimeout = Self.clamp(connectTimeout)
    self.idleTimeout = Self.clamp(idleTimeout)
    self.totalTime = totalTime.map(Self.clamp)
    self.maxRedirects = max(0, maxRedirects)
    self.maxHeaderBytes = max(0, maxHeaderBytes)
  }

  static func clamp(_ seconds: Double) -> Double {
    guard !seconds.isNaN else { return secondsRange.upperBound }
    return min(max(seconds, secondsRange.lowerBound), secondsRange.upperBound)
  }

  /// Seconds as whole nanoseconds; safe for every clamped value.
  static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(clamp(seconds) * 1e9) }
}
