import Foundation
import TestSupport
import Testing

@testable import FeedKit

#if canImport(Glibc)
  import Glibc
#endif

/// The resident set size now, in bytes (Linux: `/proc/self/statm`), or nil elsewhere.
private func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The peak resident set size so far, in bytes (`ru_maxrss`, which Linux counts in KiB).
private func peakResidentBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}

/// Starts a new peak (Linux: writing 5 to `/proc/self/clear_refs` resets `VmHWM`), so the
/// peak measured afterwards is this test's, not the test runner's start-up.
private func resetPeak() {
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The peak resident set size since `resetPeak()`, in bytes (`VmHWM`), or nil elsewhere.
private func peakSinceResetBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return nil }
  return kib * 1024
}

/// Nothing lost, nothing hoarded: paging through a long `{page}` feed.
@Suite struct PagingMemoryTests {
  static let pages = 1_000
  static let itemsPerPage = 20

  /// Page `n` of the generated feed: `itemsPerPage` items with ids `n-0`, `n-1`, …
  static func page(_ n: Int) -> String {
    let items = (0..<itemsPerPage).map { i in
      #"{"id": "\#(n)-\#(i)", "img": "https://img.example/\#(n)/\#(i).jpg", "w": \#(300 + i), "#
        + #""h": \#(400 + n % 7), "title": "picture \#(i) of page \#(n)"}"#
    }
    return #"{"data": [\#(items.joined(separator: ", "))]}"#
  }

  @Test func thousandPagesLoadEveryItemInBoundedMemory() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    // Pages are written when asked for; page 1,001 is a 404, which ends the template.
    for n in 1...Self.pages {
      server.route("/feed/\(n).json") { _ in .json(Self.page(n)) }
    }
    let session = FeedSession(source: try FeedSource(argument: server.url("/feed/{page}.json")))
    let residentAtStart = residentBytes() ?? 0
    let peakAtStart = peakResidentBytes()
    resetPeak()
    var loaded = 0
    var residentAfterWarmUp: Int?
    for n in 1...Self.pages {
      switch await session.loadMore() {
      case .appended(let items, let skipped, _):
        #expect(items.count == Self.itemsPerPage && skipped.count == 0, "page \(n)")
        loaded += items.count
      case let other:
        Issue.record("page \(n): \(other)")
        return
      }
      if n == 100 { residentAfterWarmUp = residentBytes() }
    }
    guard case .endOfFeed = await session.loadMore() else {
      Issue.record("page \(Self.pages + 1) did not end the feed")
      return
    }
    let identities = await session.loadedIdentities
    #expect(loaded == Self.pages * Self.itemsPerPage)
    #expect(identities.count == loaded)
    #expect(
      identities.first == "1-0" && identities.last == "\(Self.pages)-\(Self.itemsPerPage - 1)")
    // 18,000 more items cost about 3 MB; a page's worth of leaked bytes (a session, a body)
    // would cost far more over 900 pages. The bound is loose because other suites run in the
    // same process at the same time.
    if let before = residentAfterWarmUp, let after = residentBytes() {
      #expect(after - before < 96 << 20, "grew \((after - before) >> 20) MiB over 900 pages")
      print(
        "paging \(Self.pages) pages (\(loaded) items): resident \(residentAtStart >> 20) MiB "
          + "at the start, \(before >> 20) MiB after page 100, \(after >> 20) MiB at the end; "
          + "peak while paging \((peakSinceResetBytes() ?? 0) >> 20) MiB (ru_maxrss \(peakAtStart >> 20) MiB "
          + "before, \(peakResidentBytes() >> 20) MiB after)")
    }
  }
}
