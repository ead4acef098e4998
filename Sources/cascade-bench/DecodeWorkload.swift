import FeedKit
import FeedModel

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
    measureRSS(quick: quick, into: &report)
  }

  /// Decoding RSS of a large real feed's size through FeedKit, against libxml2's own parse of
  /// the same bytes with nothing done for what it reports (`LibXML2Floor`): how much Swift
  /// work Cascade adds over the parser it stands on.
  static func measureRSS(quick: Bool, into report: inout Report) {
    let n = quick ? 250 : 2_500
    let bytes = SyntheticFeed.rss(n)
    var items = 0
    var elements = 0
    let (floor, time) = Stopwatch.pairedMedians(
      runs: quick ? 3 : 9,
      baseline: { elements = LibXML2Floor.parse(bytes) },
      work: {
        let document = try? FeedDocument.decode(bytes, format: .rss, origin: "synthetic")
        items = document?.items.count ?? -1
      })
    precondition(items == n && elements > n, "the RSS benchmark decoded \(items) of \(n) items")
    let megabytes = Double(bytes.count) / 1e6
    report.add(
      Figure(
        "decode n=\(n) RSS (\(Report.number(megabytes)) MB)", "time", time * 1e3,
        unit: "ms", baseline: ("libxml2 SAX2 alone ms", floor * 1e3),
        target: "report it"))
  }
}
