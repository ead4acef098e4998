import BrowserCore
import Dispatch
import EmbeddedPictures
import FeedKit
import FeedModel
import Locking
import PictureCells
import Pictures

/// Runs the state's picture effects: decides which pictures go when, fetches each one's bytes
/// (built in, from a file, from the disk cache or the web), has the `PictureMaker` for the
/// terminal's way of drawing make them into what the `PictureCache` keeps, and reports each
/// result as an event.
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
    /// Which picture goes when (`PictureSchedule`): its decisions, kept by key.
    var schedule: PictureSchedule
    /// The jobs waiting and running, by key: what the schedule's keys stand for.
    var pending: [PictureKey: PictureJob] = [:]
    var running: [PictureKey: PictureJob] = [:]
    /// Since the last refresh, the web pictures read from the web again; until then the disk
    /// cache is passed by for them.
    var revalidating = false
    var revalidated: Set<String> = []
    /// The size probes asked for and not yet answered, by URL: who to tell.
    var probes: [String: [ProbeWaiter]] = [:]
  }

  /// A size asked for, and where its answer goes.
  private struct ProbeWaiter {
    var request: SizeRequest
    var report: @Sendable (ProbedSize) -> Void
  }

  private let configuration: Configuration
  private let cache: PictureCache
  private let post: @Sendable (Event) -> Void
  private let queue: Locked<Queue>
  /// The web transfers under way, shared by the jobs for one picture at several sizes.
  private let fetches = SharedFetches()
  /// What a picture's bytes become: symbols, a kitty upload, or a picture over the frame.
  private let maker: any PictureMaker

  /// - Parameter post: delivers each result to the main loop (and wakes it).
  public init(
    _ configuration: Configuration, cache: PictureCache,
    post: @escaping @Sendable (Event) -> Void
  ) {
    self.configuration = configuration
    self.cache = cache
    self.post = post
    queue = Locked(
      Queue(
        schedule: PictureSchedule(
          limits: PictureSchedule.Limits(
            jobs: configuration.jobs, transfers: configuration.transfers,
            transfersPerServer: configuration.transfersPerServer,
            prefetchBudget: configuration.prefetchBudget))))
    let decoding = PictureDecoding(
      limits: configuration.limits, animations: configuration.animations,
      animationBudget: configuration.animationBudget)
    if let kitty = configuration.kitty {
      maker = KittyPlaceholderMaker(decoding: decoding, kitty: kitty)
    } else if let overlay = configuration.overlay {
      maker = OverlayMaker(decoding: decoding, overlay: overlay)
    } else {
      maker = SymbolMaker(
        decoding: decoding, colorMode: configuration.colorMode, symbols: configuration.symbols,
        background: configuration.background, cellAspect: configuration.cellAspect,
        diskCache: configuration.diskCache)
    }
  }

  /// Queues a batch of requests, in order, ahead of older ones still waiting. A picture asked
  /// for again while a cancelled run of it winds down starts afresh once that has ended.
  public func load(_ keys: [PictureKey]) {
    update(load: keys, cancel: [], rank: nil)
  }

  /// What the state asked for in one turn, as one change (`PictureSchedule.update`): `load`
  /// queued, `ranking` applied, `cancel` forgotten or stopped, then what may start starts. A
  /// picture wanted at a new size keeps the transfer of its old one, cancelled here. Nothing
  /// asked, nothing done.
  public func update(
    load keys: [PictureKey], cancel gone: [PictureKey], rank ranking: PictureRanking?
  ) {
    guard !keys.isEmpty || !gone.isEmpty || ranking != nil else { return }
    let jobs = keys.map { PictureJob($0, source: configuration.source) }
    let stopping = queue.withLock { queue in
      let (taken, stopping) = queue.schedule.update(
        requesting: jobs.map { .init($0.key, server: $0.server) }, cancelling: gone,
        ranking: ranking)
      let fresh = Set(taken.map(\.key))
      for job in jobs where fresh.contains(job.key) { queue.pending[job.key] = job }
      for key in gone { queue.pending[key] = nil }
      return stopping.compactMap { queue.running[$0]?.markCancelled() }
    }
    for transfer in stopping { transfer.cancel() }
    startWaiting()
  }

  /// Reads the sizes of `requests`' pictures from their first bytes (`SizeProbe`), each probe
  /// holding one of its server's transfers as a picture does (`PictureSchedule`): probes and
  /// pictures together open no more than `transfersPerServer` connections to a server, and a
  /// picture in view never waits behind the probe of a box out of view. Each result goes to
  /// `report` as it arrives.
  public func probe(
    _ requests: [SizeRequest], report: @escaping @Sendable (ProbedSize) -> Void
  ) {
    guard !requests.isEmpty else { return }
    // Asked again is asked before and not answered yet; a picture asked fresh in this same
    // batch (one picture in two boxes) is asked now, and its repeats are that request: taken
    // for "asked before", it found no probe waiting and none was ever started.
    let freshURLs = Set(requests.lazy.filter { !$0.again }.map(\.imageURL))
    let requests = requests.filter { !$0.again || !freshURLs.contains($0.imageURL) }
    let source = configuration.source
    let probes = requests.map { request in
      let location = try? source.pictureLocation(of: request.imageURL)
      // A box in view or around it: its picture is drawn or prefetched next, so it is fetched
      // whole at once, its size read from its first bytes, rather than probed and then
      // fetched (around the view only within the prefetch budget: `PictureSchedule.Probe`).
      // (A request asked again keeps what its waiting probe found: the disk cache is not read
      // again for it.)
      var whole = false
      if !request.again, case .web(let url)? = location {
        whole = !SizeProbe.isKnown(url, in: configuration.diskCache)
      }
      return PictureSchedule.Probe(
        url: request.imageURL, server: location?.server, inView: request.inView, whole: whole)
    }
    queue.withLock { queue in
      for request in requests where !request.again {
        queue.probes[request.imageURL, default: []].append(
          ProbeWaiter(request: request, report: report))
      }
      queue.schedule.probe(
        probes, again: Set(requests.filter(\.again).map(\.imageURL)))
    }
    startWaiting()
  }

  /// Orders the requests waiting as `ranking` says, those in view first, and starts the
  /// budget for pictures out of view afresh.
  public func rank(_ ranking: PictureRanking) {
    update(load: [], cancel: [], rank: ranking)
  }

  /// Forgets requests that have not started, and stops those that have: a transfer under way
  /// is closed, a decode not yet begun is skipped. A cancelled picture is not reported.
  public func cancel(_ keys: [PictureKey]) {
    update(load: [], cancel: keys, rank: nil)
  }

  /// Whether a job waiting or running, not cancelled, wants the picture at `url`: a transfer
  /// for it is then kept going though the job that started it was cancelled.
  private func wants(_ url: String) -> Bool {
    queue.withLock { queue in
      queue.pending.values.contains { $0.webURL == url }
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
  package var backlog: Int { queue.withLock { $0.schedule.backlog } }

  /// How many probes and jobs wait for the web fetch of `url` under way: for tests.
  package func waitingForFetch(of url: String) -> Int { fetches.waiting(for: url) }

  /// The keys waiting, in the order they will start: for tests.
  package var waiting: [PictureKey] { queue.withLock { $0.schedule.pending.map(\.key) } }

  /// Starts every job and probe the schedule lets start now.
  private func startWaiting() {
    let (started, probes) = queue.withLock { queue in
      var started: [(PictureJob, Bool)] = []
      var probes: [PictureSchedule.Probe] = []
      for action in queue.schedule.actions() {
        switch action {
        case .start(let start):
          guard let job = queue.pending.removeValue(forKey: start.key) else { continue }
          queue.running[start.key] = job
          started.append((job, start.ahead))
        case .probe(let probe): probes.append(probe)
        }
      }
      return (started, probes)
    }
    for (job, ahead) in started {
      // A web picture's start is the network's (its transfer begins there); a file's is a
      // read and a decode.
      let lane = job.server == nil ? Self.decoding(ahead: ahead) : Self.networkQueue
      lane.async { self.begin(job, ahead: ahead) }
    }
    for probe in probes {
      Task.detached(priority: Self.network) { await self.run(probe) }
    }
  }

  /// The priority of the tasks that wait on the network (transfers, probes, what follows
  /// their ends): above every decode's.
  ///
  /// Why: on Linux, Swift's tasks and Dispatch's global queues share one pool, a few threads
  /// for each quality of service, as many as the machine has cores. A transfer's end waited
  /// there behind the decodes of the same quality, each a few milliseconds of CPU, and only
  /// then freed its connection for the next picture: 20-30 ms a round of six with two cores
  /// (a trace of `G` on a feed without sizes). Work of another quality runs on threads of its
  /// own, so a decode never holds up the next request.
  static let network = TaskPriority.userInitiated

  /// `network`'s lane among Dispatch's queues: where a web picture's job begins.
  static let networkQueue = DispatchQueue.global(qos: .userInitiated)

  /// Where a picture is read and decoded: CPU work, below `network`, the pictures in view
  /// above those around it.
  static func decoding(ahead: Bool) -> DispatchQueue {
    DispatchQueue.global(qos: ahead ? .utility : .default)
  }

  /// Reads `probe`'s size, tells whoever asked, and gives its transfer back.
  private func run(_ probe: PictureSchedule.Probe) async {
    var fetched = 0
    if probe.whole, case .web(let url)? = try? configuration.source.pictureLocation(of: probe.url) {
      fetched = await fetchWhole(probe, url: url)
    } else {
      tell(
        probe.url,
        await SizeProbe.size(
          of: .unsized(imageURL: probe.url), in: configuration.source,
          options: configuration.load, cache: configuration.diskCache))
    }
    queue.withLock { _ = $0.schedule.probeEnded(probe.url, fetched: fetched) }
    startWaiting()
  }

  /// Fetches `probe`'s picture (at `url`) whole, shared with its picture's job
  /// (`SharedFetches`), and tells its size as soon as its first bytes show it. The bytes are
  /// kept for that job: in the disk cache, else as a whole `ProbedPrefixes` entry. Returns
  /// the bytes that came from the web: none from the disk cache, or when the fetch failed.
  ///
  /// The size is kept in the disk cache once the fetch has ended, from this task: `settle`
  /// runs inside the transfer's watch, on the thread that moves every transfer's bytes, and a
  /// size record written there (a file made, written and renamed: ~1 ms, more on a busy disk)
  /// held up the bytes of every other picture of the screen for as long.
  private func fetchWhole(_ probe: PictureSchedule.Probe, url: String) async -> Int {
    let told = Locked<PictureSize.Outcome?>(nil)
    let settle: @Sendable (PictureSize.Outcome) -> Void = { outcome in
      let first = told.withLock { told in
        defer { told = told ?? outcome }
        return told == nil
      }
      guard first else { return }
      self.tell(probe.url, SizeProbe.result(outcome, of: probe.url))
    }
    defer {
      if let outcome = told.withLock({ $0 }) {
        SizeProbe.remember(outcome, of: url, in: configuration.diskCache)
      }
    }
    let configuration = configuration
    let fetched = await fetches.bytes(of: url, stillWanted: wants) {
      do throws(FeedError) {
        let fetched = try await PictureFetch.fetch(
          .web(url), options: configuration.load, maxBytes: configuration.limits.maxBytes,
          cache: configuration.diskCache,
          watch: { bytes in
            guard let outcome = PictureSize.arriving(bytes, ended: false) else { return true }
            settle(outcome)
            return false
          })
        // Kept before the shared fetch ends (`SharedFetches` forgets it when this returns):
        // a job that begins in between found neither the fetch nor the bytes, and fetched the
        // picture again.
        if !fetched.cached,
          configuration.diskCache == nil || !PictureFormat.isWholePicture(fetched.bytes)
        {
          ProbedPrefixes.shared.keep(
            .init(bytes: fetched.bytes, total: fetched.bytes.count), for: url)
        }
        return .success(fetched)
      } catch {
        return .failure(error)
      }
    }
    switch fetched {
    case .success(let fetched):
      if let outcome = PictureSize.arriving(fetched.bytes, ended: true) { settle(outcome) }
      return fetched.cached ? 0 : fetched.bytes.count
    case .failure(let error):
      if told.withLock({ $0 == nil }) { tell(probe.url, .failure(error)) }
      return 0
    }
  }

  /// Tells whoever asked for the size of the picture at `imageURL` what its probe found.
  private func tell(
    _ imageURL: String, _ result: Result<(width: Double, height: Double), FeedError>
  ) {
    let waiters = queue.withLock { $0.probes.removeValue(forKey: imageURL) ?? [] }
    for waiter in waiters {
      waiter.report(
        SizeProbe.probed(waiter.request, result, naming: configuration.load.settingNames))
    }
  }

  /// Gives back the transfer `job` holds on its server, if it still holds one; `fetched`
  /// bytes came from the web, over a connection that `multiplexed` or not.
  private func endTransfer(_ job: PictureJob, fetched: Int = 0, multiplexed: Bool = false) {
    let released = queue.withLock { queue in
      guard queue.running[job.key] === job else { return false }
      return queue.schedule.transferEnded(job.key, fetched: fetched, multiplexed: multiplexed)
    }
    if released { startWaiting() }
  }

  /// Ends `job`: reports it unless it was cancelled, and starts what waited for its place.
  private func end(_ job: PictureJob, failure: String?) {
    let report = queue.withLock { queue in
      guard queue.running[job.key] === job else { return false }
      queue.running[job.key] = nil
      // Under the queue's lock: a cancel either came before this (and is seen) or finds the
      // job gone.
      return queue.schedule.ended(job.key) && !job.isCancelled
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
    if useDiskCache, let made = maker.madeBefore(key, at: location) {
      cache.insert(made, for: key)
      return end(job, failure: nil)
    }
    switch location {
    case .embedded(let name):
      guard let bytes = SamplePictures.bytes(named: name) else {
        let error = FeedError.unreadable(
          source: key.url, detail: "the sample feed has no such picture")
        return end(job, failure: error.message(naming: configuration.load.settingNames))
      }
      make(job, from: bytes, at: location)
    case .file(let path):
      do throws(FeedError) {
        let bytes = try PictureFetch.readFile(path, maxBytes: configuration.limits.maxBytes)
        make(job, from: bytes, at: location)
      } catch {
        end(job, failure: error.message(naming: configuration.load.settingNames))
      }
    case .web(let url):
      let transfer = Task(priority: Self.network) { [configuration, useDiskCache] in
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
        if case .success(let fetched) = fetched {
          self.endTransfer(
            job, fetched: fetched.transferred, multiplexed: fetched.multiplexed)
        } else {
          self.endTransfer(job)
        }
        Self.decoding(ahead: ahead).async {
          switch fetched {
          case .success(let fetched):
            // Bytes the disk cache kept that do not decode are dropped and fetched once more.
            self.make(job, from: fetched.bytes, at: location, cachedFor: fetched.cached ? url : nil)
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
    let ahead = queue.withLock { queue in
      queue.schedule.transferAgain(job.key)
      return queue.schedule.isAhead(job.key)
    }
    begin(job, ahead: ahead, readingDiskCache: false)
  }

  /// On a worker: has the maker make `bytes` (read from `location`) into the picture the
  /// cache keeps, unless `job` was cancelled.
  /// - Parameter cachedFor: the URL the disk cache kept `bytes` for: if they do not decode,
  ///   they are fetched again instead of reported.
  private func make(
    _ job: PictureJob, from bytes: [UInt8], at location: PictureLocation,
    cachedFor url: String? = nil
  ) {
    let key = job.key
    guard !job.isCancelled else { return end(job, failure: nil) }
    if case .header(let header) = PictureHeader.read(bytes) {
      post(
        .pictureFacts(
          url: key.url,
          PictureFacts(
            format: header.format.description, width: header.displayWidth,
            height: header.displayHeight, bytes: bytes.count,
            note: PictureDecoding.stillNote(bytes))))
    }
    do {
      if let made = try maker.make(key, from: bytes, at: location, cancelled: { job.isCancelled }) {
        if let replaced = made.replaces { cache.remove(replaced) }
        cache.insert(made.picture, for: key)
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
}
