import FeedKit
import FeedModel
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
  /// Only bytes that are a whole picture of the kind they claim are stored
  /// (`PictureFormat.isWholePicture`): a captive portal's HTML page or a picture cut short
  /// is shown as what it is this once, not kept to be served on every later run.
  public static func fetch(
    _ location: PictureLocation, options: LoadOptions, maxBytes: Int,
    cache: PictureDiskCache? = nil, readCache: Bool = true
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
      guard let transport = Transport.shared else {
        throw .network(url: url, detail: "libcurl could not start a transfer loop")
      }
      var limits = PageFetch.limits(options)
      limits.maxBytes = Int64(maxBytes)
      let pictureTime = options.pictureTime < (options.totalTime ?? .infinity)
      if pictureTime { limits.totalTime = options.pictureTime }
      let request = TransferRequest(
        url: url, userAgent: CascadeVersion.userAgent,
        headers: ["Accept: image/webp, image/png, image/jpeg, image/gif, */*;q=0.5"],
        originHeaders: options.originHeaders(for: url), limits: limits)
      do {
        let fetched = try await transport.fetch(request)
        if PictureFormat.isWholePicture(fetched.bytes) { cache?.store(fetched.bytes, for: url) }
        return Fetched(bytes: fetched.bytes, cached: false)
      } catch {
        if case .tooLarge = error {
          throw .limitExceeded(source: url, limit: .pictureSize(maxBytes), location: nil)
        }
        if pictureTime, case .timedOut(_, .total, _) = error {
          throw .limitExceeded(
            source: url, limit: .pictureTime(options.pictureTime), location: nil)
        }
        throw PageFetch.feedError(error, options: options)
      }
    }
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
