import FeedKit
import Foundation
import WaterfallLayout

/// Peak memory of a feed loaded and laid out, measured in a child process so that nothing the
/// other workloads allocated counts.
enum MemoryWorkload {
  /// Run in the child: load the feed file the parent wrote, lay it out, report peak RSS.
  static func child(path: String) async -> Int32 {
    var document: FeedDocument?
    do {
      // Loaded as the browser loads a feed; the document's bytes are freed after decoding.
      var options = LoadOptions()
      options.maxBytes = Int(Int32.max)
      document = try await FeedLoader(options: options).load(.file(path))
    } catch {
      FileHandle.standardError.write(Data("memory child: \(error)\n".utf8))
      return 1
    }
    let items = document?.items ?? []
    var layout = WaterfallLayout(
      configuration: EngineWorkloads.configuration(columns: 4),
      items: items.map { ItemSize(width: $0.width, height: $0.height) })
    try? layout.prepare()
    Sink.take(layout.contentSize.height)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    // Linux reports ru_maxrss in KiB.
    print("\(items.count) \(usage.ru_maxrss * 1024)")
    withExtendedLifetime((document, layout)) {}
    return 0
  }

  static func measure(n: Int, into report: inout Report) {
    // The parent writes the feed, so the child's peak holds nothing of the generator.
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-bench-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Data(SyntheticFeed.classicJSON(n)).write(to: file)
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
    report.add(
      Figure(
        "memory n=\(Int(count)) loaded + laid out", "peak RSS per item", peak / count,
        unit: "B", target: "≤ 200 B/item all included"))
  }
}
