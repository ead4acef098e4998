import Foundation
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
  public static func fetch(
    _ location: PictureLocation, options: LoadOptions, maxBytes: Int,
    cache: PictureDiskCache? = nil, readCache: Bool = true, prefixes: ProbedPrefixes = .shared
  ) async throws(FeedError) -> Fetched {
    switch location {
    case .embedded(let name):
      throw .unreadable(source: name, detail: "a built-in picture is not fetched")
    case .file(let path):
      return Fetched(bytes: try readFile(path, maxBytes: maxBytes), cached: false)
    case .web(let url):
      if readCache, let cached = cache?.bytes(for: url) {
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
      let bytes: [UInt8]
      let transferred: Int
      let multiplexed: Bool
      do throws(TransferError) {
        (bytes, transferred, multiplexed) = try await web(
          url, after: prefix, options: options, maxBytes: maxBytes)
      } catch {
        // A fetch cancelled (its box scrolled away) or failed leaves the probe's bytes for the
        // next one.
        if let prefix { prefixes.keep(prefix, for: url) }
        if case .tooLarge = error {
          throw .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
        }
        if options.pictureTime < (options.totalTime ?? .infinity),
          case .timedOut(_, .total, _) = error
        {
          throw .limitExceeded(
            source: url, limit: .pictureTime(options.pictureTime), location: nil)
        }
        throw PageFetch.feedError(error, options: options)
      }
      guard bytes.count <= maxBytes else {
        throw .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
      }
      if PictureFormat.isWholePicture(bytes) { cache?.store(bytes, for: url) }
      return Fetched(
        bytes: bytes, cached: false, transferred: transferred, multiplexed: multiplexed)
    }
  }

  /// `url`'s bytes from the web, continuing `prefix` when there is one; and how many crossed
  /// the network.
  private static func web(
    _ url: String, after prefix: ProbedPrefixes.Prefix?, options: LoadOptions, maxBytes: Int
  ) async throws(TransferError) -> (bytes: [UInt8], transferred: Int, multiplexed: Bool) {
    guard let transport = Transport.shared else {
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
    let fetched: FetchedBody
    do {
      fetched = try await transport.fetch(request)
    } catch {
      // Past the end: the probe's bytes were the whole file after all.
      if let prefix, case .httpStatus(_, 416) = error { return (prefix.bytes, 0, false) }
      throw error
    }
    let response = fetched.response
    guard let prefix else { return (fetched.bytes, fetched.bytes.count, response.multiplexed) }
    if response.status == 206 {
      let range = PrefixFetch.contentRange(response.header("Content-Range"))
      // Without a validator the rest is taken when the file's length is as it was.
      if let range, range.start == prefix.bytes.count,
        prefix.validator != nil || prefix.total == nil || range.total == prefix.total
      {
        return (prefix.bytes + fetched.bytes, fetched.bytes.count, response.multiplexed)
      }
      // Some other part, or another version: the whole file, once more.
      let whole = try await web(url, after: nil, options: options, maxBytes: maxBytes)
      return (whole.bytes, whole.transferred + fetched.bytes.count, whole.multiplexed)
    }
    return (fetched.bytes, fetched.bytes.count, response.multiplexed)
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
