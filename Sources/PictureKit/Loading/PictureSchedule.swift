import BrowserCore

/// Which picture the loader starts when: a pure value that takes what happened (pictures and
/// sizes asked for, ranked, cancelled; a transfer ended, bytes fetched, a picture done) and
/// answers with the pictures and size probes that may start now. The loader runs what it
/// answers; its tests need no server, thread or clock.
///
/// The rules: the newest requests go first (they are the boxes now in view), and once the
/// state ranks what it wants, the pictures in view go before those around it. A web picture
/// holds one of its server's `transfersPerServer` transfers while its bytes come (a server that
/// answered over HTTP/2 shares one connection, and takes up to `transfers`), and no more than
/// `transfers` run in all; a picture out of view starts only while the bytes fetched out of
/// view since the last ranking are under `prefetchBudget`. A picture read from a file, the
/// disk cache or the binary holds one of `jobs` workers instead. A picture asked for again
/// while a cancelled run of it winds down starts once that run has ended.
///
/// A size probe (a picture's first bytes, for the size of a box the feed gave none) holds one
/// of its server's transfers as a picture does: probes and pictures together open no more
/// than `transfersPerServer` connections to a server. Pictures in view go first, then the
/// probes of boxes in view, then the other probes, then the pictures around the view: a
/// picture on screen never waits behind a probe for a box off screen.
package struct PictureSchedule: Sendable {
  package struct Limits: Sendable, Equatable {
    package var jobs: Int
    package var transfers: Int
    package var transfersPerServer: Int
    package var prefetchBudget: Int

    package init(jobs: Int, transfers: Int, transfersPerServer: Int, prefetchBudget: Int) {
      self.jobs = jobs
      self.transfers = transfers
      self.transfersPerServer = transfersPerServer
      self.prefetchBudget = prefetchBudget
    }
  }

  /// A picture asked for, and the server its bytes come from (nil: no transfer).
  package struct Request: Hashable, Sendable {
    package var key: PictureKey
    package var server: String?

    package init(_ key: PictureKey, server: String?) {
      self.key = key
      self.server = server
    }
  }

  /// A picture to start now, and whether it is out of view (its bytes count against the
  /// budget, and it is decoded at a lower priority).
  package struct Start: Hashable, Sendable {
    package var key: PictureKey
    package var ahead: Bool
  }

  /// A picture whose size is read from its first bytes (`SizeProbe`), the server they come
  /// from (nil: a file, read by a worker) and whether its box is in view. A probe `whole`
  /// fetches its picture whole, the size read from its first bytes as they arrive: the
  /// picture, asked for while that runs, joins its transfer instead of taking one.
  ///
  /// Asked for, `whole` says that it may be (a web picture); started, that it is. A box in
  /// view is about to be drawn. A box around the view is one whose picture is fetched next
  /// as a prefetch anyway, so its probe fetches it whole while the budget for pictures out of
  /// view lasts (its bytes count against it): one request rather than a probe and then the
  /// rest, which cost a round trip on every box that a jump (`G`) or a late size brought into
  /// view. Past the budget, such a probe reads the first bytes only.
  package struct Probe: Hashable, Sendable {
    package var url: String
    package var server: String?
    package var inView: Bool
    package var whole: Bool

    package init(url: String, server: String?, inView: Bool, whole: Bool = false) {
      self.url = url
      self.server = server
      self.inView = inView
      self.whole = whole
    }
  }

  /// What may start now: a picture, or a size probe.
  package enum Action: Hashable, Sendable {
    case start(Start)
    case probe(Probe)
  }

  package let limits: Limits
  /// The requests waiting, in the order they start.
  package private(set) var pending: [Request] = []
  /// The pictures started and not yet ended, and of those the ones cancelled meanwhile.
  private var running: [PictureKey: Request] = [:]
  private var cancelled: Set<PictureKey> = []
  /// Transfers under way by server, and the pictures that hold one.
  private var transfers: [String: Int] = [:]
  private var transferring: Set<PictureKey> = []
  /// The pictures waiting for the bytes of a probe that fetches them whole: on the network,
  /// as those transferring are, so holding no worker.
  private var joined: Set<PictureKey> = []
  /// The servers that answered over HTTP/2 or later.
  private var multiplexing: Set<String> = []
  /// Each wanted picture's place in the last ranking, and how many of the first are in view;
  /// nil before any (every picture is then as urgent as one in view).
  private var ranks: [PictureKey: Int]?
  private var visibleCount = 0
  /// Bytes fetched from the web since the last ranking for pictures out of view.
  private var prefetched = 0
  /// The size probes waiting, in the order they start, and those running, by URL.
  package private(set) var pendingProbes: [Probe] = []
  private var probing: [String: Probe] = [:]

  package init(limits: Limits) {
    self.limits = limits
  }

  /// How many pictures wait or run.
  package var backlog: Int { pending.count + running.count }

  /// Whether a picture waiting or running, not cancelled, is `key`.
  package func wants(_ key: PictureKey) -> Bool {
    pending.contains { $0.key == key } || (running[key] != nil && !cancelled.contains(key))
  }

  /// Whether `key` is wanted only around the view, not in it.
  package func isAhead(_ key: PictureKey) -> Bool {
    guard let ranks else { return false }
    return ranks[key].map { $0 >= visibleCount } ?? true
  }

  /// Queues `requests`, in order, ahead of older ones still waiting; a picture running and
  /// not cancelled is not asked for twice. Returns the requests taken.
  ///
  /// - Complexity: O(n + m) in the requests waiting and these.
  @discardableResult
  package mutating func request(_ requests: [Request]) -> [Request] {
    let fresh = requests.filter { running[$0.key] == nil || cancelled.contains($0.key) }
    let wanted = Set(fresh.map(\.key))
    pending.removeAll { wanted.contains($0.key) }
    pending.insert(contentsOf: fresh, at: 0)
    return fresh
  }

  /// Orders the requests waiting as `ranking` says, those in view first, and starts the
  /// budget for pictures out of view afresh.
  ///
  /// - Complexity: O(n log n) in the requests waiting.
  package mutating func rank(_ ranking: PictureRanking) {
    var ranks: [PictureKey: Int] = [:]
    for (place, key) in (ranking.visible + ranking.ahead).enumerated() where ranks[key] == nil {
      ranks[key] = place
    }
    self.ranks = ranks
    visibleCount = ranking.visible.count
    prefetched = 0
    pending = pending.enumerated().sorted { a, b in
      (ranks[a.element.key] ?? Int.max, a.offset) < (ranks[b.element.key] ?? Int.max, b.offset)
    }.map(\.element)
  }

  /// What the state asked for in one turn, taken together before anything starts: `requests`
  /// queued (as `request(_:)`), `ranking` applied when there is one, `cancelling` forgotten or
  /// stopped (as `cancel(_:)`). A picture asked for at a new size comes with the ranking that
  /// names it: started in between, it was not in the last ranking, so it went as one around
  /// the view, behind the probes of boxes out of view, decoded after those in view.
  /// Returns the requests taken and the pictures running, now cancelled, whose work the
  /// loader stops.
  package mutating func update(
    requesting requests: [Request], cancelling keys: [PictureKey], ranking: PictureRanking?
  ) -> (taken: [Request], stopping: [PictureKey]) {
    let taken = request(requests)
    if let ranking { rank(ranking) }
    return (taken, cancel(keys))
  }

  /// Forgets the requests for `keys` not yet started; returns those running, now cancelled,
  /// whose work the loader stops.
  package mutating func cancel(_ keys: [PictureKey]) -> [PictureKey] {
    let gone = Set(keys)
    pending.removeAll { gone.contains($0.key) }
    let stopping = gone.filter { running[$0] != nil }
    cancelled.formUnion(stopping)
    return keys.filter { stopping.contains($0) }
  }

  /// Queues size probes, in order, ahead of older ones still waiting (the newest are the
  /// boxes now in view); a URL waiting or probed already is not probed twice. The URLs in
  /// `again` were asked for before: one still waiting moves to its place in this order, takes
  /// this `inView` and keeps its own `whole` (the caller need not work it out again); one
  /// running or ended is left alone. Returns the probes taken.
  ///
  /// - Complexity: O(n + m) in the probes waiting and these.
  @discardableResult
  package mutating func probe(_ probes: [Probe], again: Set<String> = []) -> [Probe] {
    var waiting: [String: Probe] = [:]
    if !again.isEmpty {
      for probe in pendingProbes { waiting[probe.url] = probe }
    }
    var seen = Set(probing.keys)
    let fresh = probes.compactMap { asked -> Probe? in
      var probe = asked
      if again.contains(asked.url) {
        guard let before = waiting[asked.url] else { return nil }
        probe.whole = before.whole
      }
      return seen.insert(probe.url).inserted ? probe : nil
    }
    let wanted = Set(fresh.map(\.url))
    pendingProbes.removeAll { wanted.contains($0.url) }
    pendingProbes.insert(contentsOf: fresh, at: 0)
    return fresh
  }

  /// The probe of `url` has ended (its size read or not): the transfer it held is free.
  /// `fetched` bytes came from the web; those of a probe out of view that fetched its picture
  /// whole count against the budget for pictures out of view. Returns whether it was running.
  @discardableResult
  package mutating func probeEnded(_ url: String, fetched: Int = 0) -> Bool {
    guard let probe = probing.removeValue(forKey: url) else { return false }
    if probe.whole, !probe.inView { prefetched += fetched }
    if let server = probe.server { release(server) }
    return true
  }

  /// The pictures and probes that may start now, in order, each counted as running (and
  /// holding a transfer on its server where it has one) from here on: pictures in view, the
  /// probes of boxes in view, the other probes, the pictures around the view.
  package mutating func actions() -> [Action] {
    var started: [Action] = []
    startPictures(ahead: false, into: &started)
    startProbes(inView: true, into: &started)
    startProbes(inView: false, into: &started)
    startPictures(ahead: true, into: &started)
    return started
  }

  private mutating func startPictures(ahead: Bool, into started: inout [Action]) {
    var index = 0
    while index < pending.count {
      let request = pending[index]
      // Its bytes come with the transfer of a probe that fetches it whole.
      let joins = request.server != nil && probing[request.key.url]?.whole == true
      guard isAhead(request.key) == ahead, running[request.key] == nil,
        joins || mayStart(request)
      else {
        index += 1
        continue
      }
      pending.remove(at: index)
      running[request.key] = request
      if joins {
        joined.insert(request.key)
      } else if let server = request.server {
        transfers[server, default: 0] += 1
        transferring.insert(request.key)
      }
      started.append(.start(Start(key: request.key, ahead: ahead)))
    }
  }

  private mutating func startProbes(inView: Bool, into started: inout [Action]) {
    var index = 0
    while index < pendingProbes.count {
      let probe = pendingProbes[index]
      guard probe.inView == inView, mayStart(server: probe.server) else {
        index += 1
        continue
      }
      pendingProbes.remove(at: index)
      var begun = probe
      // Out of view, a whole picture is a prefetch: only within its budget.
      if !probe.inView, prefetched >= limits.prefetchBudget { begun.whole = false }
      probing[probe.url] = begun
      if let server = probe.server { transfers[server, default: 0] += 1 }
      started.append(.probe(begun))
    }
  }

  /// The transfers under way to all servers, pictures' and probes'.
  private var transferCount: Int { transfers.values.reduce(0, +) }

  /// Whether work from `server` may take a transfer now (nil: a worker).
  private func mayStart(server: String?) -> Bool {
    guard let server else {
      let probingFiles = probing.values.count(where: { $0.server == nil })
      return running.count - transferring.count - joined.count + probingFiles < limits.jobs
    }
    let perServer =
      multiplexing.contains(server) ? limits.transfers : limits.transfersPerServer
    return transferCount < limits.transfers && transfers[server, default: 0] < perServer
  }

  private func mayStart(_ request: Request) -> Bool {
    mayStart(server: request.server)
      && (request.server == nil || prefetched < limits.prefetchBudget
        || !isAhead(request.key))
  }

  /// One transfer to `server` is free.
  private mutating func release(_ server: String) {
    let left = transfers[server, default: 1] - 1
    transfers[server] = left > 0 ? left : nil
  }

  /// `key`'s bytes have come (or its transfer failed or was stopped): the transfer it held on
  /// its server is free. `fetched` bytes came from the web, over a connection that
  /// `multiplexed` or not. Returns whether a transfer was freed (then more may start).
  @discardableResult
  package mutating func transferEnded(
    _ key: PictureKey, fetched: Int = 0, multiplexed: Bool = false
  ) -> Bool {
    guard let request = running[key] else { return false }
    joined.remove(key)
    if fetched > 0 {
      if isAhead(key) { prefetched += fetched }
      if multiplexed, let server = request.server { multiplexing.insert(server) }
    }
    guard transferring.remove(key) != nil, let server = request.server else { return false }
    release(server)
    return true
  }

  /// `key`, running, fetches its bytes from the web once more (those the disk cache kept did
  /// not decode): it holds a transfer on its server again.
  package mutating func transferAgain(_ key: PictureKey) {
    guard let request = running[key], let server = request.server,
      transferring.insert(key).inserted
    else { return }
    transfers[server, default: 0] += 1
  }

  /// `key`'s run has ended, its result made or failed; returns whether it is reported (it was
  /// not cancelled).
  @discardableResult
  package mutating func ended(_ key: PictureKey) -> Bool {
    _ = transferEnded(key)
    guard running.removeValue(forKey: key) != nil else { return false }
    return cancelled.remove(key) == nil
  }
}
