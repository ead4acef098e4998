import BrowserCore
import Dispatch
import EmbeddedPictures
import FeedKit
import Glibc
import PictureCells
import Pictures
import Synchronization

/// Runs the state's picture effects: fetches each picture's bytes (built in, from a file, from
/// the disk cache or the web), decodes them at the smallest size that covers the cells, draws
/// them as symbols into the `PictureCache`, and reports each result as an event.
///
/// A few at a time, on threads of their own, so that scrolling, keys and the status line never
/// wait for a picture; the newest requests first (they are the boxes now in view), and a
/// request cancelled before it started costs nothing. A hostile picture costs its own box: every
/// failure becomes the box's reason.
public final class PictureLoader: Sendable {
  public struct Configuration: Sendable {
    public var source: FeedSource
    public var colorMode: CellColorMode
    public var limits = PictureLimits()
    public var load = LoadOptions()
    public var diskCache: PictureDiskCache?
    /// Pictures worked on at once.
    public var jobs = 4
    /// Set to send pictures as pixels through kitty's graphics protocol instead of drawing
    /// symbols.
    public var kitty: KittyPixels?
    /// Set to draw pictures as sixel or iTerm2 files over the frame instead.
    public var overlay: OverlayPictures?

    public init(source: FeedSource, colorMode: CellColorMode) {
      self.source = source
      self.colorMode = colorMode
    }

    /// The loader's configuration for what the command line asked (`settings`), drawing in
    /// `colorMode`: the browser and `cascade print` both start from this.
    public init(_ settings: PictureSettings, colorMode: CellColorMode) {
      self.init(source: settings.source, colorMode: colorMode)
      limits = settings.limits
      load = settings.load
      diskCache = settings.diskCache
      jobs = settings.jobs
    }
  }

  private struct Queue {
    var pending: [PictureKey] = []
    var running: Set<PictureKey> = []
    /// Since the last refresh, the web pictures read from the web again; until then the disk
    /// cache is passed by for them.
    var revalidating = false
    var revalidated: Set<String> = []
  }

  private let configuration: Configuration
  private let cache: PictureCache
  private let post: @Sendable (Event) -> Void
  private let queue = Mutex(Queue())
  private let renderer: SymbolRenderer

  /// - Parameter post: delivers each result to the main loop (and wakes it).
  public init(
    _ configuration: Configuration, cache: PictureCache,
    post: @escaping @Sendable (Event) -> Void
  ) {
    self.configuration = configuration
    self.cache = cache
    self.post = post
    renderer = SymbolRenderer(colorMode: configuration.colorMode)
  }

  /// Queues a batch of requests, in order, ahead of older ones still waiting.
  public func load(_ keys: [PictureKey]) {
    guard !keys.isEmpty else { return }
    queue.withLock { queue in
      let fresh = keys.filter { !queue.running.contains($0) }
      let wanted = Set(fresh)
      queue.pending.removeAll { wanted.contains($0) }
      queue.pending.insert(contentsOf: fresh, at: 0)
    }
    startWaiting()
  }

  /// Forgets requests that have not started; one that has finishes, and its result is ignored
  /// by the state unless it asked again.
  public func cancel(_ keys: [PictureKey]) {
    guard !keys.isEmpty else { return }
    let gone = Set(keys)
    queue.withLock { $0.pending.removeAll { gone.contains($0) } }
  }

  /// After a refresh: each web picture is read from the web once more (and the disk cache
  /// updated) before the disk cache serves it again.
  public func revalidate() {
    queue.withLock { queue in
      queue.revalidating = true
      queue.revalidated = []
    }
  }

  /// Whether `url` must be read from the web rather than the disk cache; marks it read.
  private func mustRevalidate(_ url: String) -> Bool {
    queue.withLock { queue in
      queue.revalidating && queue.revalidated.insert(url).inserted
    }
  }

  /// How many requests wait or run: for tests.
  package var backlog: Int { queue.withLock { $0.pending.count + $0.running.count } }

  private func startWaiting() {
    while let key = next() {
      DispatchQueue.global(qos: .userInitiated).async {
        let failure = self.draw(key)
        self.queue.withLock { _ = $0.running.remove(key) }
        self.post(.pictureLoaded(key, failure: failure))
        self.startWaiting()
      }
    }
  }

  private func next() -> PictureKey? {
    queue.withLock { queue in
      guard queue.running.count < configuration.jobs, !queue.pending.isEmpty else { return nil }
      let key = queue.pending.removeFirst()
      queue.running.insert(key)
      return key
    }
  }

  /// Draws `key` into the cache; returns why not, if not.
  private func draw(_ key: PictureKey) -> String? {
    if cache.picture(for: key) != nil { return nil }
    do {
      let location = try configuration.source.pictureLocation(of: key.url)
      var useDiskCache = true
      if case .web(let url) = location, mustRevalidate(url) { useDiskCache = false }
      if let kitty = configuration.kitty {
        try send(key, at: location, useDiskCache: useDiskCache, through: kitty)
        return nil
      }
      if let overlay = configuration.overlay {
        try encode(key, at: location, useDiskCache: useDiskCache, for: overlay)
        return nil
      }
      let drawnKey = drawnCacheKey(key, at: location)
      if useDiskCache, let drawnKey, let bytes = configuration.diskCache?.bytes(for: drawnKey),
        let picture = SymbolPicture(bytes: bytes), picture.columns == key.columns,
        picture.rows == key.rows
      {
        cache.insert(picture, for: key)
        return nil
      }
      let bytes = try fetch(key.url, at: location, useDiskCache: useDiskCache)
      let image = try PictureDecoder.decode(
        bytes, fitting: PictureFit.decodeSize(columns: key.columns, rows: key.rows),
        limits: configuration.limits)
      let picture = renderer.render(
        rgba: image.pixels, width: image.width, height: image.height, columns: key.columns,
        rows: key.rows)
      cache.insert(picture, for: key)
      if let drawnKey { configuration.diskCache?.store(picture.bytes, for: drawnKey) }
      return nil
    } catch let error as PictureError {
      return error.description
    } catch let error as FeedError {
      return error.description
    } catch let error as PixelsError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  /// Sends `key`'s picture to the terminal, sized for its cells in pixels, and keeps its
  /// placeholder in the cache.
  private func send(
    _ key: PictureKey, at location: PictureLocation, useDiskCache: Bool,
    through kitty: KittyPixels
  ) throws {
    let bytes = try fetch(key.url, at: location, useDiskCache: useDiskCache)
    let rows = min(key.rows, KittyPlaceholder.maximumRows)
    let image = try PictureDecoder.decode(
      bytes, fitting: (key.columns * kitty.cell.width, rows * kitty.cell.height),
      limits: configuration.limits)
    guard let png = PNGEncoder.encode(image) else { throw PixelsError.unencodable }
    let (id, replaced) = kitty.uploads.send(png: png, columns: key.columns, rows: rows, for: key)
    if let replaced { cache.remove(replaced) }
    cache.insert(
      .placeholder(
        KittyPlaceholder(imageID: id, direct: kitty.direct), columns: key.columns, rows: rows),
      for: key)
  }

  /// Encodes `key`'s picture as a sixel string or an iTerm2 file at its cells' pixel size, and
  /// keeps it for the frames that place it.
  private func encode(
    _ key: PictureKey, at location: PictureLocation, useDiskCache: Bool,
    for overlay: OverlayPictures
  ) throws {
    let bytes = try fetch(key.url, at: location, useDiskCache: useDiskCache)
    let cell = overlay.cell
    let image = try PictureDecoder.decode(
      bytes, fitting: (key.columns * cell.width, key.rows * cell.height),
      limits: configuration.limits)
    let sequence: [UInt8]
    if overlay.protocolUsed == .sixel {
      sequence = SixelEncoder.encode(
        rgba: image.pixels, width: image.width, height: image.height, columns: key.columns,
        rows: key.rows, cell: (cell.width, cell.height))
    } else {
      sequence =
        PNGEncoder.encode(image).map {
          ITermImage.file(png: $0, columns: key.columns, rows: key.rows)
        } ?? []
    }
    guard !sequence.isEmpty else { throw PixelsError.unencodable }
    let id = overlay.keep(sequence)
    cache.insert(.overlay(id, columns: key.columns, rows: key.rows), for: key)
  }

  /// Where the drawn cells of `key` are kept on disk: by colour mode, size and picture, and
  /// for a file also by its inode, size and modification time, so an edited file is drawn
  /// afresh.
  /// Built-in pictures are drawn faster than they are read back, so they are not kept.
  private func drawnCacheKey(_ key: PictureKey, at location: PictureLocation) -> String? {
    let prefix = "cells \(configuration.colorMode) \(key.columns)x\(key.rows) "
    switch location {
    case .embedded: return nil
    case .web(let url): return prefix + url
    case .file(let path):
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      // Whole seconds: a modification time set back by hand keeps no more.
      return prefix + "\(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec) " + path
    }
  }

  /// The picture's bytes, waiting on this worker thread for the web.
  private func fetch(_ url: String, at location: PictureLocation, useDiskCache: Bool) throws
    -> [UInt8]
  {
    if case .embedded(let name) = location {
      guard let bytes = SamplePictures.bytes(named: name) else {
        throw FeedError.unreadable(source: url, detail: "the sample feed has no such picture")
      }
      return bytes
    }
    let result = Blocking.wait { [configuration] () async throws(FeedError) -> [UInt8] in
      try await PictureFetch.bytes(
        of: location, options: configuration.load, maxBytes: configuration.limits.maxBytes,
        cache: configuration.diskCache, readCache: useDiskCache)
    }
    return try result.get()
  }
}

/// Waits on the calling (worker) thread for an async call: the transport's loop does the
/// waiting for the network, and a worker has nothing else to do meanwhile.
enum Blocking {
  static func wait<T: Sendable>(
    _ work: @escaping @Sendable () async throws(FeedError) -> T
  ) -> Result<T, FeedError> {
    let outcome = Mutex<Result<T, FeedError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let result: Result<T, FeedError>
      do throws(FeedError) {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return outcome.withLock { $0 } ?? .failure(.cancelled(source: "picture"))
  }
}
