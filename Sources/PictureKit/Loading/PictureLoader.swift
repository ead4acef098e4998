import BrowserCore
import Dispatch
import EmbeddedPictures
import FeedKit
import FeedModel
import Glibc
import Locking
import PictureCells
import Pictures

/// Runs the state's picture effects: fetches each picture's bytes (built in, from a file, from
/// the disk cache or the web), decodes them at the smallest size that covers the cells, draws
/// them as symbols into the `PictureCache`, and reports each result as an event.
///
/// A few at a time, so that scrolling, keys and the status line never wait for a picture: files
/// are read and pictures decoded on worker threads, while a web picture's transfer holds no
/// thread (a worker blocked on the network would leave the pool a core short). The newest
/// requests go first (they are the boxes now in view), but never more than
/// `transfersPerServer` transfers to one server: a busy server's queue waits its turn while
/// other servers' pictures go ahead. Transfers are counted apart from the `jobs` that read and
/// decode, so pictures dripping from a slow server never hold another server's back; each
/// transfer ends by `LoadOptions.pictureTime`. Once the state ranks what it wants
/// (`rank(_:)`), the pictures in view start first; those around the view follow at a lower
/// priority and, from the web, within `prefetchBudget` bytes until the next ranking.
/// A cancelled request costs nothing if it has not started,
/// and stops its transfer and skips its decode if it has. A hostile picture costs its own box:
/// every failure becomes the box's reason.
public final class PictureLoader: Sendable {
  public struct Configuration: Sendable {
    public var source: FeedSource
    public var colorMode: CellColorMode
    public var limits = PictureLimits()
    public var load = LoadOptions()
    public var diskCache: PictureDiskCache?
    /// Pictures read from files or the disk cache and decoded at once.
    public var jobs = 4
    /// Web transfers at once, to all servers.
    public var transfers = 16
    /// Web transfers at once to one server (`host:port`), as browsers allow per host: a feed of
    /// one site's pictures asked for many at a time still opens no more connections than a
    /// browser would. A cap on connections, not on streams: to a server that answered over
    /// HTTP/2, where transfers share one connection, up to `transfers` go at once.
    public var transfersPerServer = 6
    /// The most bytes fetched from the web for pictures out of view (a screen ahead, a screen
    /// behind) after each ranking: a screen of 5 MB photographs is not all read before the
    /// reader gets there. Checked as each transfer starts, so those under way may pass it.
    public var prefetchBudget = 16 << 20
    /// Set to send pictures as pixels through kitty's graphics protocol instead of drawing
    /// symbols.
    public var kitty: KittyPixels?
    /// Set to draw pictures as sixel or iTerm2 files over the frame instead.
    public var overlay: OverlayPictures?
    /// How many times taller than wide a cell is, for the shape of symbol pictures (the pixel
    /// protocols know their cells' pixels).
    public var cellAspect = 2.0
    /// The characters symbol pictures are drawn with: ASCII where the terminal is not UTF-8.
    public var symbols = SymbolSet.blocks
    /// The colour, `0xRRGGBB`, symbol pictures lay partly transparent pixels over: the
    /// terminal's background when it answered, else black (`SymbolRenderer.background`).
    public var background: UInt32 = 0
    /// Whether animated GIFs and WebPs are drawn frame by frame (`--no-animation`: their first
    /// frame, marked as moving).
    public var animations = true
    /// The most bytes of cells one moving picture's frames may take; the frames after are not
    /// drawn, and it loops over those it has. All pictures together stay within the memory
    /// cache's budget, which counts every frame.
    public var animationBudget = 16 << 20

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
      background = settings.decision?.background ?? 0
      animations = settings.animations
      animationBudget = max(1 << 20, settings.memoryBudget / 4)
    }
  }

  private struct Queue {
    var pending: [PictureJob] = []
    var running: [PictureKey: PictureJob] = [:]
    /// Web transfers under way by server, and the pictures that hold one.
    var transfers: [String: Int] = [:]
    var transferring: Set<PictureKey> = []
    /// The servers that answered over HTTP/2 or later.
    var multiplexing: Set<String> = []
    /// Since the last refresh, the web pictures read from the web again; until then the disk
    /// cache is passed by for them.
    var revalidating = false
    var revalidated: Set<String> = []
    /// Each wanted picture's place in the last ranking, and how many of the first are in
    /// view; nil before any (every picture is then as urgent as one in view).
    var ranks: [PictureKey: Int]?
    var visibleCount = 0
    /// Bytes fetched from the web since the last ranking for pictures out of view.
    var prefetched = 0

    /// Whether `key` is wanted only around the view, not in it.
    func isAhead(_ key: PictureKey) -> Bool {
      guard let ranks else { return false }
      return ranks[key].map { $0 >= visibleCount } ?? true
    }
  }

  /// What a picture's bytes become.
  private enum Output: Sendable {
    case kitty(KittyPixels)
    case overlay(OverlayPictures)
    /// Symbol cells, also kept on disk under `drawnKey` when there is one.
    case symbols(drawnKey: String?)
  }

  private let configuration: Configuration
  private let cache: PictureCache
  private let post: @Sendable (Event) -> Void
  private let queue = Locked(Queue())
  /// The web transfers under way, shared by the jobs for one picture at several sizes.
  private let fetches = SharedFetches()
  private let renderer: SymbolRenderer

  /// - Parameter post: delivers each result to the main loop (and wakes it).
  public init(
    _ configuration: Configuration, cache: PictureCache,
    post: @escaping @Sendable (Event) -> Void
  ) {
    self.configuration = configuration
    self.cache = cache
    self.post = post
    renderer = SymbolRenderer(
      colorMode: configuration.colorMode, symbols: configuration.symbols,
      background: configuration.background)
  }

  /// Queues a batch of requests, in order, ahead of older ones still waiting. A picture asked
  /// for again while a cancelled run of it winds down starts afresh once that has ended.
  public func load(_ keys: [PictureKey]) {
    guard !keys.isEmpty else { return }
    let jobs = keys.map { PictureJob($0, source: configuration.source) }
    queue.withLock { queue in
      let fresh = jobs.filter { job in queue.running[job.key].map(\.isCancelled) ?? true }
      let wanted = Set(fresh.map(\.key))
      queue.pending.removeAll { wanted.contains($0.key) }
      queue.pending.insert(contentsOf: fresh, at: 0)
    }
    startWaiting()
  }

  /// Orders the requests waiting as `ranking` says, those in view first, and starts the
  /// budget for pictures out of view afresh.
  public func rank(_ ranking: PictureRanking) {
    queue.withLock { queue in
      var ranks: [PictureKey: Int] = [:]
      for (place, key) in (ranking.visible + ranking.ahead).enumerated() where ranks[key] == nil {
        ranks[key] = place
      }
      queue.ranks = ranks
      queue.visibleCount = ranking.visible.count
      queue.prefetched = 0
      queue.pending = queue.pending.enumerated().sorted { a, b in
        (ranks[a.element.key] ?? Int.max, a.offset) < (ranks[b.element.key] ?? Int.max, b.offset)
      }.map(\.element)
    }
    startWaiting()
  }

  /// Forgets requests that have not started, and stops those that have: a transfer under way
  /// is closed, a decode not yet begun is skipped. A cancelled picture is not reported.
  public func cancel(_ keys: [PictureKey]) {
    guard !keys.isEmpty else { return }
    let gone = Set(keys)
    let stopping = queue.withLock { queue in
      queue.pending.removeAll { gone.contains($0.key) }
      return gone.compactMap { queue.running[$0]?.markCancelled() }
    }
    for transfer in stopping { transfer.cancel() }
  }

  /// Whether a job waiting or running, not cancelled, wants the picture at `url`: a transfer
  /// for it is then kept going though the job that started it was cancelled.
  private func wants(_ url: String) -> Bool {
    queue.withLock { queue in
      queue.pending.contains { $0.webURL == url }
        || queue.running.values.contains { $0.webURL == url && !$0.isCancelled }
    }
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

  /// The keys waiting, in the order they will start: for tests.
  package var waiting: [PictureKey] { queue.withLock { $0.pending.map(\.key) } }

  private func startWaiting() {
    while let (job, ahead) = next() {
      DispatchQueue.global(qos: ahead ? .utility : .userInitiated).async {
        self.begin(job, ahead: ahead)
      }
    }
  }

  /// The first waiting request that may start: not still running (cancelled); for a web
  /// picture, one whose server has a transfer to spare (and, out of view, while the budget
  /// lasts), for another a free job. Whether it is out of view.
  private func next() -> (PictureJob, ahead: Bool)? {
    queue.withLock { queue in
      var found: Int?
      let working = queue.running.count - queue.transferring.count
      for (index, job) in queue.pending.enumerated() where queue.running[job.key] == nil {
        if let server = job.server {
          guard queue.transferring.count < configuration.transfers,
            queue.transfers[server, default: 0]
              < (queue.multiplexing.contains(server)
                ? configuration.transfers : configuration.transfersPerServer),
            queue.prefetched < configuration.prefetchBudget || !queue.isAhead(job.key)
          else { continue }
        } else if working >= configuration.jobs {
          continue
        }
        found = index
        break
      }
      guard let found else { return nil }
      let job = queue.pending.remove(at: found)
      queue.running[job.key] = job
      if let server = job.server {
        queue.transfers[server, default: 0] += 1
        queue.transferring.insert(job.key)
      }
      return (job, queue.isAhead(job.key))
    }
  }

  /// Gives back the transfer `job` holds on its server, if it still holds one.
  private func endTransfer(_ job: PictureJob) {
    let released = queue.withLock { queue in
      guard queue.transferring.remove(job.key) != nil, let server = job.server else {
        return false
      }
      let left = queue.transfers[server, default: 1] - 1
      queue.transfers[server] = left > 0 ? left : nil
      return true
    }
    if released { startWaiting() }
  }

  /// Ends `job`: reports it unless it was cancelled, and starts what waited for its place.
  private func end(_ job: PictureJob, failure: String?) {
    endTransfer(job)
    let report = queue.withLock { queue in
      if queue.running[job.key] === job { queue.running[job.key] = nil }
      // Read under the queue's lock: a cancel either came before this (and is seen) or finds
      // the job gone.
      return !job.isCancelled
    }
    if report { post(.pictureLoaded(job.key, failure: failure)) }
    startWaiting()
  }

  /// On a worker: the caches, then the picture's bytes, read here for a built-in picture or a
  /// file, or fetched by a transfer that comes back to a worker with them.
  /// - Parameter readingDiskCache: false passes the disk cache by (its bytes did not decode).
  /// - Parameter ahead: the picture is out of view: its bytes count against the budget, and it
  ///   is decoded at a lower priority.
  private func begin(_ job: PictureJob, ahead: Bool = false, readingDiskCache: Bool = true) {
    let key = job.key
    if job.isCancelled || cache.picture(for: key) != nil { return end(job, failure: nil) }
    let location: PictureLocation
    switch job.location {
    case .success(let resolved): location = resolved
    case .failure(let error):
      return end(job, failure: error.message(naming: configuration.load.settingNames))
    }
    var useDiskCache = readingDiskCache
    if case .web(let url) = location, mustRevalidate(url) { useDiskCache = false }
    let output: Output
    if let kitty = configuration.kitty {
      output = .kitty(kitty)
    } else if let overlay = configuration.overlay {
      output = .overlay(overlay)
    } else {
      let drawnKey = drawnCacheKey(key, at: location)
      if useDiskCache, let drawnKey, let bytes = configuration.diskCache?.bytes(for: drawnKey),
        let picture = SymbolPicture(bytes: bytes), picture.columns == key.columns,
        picture.rows == key.rows
      {
        cache.insert(picture, for: key)
        return end(job, failure: nil)
      }
      output = .symbols(drawnKey: drawnKey)
    }
    switch location {
    case .embedded(let name):
      guard let bytes = SamplePictures.bytes(named: name) else {
        let error = FeedError.unreadable(
          source: key.url, detail: "the sample feed has no such picture")
        return end(job, failure: error.message(naming: configuration.load.settingNames))
      }
      make(job, from: bytes, into: output)
    case .file(let path):
      do throws(FeedError) {
        let bytes = try PictureFetch.readFile(path, maxBytes: configuration.limits.maxBytes)
        make(job, from: bytes, into: output)
      } catch {
        end(job, failure: error.message(naming: configuration.load.settingNames))
      }
    case .web(let url):
      let transfer = Task { [configuration, useDiskCache] in
        let fetched = await self.fetches.bytes(of: url, stillWanted: self.wants) {
          do throws(FeedError) {
            return .success(
              try await PictureFetch.fetch(
                location, options: configuration.load,
                maxBytes: configuration.limits.maxBytes, cache: configuration.diskCache,
                readCache: useDiskCache))
          } catch {
            return .failure(error)
          }
        }
        if case .success(let fetched) = fetched, fetched.transferred > 0 {
          self.queue.withLock { queue in
            if ahead { queue.prefetched += fetched.transferred }
            if fetched.multiplexed, let server = job.server { queue.multiplexing.insert(server) }
          }
        }
        self.endTransfer(job)
        DispatchQueue.global(qos: ahead ? .utility : .userInitiated).async {
          switch fetched {
          case .success(let fetched):
            // Bytes the disk cache kept that do not decode are dropped and fetched once more.
            self.make(job, from: fetched.bytes, into: output, cachedFor: fetched.cached ? url : nil)
          case .failure(let error):
            self.end(job, failure: error.message(naming: configuration.load.settingNames))
          }
        }
      }
      job.attach(transfer)
    }
  }

  /// Drops `url`'s bytes from the disk cache and fetches them from the web, holding a transfer
  /// on the server again.
  private func fetchAgain(_ job: PictureJob, url: String) {
    configuration.diskCache?.remove(url)
    queue.withLock { queue in
      if let server = job.server, queue.transferring.insert(job.key).inserted {
        queue.transfers[server, default: 0] += 1
      }
    }
    begin(job, ahead: queue.withLock { $0.isAhead(job.key) }, readingDiskCache: false)
  }

  /// On a worker: decodes `bytes` and makes `output` of them, unless `job` was cancelled.
  /// - Parameter cachedFor: the URL the disk cache kept `bytes` for: if they do not decode,
  ///   they are fetched again instead of reported.
  private func make(
    _ job: PictureJob, from bytes: [UInt8], into output: Output, cachedFor url: String? = nil
  ) {
    let key = job.key
    guard !job.isCancelled else { return end(job, failure: nil) }
    if case .header(let header) = PictureHeader.read(bytes) {
      post(
        .pictureFacts(
          url: key.url,
          PictureFacts(
            format: header.format.description, width: header.displayWidth,
            height: header.displayHeight, bytes: bytes.count)))
    }
    do {
      switch output {
      case .kitty(let kitty):
        try send(key, bytes, through: kitty, job: job)
      case .overlay(let overlay):
        try encode(key, bytes, for: overlay, job: job)
      case .symbols(let drawnKey):
        if key.crop == nil, let moving = try movingCells(key, bytes, job: job) {
          guard !job.isCancelled else { return end(job, failure: nil) }
          cache.insert(moving, for: key)
          return end(job, failure: nil)
        }
        let image = try decodeStill(
          bytes, fitting: PictureFit.decodeSize(columns: key.columns, rows: key.rows),
          crop: key.crop)
        guard !job.isCancelled else { return end(job, failure: nil) }
        let cells = Self.cells(for: image, in: key, cellAspect: configuration.cellAspect)
        let picture = renderer.render(
          rgba: image.pixels, width: image.width, height: image.height, columns: cells.columns,
          rows: cells.rows)
        cache.insert(picture, for: key)
        if let drawnKey { configuration.diskCache?.store(picture.bytes, for: drawnKey) }
      }
      end(job, failure: nil)
    } catch let error as PictureError {
      if let url { return fetchAgain(job, url: url) }
      end(job, failure: error.description)
    } catch let error as PixelsError {
      end(job, failure: error.description)
    } catch {
      end(job, failure: "\(error)")
    }
  }

  /// `bytes` decoded to fit `fitting`; for a zoomed full screen (`crop`), decoded as many
  /// times larger as the zoom magnifies, the window cut from that and fitted: drawn from the
  /// picture's own pixels, sharper as the zoom goes in, never enlarged from the whole's cells.
  private func decodeStill(_ bytes: [UInt8], fitting: (width: Int, height: Int), crop: PictureCrop?)
    throws -> RGBAImage
  {
    guard let crop else {
      return try PictureDecoder.decode(bytes, fitting: fitting, limits: configuration.limits)
    }
    let scale = crop.magnification
    let larger = (
      width: Int((Double(fitting.width) * scale).rounded(.up)),
      height: Int((Double(fitting.height) * scale).rounded(.up))
    )
    let image = try PictureDecoder.decode(bytes, fitting: larger, limits: configuration.limits)
    let window = image.cropped(
      to: crop.pixels(pictureWidth: image.width, pictureHeight: image.height))
    return window.scaled(toFit: fitting)
  }

  /// `key`'s picture as moving cells when `bytes` are an animated GIF or WebP: every frame
  /// decoded, composed and shrunk once, then drawn into cells once, within the frame limit and
  /// `animationBudget`; its first frame marked as moving when animations are off. Nil for a
  /// still. Not kept on disk: the disk cache keeps one frame's cells.
  private func movingCells(_ key: PictureKey, _ bytes: [UInt8], job: PictureJob) throws
    -> SymbolPicture?
  {
    guard Self.isMoving(bytes) else { return nil }
    let fitting = PictureFit.decodeSize(columns: key.columns, rows: key.rows)
    guard configuration.animations else {
      let image = try PictureDecoder.decode(bytes, fitting: fitting, limits: configuration.limits)
      let cells = Self.cells(for: image, in: key, cellAspect: configuration.cellAspect)
      var still = renderer.render(
        rgba: image.pixels, width: image.width, height: image.height, columns: cells.columns,
        rows: cells.rows)
      still.moves = true
      return still
    }
    var size: (columns: Int, rows: Int)?
    var frames: [[SymbolCell]] = []
    var delays: [Int] = []
    var bytesUsed = 0
    let summary = try AnimationDecoder.frames(
      bytes, fitting: fitting, limits: configuration.limits
    ) { frame in
      let cells =
        size ?? Self.cells(for: frame.image, in: key, cellAspect: configuration.cellAspect)
      size = cells
      let drawn = renderer.render(
        rgba: frame.image.pixels, width: frame.image.width, height: frame.image.height,
        columns: cells.columns, rows: cells.rows)
      frames.append(drawn.cells)
      delays.append(frame.delay)
      bytesUsed += drawn.cells.count * MemoryLayout<SymbolCell>.stride
      return !job.isCancelled && bytesUsed < configuration.animationBudget
    }
    guard let size, let first = frames.first else { return nil }
    guard frames.count >= 2 else {
      return SymbolPicture(columns: size.columns, rows: size.rows, cells: first)
    }
    return .animated(
      CellAnimation(frames: frames, delays: delays, loops: summary.loops), columns: size.columns,
      rows: size.rows)
  }

  /// Whether `bytes` are a moving picture that is drawn still because moving pictures are off:
  /// its box says it moves.
  private func stillOfMoving(_ bytes: [UInt8]) -> Bool {
    !configuration.animations && Self.isMoving(bytes)
  }

  /// Whether `bytes` are an animated GIF or WebP: more than one frame.
  private static func isMoving(_ bytes: [UInt8]) -> Bool {
    guard let format = PictureFormat.sniff(bytes), format == .gif || format == .webp else {
      return false
    }
    return AnimationDecoder.isAnimated(bytes)
  }

  /// A moving picture's frames at `fitting` pixels, for a terminal that plays them itself:
  /// its first frame and the rest; nil for a still, or with animations off. The frames held
  /// at once are within `animationBudget`.
  private func pixelFrames(
    _ bytes: [UInt8], fitting: (Int, Int), job: PictureJob,
    frameLimit: Int = AnimationDecoder.maximumFrames
  ) throws -> (first: RGBAImage, rest: PixelAnimation)? {
    guard configuration.animations, Self.isMoving(bytes) else { return nil }
    var frames: [AnimationFrame] = []
    var used = 0
    let summary = try AnimationDecoder.frames(
      bytes, fitting: (width: fitting.0, height: fitting.1), limits: configuration.limits,
      maximumFrames: frameLimit
    ) { frame in
      frames.append(frame)
      used += frame.image.pixels.count
      return !job.isCancelled && used < configuration.animationBudget
    }
    guard frames.count >= 2, let first = frames.first else { return nil }
    return (
      first.image,
      PixelAnimation(
        firstDelay: first.delay, frames: Array(frames.dropFirst()), loops: summary.loops,
        file: bytes)
    )
  }

  /// Sends `key`'s picture to the terminal, sized for its cells in pixels, and keeps its
  /// placeholder in the cache.
  private func send(
    _ key: PictureKey, _ bytes: [UInt8], through kitty: KittyPixels, job: PictureJob
  ) throws {
    let keyRows = min(key.rows, KittyPlaceholder.maximumRows)
    let fitting = (key.columns * kitty.cell.width, keyRows * kitty.cell.height)
    let moving = key.crop == nil ? try pixelFrames(bytes, fitting: fitting, job: job) : nil
    let image = try moving?.first ?? decodeStill(bytes, fitting: fitting, crop: key.crop)
    let cells = Self.cells(for: image, in: key, cellAspect: kitty.cell.aspect)
    let rows = min(cells.rows, KittyPlaceholder.maximumRows)
    guard let png = PNGEncoder.encode(image) else { throw PixelsError.unencodable }
    let (id, replaced) = kitty.uploads.send(png: png, columns: cells.columns, rows: rows, for: key)
    if let animation = moving?.rest, let frames = animation.encoded {
      kitty.uploads.animate(
        id: id, firstDelay: animation.firstDelay, frames: frames, loops: animation.loops)
    }
    if let replaced { cache.remove(replaced) }
    var picture = SymbolPicture.placeholder(
      KittyPlaceholder(imageID: id, direct: kitty.direct), columns: cells.columns, rows: rows)
    picture.moves = moving != nil || stillOfMoving(bytes)
    cache.insert(picture, for: key)
  }

  /// Keeps `key`'s picture at its cells' pixel size for the frames that draw it over curses'
  /// (a sixel string, an iTerm2 file, or a kitty transmission).
  private func encode(
    _ key: PictureKey, _ bytes: [UInt8], for overlay: OverlayPictures, job: PictureJob
  ) throws {
    let cell = overlay.cell
    let fitting = (key.columns * cell.width, key.rows * cell.height)
    // How a moving picture plays is the protocol's: see `OverlayMotion`.
    let motion = overlay.motion
    let moving =
      motion.plays(key)
      ? try pixelFrames(bytes, fitting: fitting, job: job, frameLimit: motion.frameLimit)
      : nil
    let image = try moving?.first ?? decodeStill(bytes, fitting: fitting, crop: key.crop)
    let cells = Self.cells(for: image, in: key, cellAspect: cell.aspect)
    guard
      let id = overlay.keep(
        image, columns: cells.columns, rows: cells.rows, animation: moving?.rest)
    else {
      throw PixelsError.unencodable
    }
    var picture = SymbolPicture.overlay(id, columns: cells.columns, rows: cells.rows)
    // Played by the terminal, it moves; shown one frame at a time, a box shows its first
    // frame, and so does any with moving pictures off.
    let playedByTerminal = if case .playedByTerminal = motion { true } else { false }
    picture.moves = (moving != nil && playedByTerminal) || stillOfMoving(bytes)
    // The view picks each frame by its clock where the terminal shows one at a time.
    if !playedByTerminal, let moving {
      picture = picture.moving(
        delays: [moving.rest.firstDelay] + moving.rest.frames.map(\.delay), loops: moving.rest.loops
      )
    }
    cache.insert(picture, for: key)
  }

  /// The cells of `key` that show `image` at its own shape, for the view to centre.
  ///
  /// A box is shaped by the size the feed gave, which may not be the picture's: a thumbnail's,
  /// the size before an EXIF rotation, a wrong one. Drawn into all of the box's cells, such a
  /// picture was stretched (a 2:1 picture into a square). Within a tenth of the box's shape
  /// the picture fills it, so that a cell's pixels measured slightly off the configured cell
  /// aspect cost no row.
  package static func cells(for image: RGBAImage, in key: PictureKey, cellAspect: Double) -> (
    columns: Int, rows: Int
  ) {
    guard image.width > 0, image.height > 0, key.columns > 0, key.rows > 0,
      cellAspect.isFinite, cellAspect > 0
    else { return (key.columns, key.rows) }
    let shape = Double(image.height) / Double(image.width)
    let box = Double(key.rows) * cellAspect / Double(key.columns)
    guard abs(box / shape - 1) > 0.1 else { return (key.columns, key.rows) }
    let fitted = PictureFit.fit(
      pixelWidth: image.width, pixelHeight: image.height, columns: key.columns, rows: key.rows,
      cellAspect: cellAspect)
    return fitted.columns > 0 && fitted.rows > 0 ? fitted : (key.columns, key.rows)
  }

  /// Where the drawn cells of `key` are kept on disk: by colour mode, size and picture, and
  /// for a file also by its inode, size and modification time, so an edited file is drawn
  /// afresh.
  /// Built-in pictures are drawn faster than they are read back, so they are not kept.
  private func drawnCacheKey(_ key: PictureKey, at location: PictureLocation) -> String? {
    // A zoomed window is drawn for a moment; the disk cache keeps whole pictures' cells.
    guard key.crop == nil else { return nil }
    let set = configuration.symbols == .blocks ? "" : "\(configuration.symbols) "
    // The background is in the key: cells drawn on one terminal's background are not another's.
    let background = String(configuration.background, radix: 16)
    let prefix =
      "cells+frames \(configuration.colorMode) \(set)on \(background) \(key.columns)x\(key.rows) "
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
}
