import FeedKit

/// Decoding speed of the classic feed shape. There is no baseline to beat, only a figure to
/// watch: it is reported against the time of copying the same bytes once.
enum DecodeWorkload {
  static func measure(quick: Bool, into report: inout Report) {
    let n = 100_000
    let bytes = SyntheticFeed.classicJSON(n)
    let runs = quick ? 3 : 7
    let time = Stopwatch.median(runs: runs) {
      let document = try? LiberalJSONDecoder.decode(bytes, source: "synthetic")
      Sink.take(document?.items.count ?? -1)
    }
    let copy = Stopwatch.median(runs: runs) {
      var copied = bytes
      copied[0] = 0
      Sink.take(Int(copied[copied.count / 2]))
    }
    let megabytes = Double(bytes.count) / 1e6
    report.add(
      Figure(
        "decode n=\(n) classic (\(Int(megabytes)) MB)", "throughput", megabytes / time,
        unit: "MB/s", baseline: ("memcpy MB/s", megabytes / copy), target: "report it"))
  }
}
