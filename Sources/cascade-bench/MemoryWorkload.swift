import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import Foundation
import LayoutEngine

/// Peak memory of a feed loaded and laid out the way `cascade FILE` does it, measured in a
/// child process so that nothing the other workloads allocated counts.
enum MemoryWorkload {
  /// Run in the child: load the feed file the parent wrote, show it, report peak RSS.
  ///
  /// The path is BrowseCommand's and the browser's: a `FeedSession` (which keeps what it needs
  /// to drop duplicates of later pages) streams page 1 through an `OpeningLoad`, and a
  /// `BrowserState` on a 200 × 60 screen shows its first items, then takes the rest as the
  /// browser's main loop does, as `.loaded` events, laying them out as they come.
  static func child(path: String) async -> Int32 {
    var options = LoadOptions()
    options.maxBytes = Int(Int32.max)
    // As BrowseCommand does: the progress shown is also what sizes the tables.
    let progress = LoadProgress()
    options.progress = progress
    let session = FeedSession(source: .file(path), options: options)
    let opening = OpeningLoad.begin(session)
    var browser = BrowserState(screen: CanvasSize(columns: 200, rows: 60))
    let first = await opening.opening()
    _ = browser.update(.started(first.update, title: first.title))
    if let request = browser.loading {
      let (pieces, arrival) = AsyncStream.makeStream(of: OpeningLoad.Piece.self)
      opening.listen { arrival.yield($0) }
      for await piece in pieces {
        _ = browser.update(.loaded(piece.update, request, title: piece.title))
        if case .end = piece {
          arrival.finish()
        } else {
          // As the browser's loop does at every wake while a load runs.
          _ = browser.update(.loadProgress(progress.snapshot))
        }
      }
    }
    guard browser.loading == nil, !browser.items.isEmpty else {
      FileHandle.standardError.write(Data("memory child: \(path) did not load\n".utf8))
      return 1
    }
    Sink.take(browser.contentRows)
    print("\(browser.items.count) \(peakResidentBytes())")
    withExtendedLifetime((session, browser)) {}
    return 0
  }

  /// The peak resident size of this process's own memory: `VmHWM`, not `ru_maxrss`. On Linux
  /// `ru_maxrss` carries over the peak of the memory a process had before `exec`, and a child
  /// spawned with `posix_spawn` (as `Process` does) had the parent's: it reported the parent's
  /// peak, holding the 90 MB feed it had just generated, not the child's.
  private static func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kib = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      if let kib { return kib * 1024 }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }

  /// Measures the feed without titles and the same feed with a title on every item, each in a
  /// child process of its own.
  static func measure(n: Int, into report: inout Report) {
    measure(n: n, titled: false, name: "loaded + laid out", into: &report)
    measure(n: n, titled: true, name: "with titles", into: &report)
  }

  private static func measure(n: Int, titled: Bool, name: String, into report: inout Report) {
    // The parent writes the feed, so the child's peak holds nothing of the generator.
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-bench-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Data(SyntheticFeed.classicJSON(n, titled: titled)).write(to: file)
    } catch {
      print("memory: could not write \(file.path): \(error)")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-child", file.path]
    let out = Pipe()
    process.standardOutput = out
    do {
      try process.run()
    } catch {
      print("memory: could not start the child: \(error)")
      return
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard fields.count == 2, let count = Double(fields[0]),
      let peak = Double(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)), count > 0
    else {
      print("memory: the child printed nothing usable (status \(process.terminationStatus))")
      return
    }
    // The target is for a million items: at fewer, the runtime's ~28 MB is most of the figure.
    let target = count >= 1_000_000 ? "≤ 140 B/item all included" : "report (≤ 140 at 1M)"
    report.add(
      Figure(
        "memory n=\(Int(count)) browser, \(name)", "peak RSS per item", peak / count,
        unit: "B", target: target))
  }
}
