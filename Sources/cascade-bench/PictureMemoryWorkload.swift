import BrowserCore
import BrowserShell
import EmbeddedPictures
import FeedKit
import FeedModel
import Foundation
import Locking
import PictureKit

/// The browser's memory while a reader pages through thousands of pictures: the state, the
/// picture loader and the drawn-picture cache as the browser runs them (without curses), on a
/// 200×60 screen, every picture a file of its own. Resident size after the last page against
/// the size at the start plus the cache's budget.
enum PictureMemoryWorkload {
  static func measure(quick: Bool, into report: inout Report) {
    let count = quick ? 600 : 5_000
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-bench-scroll-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let items = pictures(count, in: folder) else {
      print("pictures: could not write the pictures to scroll through; skipped")
      return
    }
    let budget = 64 << 20
    let cache = PictureCache(budget: budget)
    let events = Locked<[Event]>([])
    let arrived = DispatchSemaphore(value: 0)
    var configuration = PictureLoader.Configuration(
      source: .file(folder.appendingPathComponent("feed.json").path), colorMode: .direct)
    configuration.jobs = 4
    let loader = PictureLoader(configuration, cache: cache) { event in
      events.withLock { $0.append(event) }
      arrived.signal()
    }
    var state = BrowserState(
      options: BrowserOptions(columns: 8), screen: CanvasSize(columns: 200, rows: 60))
    let start = residentBytes()
    var pending = Set<PictureKey>()
    func run(_ effects: [Effect]) {
      var wanted: [PictureKey] = []
      var unwanted: [PictureKey] = []
      for effect in effects {
        switch effect {
        case .loadPicture(let key):
          wanted.append(key)
          pending.insert(key)
        case .cancelPicture(let key):
          unwanted.append(key)
          pending.remove(key)
        default: break
        }
      }
      loader.cancel(unwanted)
      loader.load(wanted)
    }
    run(state.update(.started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil)))
    var drawn = 0
    var pages = 0
    let begun = DispatchTime.now()
    while pages < 10_000 {
      // Wait for the pictures in view, as a reader would, then page on.
      while !pending.isEmpty, arrived.wait(timeout: .now() + 30) == .success {
        for event in events.withLock({ events in
          defer { events = [] }; return events
        }) {
          if case .pictureLoaded(let key, _) = event, pending.remove(key) != nil { drawn += 1 }
          run(state.update(event))
        }
      }
      guard state.top < state.maxTop else { break }
      run(state.update(.action(.page(1))))
      pages += 1
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - begun.uptimeNanoseconds) / 1e9
    let end = residentBytes()
    let mib = { (bytes: Int) in Double(bytes) / Double(1 << 20) }
    print(
      "pictures: paged through \(count) pictures (\(drawn) drawn, \(pages) pages) in "
        + String(format: "%.1f s", seconds) + "; cache holds \(cache.count) pictures, "
        + String(format: "%.1f MiB", mib(cache.byteCount)))
    report.add(
      Figure(
        "browser paging through \(count) pictures", "resident growth", mib(end - start),
        unit: "MiB", baseline: ("cache budget + 30 MiB", mib(budget) + 30), target: "≤ 1×"))
  }

  /// `count` picture files in `folder` (hard links to the sample pictures, each a file of its
  /// own to the loader) and items pointing at them with their sizes.
  private static func pictures(_ count: Int, in folder: URL) -> [FeedItem]? {
    guard
      let document = try? FeedDocument.decode(SampleFeed.bytes, origin: "sample"),
      !document.items.isEmpty
    else { return nil }
    var originals: [String: String] = [:]
    var items: [FeedItem] = []
    for i in 0..<count {
      let item = document.items[i % document.items.count]
      guard let name = item.imageURL.split(separator: "/").last.map(String.init) else {
        return nil
      }
      if originals[name] == nil {
        let path = folder.appendingPathComponent(name).path
        guard let bytes = SamplePictures.bytes(named: name),
          FileManager.default.createFile(atPath: path, contents: Data(bytes))
        else { return nil }
        originals[name] = path
      }
      let linkName = "\(i)-\(name)"
      guard let original = originals[name],
        link(original, folder.appendingPathComponent(linkName).path) == 0
      else { return nil }
      items.append(FeedItem(imageURL: linkName, width: item.width, height: item.height))
    }
    return items
  }

  private static func residentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let kib = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      if let kib { return kib * 1024 }
    }
    return 0
  }
}
