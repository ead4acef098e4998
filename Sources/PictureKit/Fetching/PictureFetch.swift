import FeedKit
import FeedModel
import Glibc
import Locking
import Pictures
import Transport

/// The bytes of one picture, from a local file or the web, under a byte cap; with a disk cache
/// in front of the web.
public enum PictureFetch {
  /// A picture's bytes, and whether they came from the disk cache.
  public struct Fetched: Sendable {
    public var bytes: [UInt8]
    public var cached: Bool
    /// The bytes of it that crossed the network for this fetch: 0 from the disk cache or a
    /// probe's whole read, the rest of the picture after a probe's first bytes.
    public var transferred = 0
    /// Whether the server answered over HTTP/2 or later, where transfers share a connection.
    public var multiplexed = false
  }

  /// Reads `location` (not `.embedded`, which the caller serves): at most `maxBytes`.
  /// - Parameters:
  ///   - cache: the disk cache for web pictures; nil reads the web every time.
  ///   - readCache: false reads the web and only updates the cache (after a refresh).
  public static func bytes(
    of location: PictureLocation, options: LoadOptions, maxBytes: Int,
    cache: PictureDiskCache? = nil, readCache: Bool = true
  ) async throws(FeedError) -> [UInt8] {
    try await fetch(
      location, options: options, maxBytes: maxBytes, cache: cache, readCache: readCache
    ).bytes
  }

  /// `bytes(of:…)`, and whether they came from the disk cache: bytes from the cache that do
  /// not decode are dropped from it (`PictureDiskCache.remove`) and fetched again.
  ///
  /// A web picture whose first bytes a size probe read (`prefixes`) is fetched from where the
  /// probe stopped (`Range: bytes=N-` with `If-Range`), the two joined; where the server sends
  /// the whole file instead (it ignores ranges, or the file changed), that is the picture.
  ///
  /// Only bytes that are a whole picture of the kind they claim are stored
  /// (`PictureFormat.isWholePicture`): a captive portal's HTML page or a picture cut short
  /// is shown as what it is this once, not kept to be served on every later run.
  ///
  /// - Parameter watch: shown the bytes of a web picture fetched from its start, all of them
  ///   so far, as each part arrives, until it returns false: a picture's size is read from
  ///   its first bytes while the rest comes.
  public static func fetch(
    _ location: PictureLocation, options: LoadOptions, maxBytes: Int,
    cache: PictureDiskCache? = nil, readCache: Bool = true, prefixes: ProbedPrefixes = .shared,
    watch: (@Sendable ([UInt8]) -> Bool)? = nil
  ) async throws(FeedError) -> Fetched {
    switch location {
    case .embedded(let name):
      throw .unreadable(source: name, detail: "a built-in picture is not fetched")
    case .file(let path):
      return Fetched(bytes: try readFile(path, maxBytes: maxBytes), cached: false)
    case .web(let url):
      if readCache, let cached = cache?.bytes(for: url, atMost: maxBytes) {
        return Fetched(bytes: cached, cached: true)
      }
      let prefix = prefixes.take(url)
      if let prefix, let total = prefix.total {
        guard total <= maxBytes else {
          throw .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
        }
        if prefix.bytes.count >= total {
          if PictureFormat.isWholePicture(prefix.bytes) { cache?.store(prefix.bytes, for: url) }
          return Fetched(bytes: prefix.bytes, cached: false)
        }
      }
      // Its probe gave up on the server a moment ago: the picture's one deadline is spent.
      if prefix == nil, let failure = prefixes.probeFailure(url) { throw failure }
      let bytes: [UInt8]
      let transferred: Int
      let multiplexed: Bool
      do throws(TransferError) {
        (bytes, transferred, multiplexed) = try await web(
          url, after: prefix, options: options, maxBytes: maxBytes, prefixes: prefixes,
          watch: watch)
      } catch {
        throw failure(error, options: options, maxBytes: maxBytes)
      }
      guard bytes.count <= maxBytes else {
        throw .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
      }
      if PictureFormat.isWholePicture(bytes) { cache?.store(bytes, for: url) }
      return Fetched(
        bytes: bytes, cached: false, transferred: transferred, multiplexed: multiplexed)
    }
  }

  /// A picture's transfer failure, in a picture's words: its size limit (`--picture-bytes`)
  /// and its time (`--picture-time`), not the feed's (`--max-bytes`, `--total-time`).
  package static func failure(_ error: TransferError, options: LoadOptions, maxBytes: Int)
    -> FeedError
  {
    switch error {
    case .tooLarge(let url, _):
      return .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
    case .timedOut(let url, .total, _) where options.pictureTime < (options.totalTime ?? .infinity):
      return outOfTime(url, options: options)
    default:
      return PageFetch.feedError(error, options: options)
    }
  }

  /// The failure of a picture whose time ran out.
  package static func outOfTime(_ url: String, options: LoadOptions) -> FeedError {
    guard options.pictureTime < (options.totalTime ?? .infinity) else {
      return .limitExceeded(source: url, limit: .totalTime(options.totalTime ?? 0), location: nil)
    }
    return .limitExceeded(source: url, limit: .pictureTime(options.pictureTime), location: nil)
  }

  /// Seconds a picture's transfer may still take: to `deadline`, else `--picture-time`, and
  /// never past `--total-time`.
  package static func secondsLeft(until deadline: ContinuousClock.Instant?, options: LoadOptions)
    -> Double
  {
    let whole = min(options.pictureTime, options.totalTime ?? .infinity)
    guard let deadline else { return whole }
    let left = ContinuousClock.now.duration(to: deadline)
    return min(whole, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
  }

  /// `url`'s bytes from the web, continuing `prefix` when there is one; and how many crossed
  /// the network. A continuation cancelled (its box scrolled away) or failed leaves the
  /// probe's bytes in `prefixes` for the next fetch, with what it added to them.
  private static func web(
    _ url: String, after prefix: ProbedPrefixes.Prefix?, options: LoadOptions, maxBytes: Int,
    prefixes: ProbedPrefixes, watch: (@Sendable ([UInt8]) -> Bool)? = nil
  ) async throws(TransferError) -> (bytes: [UInt8], transferred: Int, multiplexed: Bool) {
    guard let transport = Transport.shared else {
      if let prefix { prefixes.keep(prefix, for: url) }
      throw .connection(
        url: url, failure: .other, detail: "libcurl could not start a transfer loop")
    }
    var limits = PageFetch.limits(options)
    limits.maxBytes = Int64(maxBytes)
    if options.pictureTime < (options.totalTime ?? .infinity) {
      limits.totalTime = options.pictureTime
    }
    var headers = ["Accept: image/webp, image/png, image/jpeg, image/gif, */*;q=0.5"]
    if let validator = prefix?.validator { headers.append("If-Range: \(validator)") }
    let request = TransferRequest(
      url: url, userAgent: CascadeVersion.userAgent,
      byteRangeFrom: prefix.map { Int64($0.bytes.count) }, headers: headers,
      originHeaders: options.originHeaders(for: url), limits: limits)
    guard let prefix else {
      guard let watch else {
        let fetched = try await transport.fetch(request)
        return (fetched.bytes, fetched.bytes.count, fetched.response.multiplexed)
      }
      let arrived = await fetchKeepingBytes(request, on: transport, watch: watch)
      let response = try arrived.result.get()
      return (arrived.bytes, arrived.bytes.count, response.multiplexed)
    }
    /// Whether an answer carries the rest of `prefix`'s file: a 206 from where it ends (and,
    /// without a validator, of the file's length as it was).
    func continues(_ response: TransferResponse) -> Bool {
      guard response.status == 206,
        let range = PrefixFetch.contentRange(response.header("Content-Range"))
      else { return false }
      return range.start == prefix.bytes.count
        && (prefix.validator != nil || prefix.total == nil || range.total == prefix.total)
    }
    let arrived = await fetchKeepingBytes(request, on: transport)
    guard case .success(let response) = arrived.result else {
      // Past the end: the probe's bytes were the whole file after all.
      if case .failure(.httpStatus(_, 416)) = arrived.result { return (prefix.bytes, 0, false) }
      var kept = prefix
      if let response = arrived.response, continues(response) { kept.bytes += arrived.bytes }
      prefixes.keep(kept, for: url)
      if case .failure(let error) = arrived.result { throw error }
      return (prefix.bytes, 0, false)
    }
    if continues(response) {
      return (prefix.bytes + arrived.bytes, arrived.bytes.count, response.multiplexed)
    }
    if response.status == 206 {
      // Some other part, or another version: the whole file, once more.
      let whole = try await web(
        url, after: nil, options: options, maxBytes: maxBytes, prefixes: prefixes)
      return (whole.bytes, whole.transferred + arrived.bytes.count, whole.multiplexed)
    }
    return (arrived.bytes, arrived.bytes.count, response.multiplexed)
  }

  /// The transfer of `request`, its body kept as it arrives: what came before a cancel (the
  /// calling task's) or a failure is there too, with the answer's headers if they came.
  /// `watch` sees the body so far after each part, until it returns false.
  private static func fetchKeepingBytes(
    _ request: TransferRequest, on transport: Transport,
    watch: (@Sendable ([UInt8]) -> Bool)? = nil
  ) async -> (
    result: Result<TransferResponse, TransferError>, response: TransferResponse?,
    bytes: [UInt8]
  ) {
    let kept = Locked<(response: TransferResponse?, bytes: [UInt8], watching: Bool)>(
      (nil, [], watch != nil))
    let slot = TransferSlot()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let consumer = TransferConsumer(
          response: { response in kept.withLock { $0.response = response } },
          chunk: { chunk in
            kept.withLock { kept in
              kept.bytes.append(contentsOf: chunk)
              if kept.watching, let watch, kept.response.map({ $0.status < 300 }) ?? true {
                kept.watching = watch(kept.bytes)
              }
            }
            return .accepted
          },
          finish: { continuation.resume(returning: $0) })
        slot.attach(transport.start(request, consumer: consumer))
      }
    } onCancel: {
      slot.cancel()
    }
    let (response, bytes) = kept.withLock { ($0.response, $0.bytes) }
    return (result, response, bytes)
  }

  /// A regular file's bytes, refused past `maxBytes` before anything is read. Synchronous: a
  /// caller on a worker thread of its own reads without a hop through a task.
  public static func readFile(_ path: String, maxBytes: Int) throws(FeedError) -> [UInt8] {
    let file = try PictureFile.open(path)
    defer { close(file.descriptor) }
    guard file.size <= maxBytes else {
      throw .limitExceeded(source: path, limit: .pictureSize(maxBytes), location: nil)
    }
    return PictureFile.read(file.descriptor, count: file.size)
  }
}
