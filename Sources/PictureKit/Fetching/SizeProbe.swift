import BrowserCore
import FeedKit
import FeedModel

/// Sizes read from the pictures of items a feed gave none for (`FeedItem.hasSize`): only the
/// header is read — a ranged request for the first 64 KiB, a second, longer one when the header
/// is further in — so learning a picture's shape costs a few KB, not the picture.
public enum SizeProbe {
  /// The size of `item`'s picture, or why it cannot be known. The picture is found as the
  /// browser finds it (`FeedSource.pictureLocation`), so a feed from the network never makes
  /// Cascade read a local file.
  /// - Parameter cache: the picture cache: a picture already in it is not fetched again, and a
  ///   size read is kept in it (a few bytes under the picture's URL with a `size:` prefix), so
  ///   a feed opened again lays out at once.
  /// - Parameter prefixes: where the bytes read are kept for the picture's fetch to continue
  ///   (`PictureFetch`), with the disk cache or without it; a whole picture read goes to the
  ///   disk cache instead, when there is one.
  public static func size(
    of item: FeedItem, in source: FeedSource, options: LoadOptions,
    cache: PictureDiskCache? = nil, prefixes: ProbedPrefixes = .shared
  ) async -> Result<(width: Double, height: Double), FeedError> {
    let location: PictureLocation
    do {
      location = try source.pictureLocation(of: item.imageURL)
    } catch {
      return .failure(error)
    }
    let outcome: PictureSize.Outcome
    switch location {
    case .embedded(let name):
      return .failure(.unreadable(source: name, detail: "a built-in picture has its size"))
    case .file(let path):
      do {
        outcome = try PictureSize.read { (count: Int) throws(FeedError) in
          try PictureFile.prefix(of: path, count: count)
        }
      } catch {
        return .failure(error)
      }
    case .web(let url):
      if let known = cache.flatMap({ cachedSize(of: url, in: $0) }) {
        outcome = known
      } else if let cache, let head = cache.prefix(for: url, count: 1) {
        // The header only, however large the entry: a garbled size entry must not make this
        // read a whole picture (or a sparse file of gigabytes) to learn its shape.
        outcome = PictureSize.read { count in
          count <= head.count
            ? Array(head.prefix(count)) : cache.prefix(for: url, count: count) ?? head
        }
      } else {
        // What the probe reads is kept: a small picture comes whole and is the picture, a
        // larger one's first bytes wait for its fetch, which asks only for the rest; a second,
        // longer read continues the first.
        var read = PrefixFetch.Read(bytes: [], start: 0, whole: false)
        // One deadline for the picture's probe, all its reads: `--picture-time`.
        let seconds = PictureFetch.secondsLeft(until: nil, options: options)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
        do {
          outcome = try await PictureSize.read { (count: Int) async throws(FeedError) in
            if !read.whole, read.bytes.count < count {
              read = try await more(
                of: url, after: read, upTo: count, options: options, deadline: deadline)
            }
            return Array(read.bytes.prefix(count))
          }
        } catch {
          // A server that gave nothing in time gets no second wait from the picture's fetch.
          switch error {
          case .timedOut, .limitExceeded(_, .pictureTime, _), .limitExceeded(_, .totalTime, _):
            prefixes.probeGaveUp(url, with: error, until: deadline)
          default: break
          }
          return .failure(error)
        }
        if case .size = outcome {
          if read.whole, let cache {
            cache.store(read.bytes, for: url)
          } else {
            prefixes.keep(
              ProbedPrefixes.Prefix(
                bytes: read.bytes, validator: read.validator,
                total: read.whole ? read.bytes.count : read.total),
              for: url)
          }
        }
      }
      remember(outcome, of: url, in: cache)
    }
    return result(outcome, of: item.imageURL)
  }

  /// What a probe tells of `outcome`, read for the picture at `imageURL`.
  package static func result(_ outcome: PictureSize.Outcome, of imageURL: String)
    -> Result<(width: Double, height: Double), FeedError>
  {
    switch outcome {
    case .size(let width, let height):
      return .success(ItemShape.clamped(width: width, height: height))
    case .unreadable(let reason):
      return .failure(.unreadable(source: imageURL, detail: reason))
    }
  }

  /// Keeps a size read for `url` in `cache`, so a feed opened again lays out at once.
  package static func remember(
    _ outcome: PictureSize.Outcome, of url: String, in cache: PictureDiskCache?
  ) {
    guard let cache, case .size(let width, let height) = outcome else { return }
    cache.store(Array("\(Int(width)) \(Int(height))".utf8), for: sizeKey + url)
  }

  /// Whether `url`'s size or first bytes are in `cache`: a probe of it reads no network.
  package static func isKnown(_ url: String, in cache: PictureDiskCache?) -> Bool {
    guard let cache else { return false }
    return cachedSize(of: url, in: cache) != nil || cache.prefix(for: url, count: 1) != nil
  }

  /// `read` continued up to `count` bytes: bytes `read.bytes.count ..< count` joined to it, or
  /// the file's start afresh where the server sent that instead (it ignores ranges, or the
  /// file changed since the first read).
  private static func more(
    of url: String, after read: PrefixFetch.Read, upTo count: Int, options: LoadOptions,
    deadline: ContinuousClock.Instant
  ) async throws(FeedError) -> PrefixFetch.Read {
    let next = try await PrefixFetch.fetch(
      url, from: read.bytes.count, count: count, validator: read.validator, options: options,
      deadline: deadline)
    if next.start == 0 { return next }
    guard next.start == read.bytes.count else {
      return try await PrefixFetch.fetch(url, count: count, options: options, deadline: deadline)
    }
    var joined = next
    joined.bytes = read.bytes + next.bytes
    joined.start = 0
    joined.validator = next.validator ?? read.validator
    joined.total = next.total ?? read.total
    return joined
  }

  /// What the state is told of `request`'s probe: the size, or why it could not be read, in
  /// the words of the settings' names (`naming`).
  public static func probed(
    _ request: SizeRequest, _ result: Result<(width: Double, height: Double), FeedError>,
    naming: SettingNames
  ) -> ProbedSize {
    switch result {
    case .success(let size):
      return ProbedSize(request: request, width: size.width, height: size.height)
    case .failure(let error):
      return ProbedSize(
        request: request, width: 0, height: 0, failure: error.message(naming: naming))
    }
  }

  /// The prefix of the cache key a picture's size is kept under, beside the picture's own.
  package static let sizeKey = "size:"

  private static func cachedSize(of url: String, in cache: PictureDiskCache) -> PictureSize
    .Outcome?
  {
    guard let bytes = cache.bytes(for: sizeKey + url, atMost: 31) else { return nil }
    let sides = String(decoding: bytes, as: UTF8.self).split(separator: " ").compactMap {
      Int($0)
    }
    guard sides.count == 2, sides[0] > 0, sides[1] > 0 else { return nil }
    return .size(width: Double(sides[0]), height: Double(sides[1]))
  }

  /// Probes at once to one server (`host:port`), as `PictureLoader` allows pictures: a feed of
  /// unsized pictures from one host is read six at a time, not all of a screen at once.
  public static let probesPerServer = 6

  /// Sizes for the items at `indices` of `items`, at most `concurrency` probes at a time and
  /// `perServer` to one server, in the order given (the caller puts the visible ones first):
  /// a probe waiting for a busy server lets the next one for another server go ahead. Each
  /// result is reported to `report` as it arrives.
  public static func probe(
    _ indices: [Int], of items: [FeedItem], in source: FeedSource, options: LoadOptions,
    concurrency: Int = 8, perServer: Int = probesPerServer, cache: PictureDiskCache? = nil,
    prefixes: ProbedPrefixes = .shared,
    report: (Int, Result<(width: Double, height: Double), FeedError>) -> Void
  ) async {
    // Each probe's server (nil: a file, which takes no connection), and per server its probes
    // in the order given.
    let servers = indices.map { (try? source.pictureLocation(of: items[$0].imageURL))?.server }
    var queues: [String?: [Int]] = [:]
    var order: [String?] = []
    for (k, server) in servers.enumerated() {
      if queues[server] == nil { order.append(server) }
      queues[server, default: []].append(k)
    }
    var heads = [String?: Int]()
    var busy: [String: Int] = [:]
    /// The next probe to start: the earliest waiting one whose server has a probe to spare.
    func next() -> (k: Int, server: String?)? {
      var best: (k: Int, server: String?)?
      order.removeAll { queues[$0]?.count == heads[$0, default: 0] }
      for server in order {
        if let server, busy[server, default: 0] >= max(1, perServer) { continue }
        let k = queues[server, default: []][heads[server, default: 0]]
        if best.map({ k < $0.k }) ?? true { best = (k, server) }
      }
      if let best { heads[best.server, default: 0] += 1 }
      return best
    }
    await withTaskGroup(of: (Int, Result<(width: Double, height: Double), FeedError>).self) {
      group in
      var running = 0
      func launch() {
        while running < max(1, concurrency), let (k, server) = next() {
          if let server { busy[server, default: 0] += 1 }
          running += 1
          let item = items[indices[k]]
          group.addTask {
            (
              k,
              await size(of: item, in: source, options: options, cache: cache, prefixes: prefixes)
            )
          }
        }
      }
      launch()
      while let (k, result) = await group.next() {
        running -= 1
        if let server = servers[k] {
          let left = busy[server, default: 1] - 1
          busy[server] = left > 0 ? left : nil
        }
        report(indices[k], result)
        launch()
      }
    }
  }
}
