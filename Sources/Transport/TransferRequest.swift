/// One HTTP(S) GET as the transport runs it: where, which bytes, with what limits.
public struct TransferRequest: Sendable, Hashable {
  /// An absolute `http` or `https` URL; any other scheme fails as `.refusedScheme`.
  public var url: String
  /// The `User-Agent` header: the transport serves every part of Cascade and knows no version.
  public var userAgent: String
  /// Bytes `lowerBound...upperBound` only (`Range: bytes=a-b`); nil for the whole body. A server
  /// may ignore it and answer 200 with everything: check `Content-Range`.
  public var byteRange: ClosedRange<Int64>?
  /// Bytes from this offset to the end (`Range: bytes=N-`), when `byteRange` is nil: the rest
  /// of a body whose start is already in hand. Check `Content-Range` here too.
  public var byteRangeFrom: Int64?
  /// Extra request headers, as `Name: value` lines (an `Accept`, say).
  public var headers: [String]
  /// Headers sent only while a hop stays at `url`'s own origin (`TransferOrigin`): credentials
  /// (an `Authorization`, an API key) that a redirect to another site must not carry.
  public var originHeaders: [String]
  public var limits: TransferLimits
  /// The certificates an `https` server's is checked against.
  public var trust: TransferTrust

  public init(
    url: String, userAgent: String, byteRange: ClosedRange<Int64>? = nil,
    byteRangeFrom: Int64? = nil, headers: [String] = [], originHeaders: [String] = [],
    limits: TransferLimits = TransferLimits(), trust: TransferTrust = .environment
  ) {
    self.url = url
    self.userAgent = userAgent
    self.byteRange = byteRange
    self.byteRangeFrom = byteRangeFrom
    self.headers = headers
    self.originHeaders = originHeaders
    self.limits = limits
    self.trust = trust
  }
}
