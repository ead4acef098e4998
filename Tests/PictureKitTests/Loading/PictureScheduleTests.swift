import BrowserCore
import TestSupport
import Testing

@testable import PictureKit

/// Which picture starts when, as a value: no server, thread or clock.
@Suite struct PictureScheduleTests {
  static let limits = PictureSchedule.Limits(
    jobs: 2, transfers: 16, transfersPerServer: 6, prefetchBudget: 1_000)

  func key(_ n: Int) -> PictureKey { PictureKey(url: "https://a/\(n).jpg", columns: 4, rows: 2) }

  func web(_ n: Int, server: String = "a:443") -> PictureSchedule.Request {
    .init(key(n), server: server)
  }

  func probe(_ n: Int, server: String = "a:443", inView: Bool = false) -> PictureSchedule.Probe {
    .init(url: "https://a/\(n).jpg", server: server, inView: inView)
  }

  @Test func probesAndPicturesShareTheSixTransfersOfAServer() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<4).map { web($0) })
    schedule.probe((10..<14).map { probe($0) })
    let first = schedule.actions()
    #expect(first.count == 6, "four pictures and two probes: six transfers to the one server")
    #expect(schedule.pendingProbes.map(\.url) == ["https://a/12.jpg", "https://a/13.jpg"])
    #expect(schedule.actions().isEmpty, "nothing more until a transfer ends")
    // A probe's end frees its transfer for the next probe.
    let ended = schedule.probeEnded("https://a/10.jpg")
    #expect(ended)
    #expect(schedule.actions() == [.probe(probe(12))])
    // A picture's transfer too.
    schedule.transferEnded(key(0))
    #expect(schedule.actions() == [.probe(probe(13))])
    // Another server's probe does not wait for this one's.
    schedule.probe([probe(20, server: "b:443")])
    #expect(schedule.actions() == [.probe(probe(20, server: "b:443"))])
    // An ended probe frees nothing twice.
    let again = schedule.probeEnded("https://a/10.jpg")
    #expect(!again)
    schedule.probe([probe(21)])
    #expect(schedule.actions().isEmpty, "the server's six are still taken")
  }

  @Test func picturesInViewThenProbesInViewThenProbesThenPicturesAround() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<4).map { web($0) })
    schedule.rank(PictureRanking(visible: [key(0), key(1)], ahead: [key(2), key(3)]))
    schedule.probe([probe(10), probe(11, inView: true)])
    let order = schedule.actions()
    #expect(
      order == [
        .start(.init(key: key(0), ahead: false)), .start(.init(key: key(1), ahead: false)),
        .probe(probe(11, inView: true)), .probe(probe(10)),
        .start(.init(key: key(2), ahead: true)), .start(.init(key: key(3), ahead: true)),
      ])
    // With two transfers left to the server, a picture in view takes one before any probe.
    var full = PictureSchedule(limits: Self.limits)
    full.request((0..<4).map { web($0) })
    _ = full.actions()
    full.probe([probe(10), probe(11, inView: true)])
    full.request([web(5), web(6)])
    full.rank(PictureRanking(visible: [key(5)], ahead: [key(6)]))
    #expect(
      full.actions() == [.start(.init(key: key(5), ahead: false)), .probe(probe(11, inView: true))])
  }

  /// A picture asked for at a new size (its box's size came) and the ranking that puts it in
  /// view come in one turn of the state. Taken one after the other, as the loader did, the
  /// picture was not in the last ranking when it could start: it went as one around the view,
  /// after the probes of boxes out of view (here they took the server's last two transfers
  /// and it waited), decoded behind the pictures in view.
  @Test func aPictureAskedForWithItsRankingStartsInView() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<4).map { web($0) })
    schedule.rank(PictureRanking(visible: [key(0), key(1)], ahead: [key(2), key(3)]))
    #expect(schedule.actions().count == 4)
    schedule.probe([probe(10), probe(11)])
    let (taken, stopping) = schedule.update(
      requesting: [web(5)], cancelling: [key(3)],
      ranking: PictureRanking(visible: [key(0), key(1), key(5)], ahead: [key(2)]))
    #expect(taken == [web(5)])
    #expect(stopping == [key(3)], "running: its transfer is stopped, and held until it ends")
    #expect(schedule.actions() == [.start(.init(key: key(5), ahead: false)), .probe(probe(10))])
    // The same turn taken apart.
    var apart = PictureSchedule(limits: Self.limits)
    apart.request((0..<4).map { web($0) })
    apart.rank(PictureRanking(visible: [key(0), key(1)], ahead: [key(2), key(3)]))
    _ = apart.actions()
    apart.probe([probe(10), probe(11)])
    apart.request([web(5)])
    #expect(apart.actions() == [.probe(probe(10)), .probe(probe(11))])
  }

  @Test func aPictureJoinsTheTransferOfAProbeThatFetchesItWhole() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.probe(
      (0..<6).map {
        PictureSchedule.Probe(url: key($0).url, server: "a:443", inView: true, whole: true)
      })
    #expect(schedule.actions().count == 6)
    // The server's six are taken; the picture of a probe fetching it whole takes none.
    schedule.request([web(0), web(7)])
    #expect(schedule.actions() == [.start(.init(key: key(0), ahead: false))])
    // Its transfer was the probe's: nothing is freed when its bytes are in.
    let freed = schedule.transferEnded(key(0), fetched: 100)
    #expect(!freed)
    #expect(schedule.actions().isEmpty, "the other picture waits for a transfer")
    schedule.probeEnded(key(0).url)
    #expect(schedule.actions() == [.start(.init(key: key(7), ahead: false))])
  }

  /// A probe asked for again moves up to its place if it still waits, taking its new `inView`;
  /// asked again once it runs or has ended, it is not started a second time.
  @Test func aProbeAskedForAgainMovesUpButNeverRunsTwice() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.probe((0..<6).map { probe($0) })
    #expect(schedule.actions().count == 6, "the server's six are taken")
    schedule.probe([
      .init(url: probe(6).url, server: "a:443", inView: false, whole: true), probe(7),
    ])
    schedule.probe([probe(8), probe(9)])
    #expect(schedule.pendingProbes.map(\.url) == [8, 9, 6, 7].map { probe($0).url })
    let taken = schedule.probe(
      [probe(6, inView: true), probe(1, inView: true), probe(10, inView: true)],
      again: [probe(6).url, probe(1).url, probe(10).url])
    // It keeps the `whole` it was first asked with.
    let moved = PictureSchedule.Probe(url: probe(6).url, server: "a:443", inView: true, whole: true)
    #expect(taken == [moved], "1 runs, 10 has ended or was never asked")
    #expect(schedule.pendingProbes.map(\.url) == [6, 8, 9, 7].map { probe($0).url })
    schedule.probeEnded(probe(0).url)
    #expect(schedule.actions() == [.probe(moved)])
  }

  /// A box around the view has its picture fetched whole by its probe, as its prefetch would,
  /// while the budget for pictures out of view lasts; its bytes count against it, and past it
  /// a probe out of view reads the first bytes only. In view, a probe fetches whole whatever
  /// the budget; a new ranking starts the budget afresh.
  @Test func aProbeAroundTheViewFetchesWholeOnlyWithinThePrefetchBudget() {
    func whole(_ n: Int, inView: Bool = false) -> PictureSchedule.Probe {
      .init(url: key(n).url, server: "a:443", inView: inView, whole: true)
    }
    func started(_ actions: [PictureSchedule.Action]) -> [String: Bool] {
      var probes: [String: Bool] = [:]
      for case .probe(let probe) in actions { probes[probe.url] = probe.whole }
      return probes
    }
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.rank(PictureRanking(visible: [], ahead: []))
    schedule.probe([whole(0)])
    #expect(started(schedule.actions()) == [key(0).url: true], "within the budget: whole")
    schedule.probeEnded(key(0).url, fetched: 1_000)
    schedule.probe([whole(1), whole(2, inView: true)])
    #expect(
      started(schedule.actions()) == [key(1).url: false, key(2).url: true],
      "the budget spent: the box around reads its first bytes, the one in view is whole")
    // A probe in view that fetched whole spends none of it.
    schedule.probeEnded(key(1).url, fetched: 500)
    schedule.probeEnded(key(2).url, fetched: 50_000)
    schedule.rank(PictureRanking(visible: [], ahead: []))
    schedule.probe([whole(3)])
    #expect(started(schedule.actions()) == [key(3).url: true], "a new ranking: whole again")
    schedule.probeEnded(key(3).url, fetched: 600)
    schedule.probe([whole(4)])
    #expect(started(schedule.actions()) == [key(4).url: true], "600 of 1,000 spent")
  }

  /// A picture waiting for a whole probe's bytes is on the network: files still have their
  /// workers.
  @Test func picturesJoiningAProbeHoldNoWorker() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.probe(
      (0..<4).map {
        PictureSchedule.Probe(url: key($0).url, server: "a:443", inView: true, whole: true)
      })
    _ = schedule.actions()
    schedule.request((0..<4).map { web($0) })
    #expect(schedule.actions().count == 4, "each joins its probe's transfer")
    let files = (10..<12).map { PictureSchedule.Request(key($0), server: nil) }
    schedule.request(files)
    #expect(schedule.actions().count == 2, "both workers are free for the files")
    // Once its bytes are in, a joined picture is decoded as a worker's job.
    schedule.transferEnded(key(0), fetched: 100)
    schedule.ended(key(10))
    schedule.request([.init(key(12), server: nil)])
    #expect(schedule.actions().isEmpty, "the decode of picture 0 and file 11 take the two")
  }

  @Test func aProbeAskedForTwiceRunsOnce() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.probe([probe(1)])
    _ = schedule.actions()
    let again = schedule.probe([probe(1), probe(2), probe(2)])
    #expect(again == [probe(2)], "running or asked for in the same batch: once")
    #expect(schedule.actions() == [.probe(probe(2))])
  }

  @Test func noMoreThanSixTransfersToOneServerWhileAnotherGoesAhead() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<10).map { web($0) } + [web(10, server: "b:443")])
    let started = schedule.starts().map(\.key)
    // The newest request first, then six of the busy server's; four of it wait.
    #expect(started.count == 7)
    #expect(started.contains(key(10)))
    #expect(schedule.pending.count == 4)
    let result1 = schedule.starts()
    #expect(result1.isEmpty, "nothing more until a transfer ends")
    schedule.transferEnded(started.first { $0 != key(10) } ?? key(0))
    let result2 = schedule.starts()
    #expect(result2.count == 1)
  }

  @Test func aServerThatMultiplexesTakesUpToAllTransfers() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request([web(0)])
    let first = schedule.starts()
    let freed = schedule.transferEnded(first[0].key, fetched: 100, multiplexed: true)
    #expect(freed)
    schedule.ended(first[0].key)
    schedule.request((1...20).map { web($0) })
    let result3 = schedule.starts()
    #expect(result3.count == 16)
  }

  @Test func picturesInViewStartBeforeThoseAroundItAndTheBudgetHoldsTheRest() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<4).map { web($0, server: "s\($0):443") })
    schedule.rank(PictureRanking(visible: [key(3)], ahead: [key(2), key(1), key(0)]))
    #expect(schedule.pending.map(\.key) == [key(3), key(2), key(1), key(0)])
    let started = schedule.starts()
    #expect(started.first == .init(key: key(3), ahead: false))
    let aroundTheView = started.dropFirst().allSatisfy { $0.ahead }
    #expect(aroundTheView)
    // Past the budget, pictures out of view wait for the next ranking; those in view do not.
    schedule.transferEnded(key(2), fetched: 5_000)
    schedule.ended(key(2))
    schedule.request([web(5, server: "t:443"), web(6, server: "u:443")])
    schedule.rank(
      PictureRanking(visible: [key(6)], ahead: [key(5)]))
    let next = schedule.starts()
    #expect(next.map(\.key) == [key(6), key(5)], "a ranking starts the budget afresh")
    schedule.transferEnded(key(5), fetched: 5_000)
    schedule.request([web(7, server: "v:443")])
    let result4 = schedule.starts()
    #expect(result4.isEmpty, "out of view and over the budget")
    schedule.rank(PictureRanking(visible: [key(7)], ahead: []))
    let result5 = schedule.starts()
    #expect(result5.map(\.key) == [key(7)])
  }

  @Test func filesAndTheDiskCacheTakeWorkersNotTransfers() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<5).map { PictureSchedule.Request(key($0), server: nil) } + [web(9)])
    let started = schedule.starts()
    #expect(started.count == 3, "two workers, and the web picture's transfer")
    #expect(started.contains { $0.key == key(9) })
  }

  @Test func aCancelledRunAskedForAgainStartsOnceItHasEnded() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request([web(0)])
    _ = schedule.starts()
    // Asked for again while it runs: not twice.
    let twice = schedule.request([web(0)])
    #expect(twice.isEmpty)
    let stopping = schedule.cancel([key(0)])
    #expect(stopping == [key(0)])
    #expect(!schedule.wants(key(0)))
    let again = schedule.request([web(0)])
    #expect(again.count == 1)
    let waiting = schedule.starts()
    #expect(waiting.isEmpty, "the cancelled run still holds it")
    let reported = schedule.ended(key(0))
    #expect(!reported, "a cancelled run is not reported")
    let restarted = schedule.starts()
    #expect(restarted.map(\.key) == [key(0)])
    let done = schedule.ended(key(0))
    #expect(done)
    #expect(schedule.backlog == 0)
  }

  @Test func cancellingWhatWaitsForgetsIt() {
    var schedule = PictureSchedule(limits: Self.limits)
    schedule.request((0..<8).map { web($0) })
    _ = schedule.starts()
    // Six go to the one server; the last two of the batch wait.
    let stopped = schedule.cancel([key(6), key(7)])
    #expect(stopped.isEmpty, "those two were waiting")
    #expect(schedule.pending.isEmpty)
  }

  /// Property: whatever happens, no picture starts twice at once, no server ever holds more
  /// than its transfers, all servers no more than `transfers`, pictures read without a
  /// transfer no more than `jobs`.
  @Test(arguments: 0..<50)
  func theLimitsHoldWhateverHappens(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var schedule = PictureSchedule(limits: Self.limits)
    // A picture's server follows from its address, as in a feed.
    func server(_ n: Int) -> String? { n % 4 == 0 ? nil : "s\(n % 3):443" }
    var running: Set<Int> = []
    var transferring: Set<Int> = []
    var probing: Set<Int> = []
    for _ in 0..<300 {
      let n = Int(random.next() % 40)
      switch random.next() % 7 {
      case 0, 1: schedule.request([.init(key(n), server: server(n))])
      case 5:
        schedule.probe([
          .init(url: "https://a/\(n).jpg", server: server(n), inView: random.next() % 2 == 0)
        ])
      case 6:
        let ended = schedule.probeEnded("https://a/\(n).jpg")
        #expect(ended == probing.contains(n), "seed \(seed)")
        probing.remove(n)
      case 2:
        if running.contains(n) {
          schedule.ended(key(n))
          running.remove(n)
          transferring.remove(n)
        }
      case 3:
        if transferring.contains(n) {
          schedule.transferEnded(key(n))
          transferring.remove(n)
        }
      default: _ = schedule.cancel([key(n)])
      }
      for action in schedule.actions() {
        switch action {
        case .start(let start):
          let m = Int(start.key.url.dropFirst("https://a/".count).prefix { $0 != "." }) ?? -1
          let inserted = running.insert(m).inserted
          #expect(inserted, "seed \(seed): \(m) started twice")
          if server(m) != nil { transferring.insert(m) }
        case .probe(let probe):
          let m = Int(probe.url.dropFirst("https://a/".count).prefix { $0 != "." }) ?? -1
          let inserted = probing.insert(m).inserted
          #expect(inserted, "seed \(seed): probe \(m) started twice")
        }
      }
      // Probes and pictures together: no server ever has more than its six transfers.
      var perServer: [String: Int] = [:]
      for m in transferring { perServer[server(m) ?? "", default: 0] += 1 }
      for m in probing where server(m) != nil { perServer[server(m) ?? "", default: 0] += 1 }
      #expect(perServer.values.allSatisfy { $0 <= Self.limits.transfersPerServer }, "seed \(seed)")
      #expect(perServer.values.reduce(0, +) <= Self.limits.transfers, "seed \(seed)")
      // Pictures and probes read without a transfer take workers (a web picture whose bytes
      // came is decoded outside them, bounded by the decode budget).
      let reading =
        running.filter { server($0) == nil }.count + probing.filter { server($0) == nil }.count
      #expect(reading <= Self.limits.jobs, "seed \(seed)")
    }
  }
}

extension PictureSchedule {
  /// The pictures that start now, for the tests that ask for no probe.
  fileprivate mutating func starts() -> [Start] {
    actions().compactMap { action in
      if case .start(let start) = action { start } else { nil }
    }
  }
}
