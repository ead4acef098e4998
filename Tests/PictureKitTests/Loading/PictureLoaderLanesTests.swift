import BrowserCore
import Dispatch
import FeedKit
import Glibc
import Locking
import TestSupport
import Testing

@testable import PictureKit

/// The loader's network work runs beside its decodes, not behind them: a transfer's end frees
/// its connection for the next picture, and a web picture's request goes out, while every
/// decode thread is busy.
@Suite struct PictureLoaderLanesTests {
  /// Keeps more CPU-bound decodes than the machine has cores busy, in view and around it,
  /// until `done` says so; returns how many gave up first.
  ///
  /// Work that shared their threads began only once one ended (in a trace, 20–30 ms a round of
  /// six pictures on two cores), or when Dispatch added a thread, 15 s in here: the decodes
  /// give up after 5 s, a thread's start a thousand times over on a busy machine.
  private static func busyDecodes(
    until done: @escaping @Sendable () -> Bool, while work: () async -> Void
  ) async -> Int {
    let decodes = 2 * max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) + 2
    let waitedOut = Locked(0)
    let group = DispatchGroup()
    let deadline = DispatchTime.now() + .milliseconds(Int(TimeBounds.scaled(5) * 1000))
    for index in 0..<decodes {
      group.enter()
      PictureLoader.decoding(ahead: index % 2 == 1).async {
        defer { group.leave() }
        while !done() {
          if DispatchTime.now() > deadline {
            waitedOut.withLock { $0 += 1 }
            return
          }
        }
      }
    }
    await work()
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    return waitedOut.withLock { $0 }
  }

  @Test func networkWorkDoesNotWaitBehindDecodes() async {
    let ran = Locked(false)
    let waitedOut = await Self.busyDecodes(until: { ran.withLock { $0 } }) {
      await Task.detached(priority: PictureLoader.network) { ran.withLock { $0 = true } }.value
    }
    #expect(waitedOut == 0, "the network's task waited for the decodes to end")
  }

  /// A web picture's job begins on the network's lane (its transfer starts there): it began
  /// with the decodes of files, and waited for them.
  @Test func aWebPictureIsAskedForWhileEveryDecodeIsBusy() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let asked = Locked(false)
    server.route("/a.png") { _ in
      asked.withLock { $0 = true }
      return .respond(status: 404, headers: [:], body: [])
    }
    let loader = PictureLoaderTransferTests.loader(
      for: FeedSource.url(server.url("/feed.json")), results: PictureLoaderTransferTests.Results())
    let waitedOut = await Self.busyDecodes(until: { asked.withLock { $0 } }) {
      loader.load([PictureKey(url: server.url("/a.png"), columns: 4, rows: 2)])
    }
    #expect(waitedOut == 0, "the picture's request waited for the decodes to end")
  }
}
