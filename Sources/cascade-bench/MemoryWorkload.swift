import FeedKit
import Foundation
import WaterfallLayout

/// Peak memory of a feed loaded and laid out, measured in a child process so that nothing the
/// other workloads allocated counts.
enum MemoryWorkload {
  /// Run in the child: decode a generated feed of `n` items, lay it out, report peak RSS.
  static func child(n: Int) -> Int32 {
    var document: FeedDocument?
    do {
      // The document's bytes are freed before the layout is built, as the browser does.
      let bytes = SyntheticFeed.classicJSON(n)
      document = try FeedDecoder.decode(bytes, source: "synthetic")
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-child", String(n)]
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
