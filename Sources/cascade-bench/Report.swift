import Foundation

/// One measured figure, its baseline from the same run, and the target it is held to.
struct Figure: Codable {
  var workload: String
  var figure: String
  var unit: String
  var value: Double
  var baseline: String?
  var baselineValue: Double?
  /// value / baseline: below 1 is faster than the baseline for times.
  var ratio: Double?
  var target: String

  init(
    _ workload: String, _ figure: String, _ value: Double, unit: String,
    baseline: (String, Double)? = nil, target: String
  ) {
    self.workload = workload
    self.figure = figure
    self.unit = unit
    self.value = value
    self.baseline = baseline?.0
    self.baselineValue = baseline?.1
    self.ratio = baseline.map { $0.1 > 0 ? value / $0.1 : .nan }
    self.target = target
  }
}

/// Prints the figures as one table, and writes them as JSON when asked.
struct Report {
  var figures: [Figure] = []

  mutating func add(_ figure: Figure) {
    figures.append(figure)
    print(Self.row(figure))
    FileHandle.standardOutput.synchronizeFile()
  }

  static let header =
    pad("workload", 38) + pad("figure", 22) + pad("value", 16) + pad("baseline", 34)
    + pad("ratio", 10) + "target"

  static func row(_ f: Figure) -> String {
    let baseline = f.baseline.map { "\($0) \(number(f.baselineValue ?? .nan))" } ?? "—"
    let ratio = f.ratio.map { String(format: "%.3g×", $0) } ?? "—"
    return pad(f.workload, 38) + pad(f.figure, 22) + pad("\(number(f.value)) \(f.unit)", 16)
      + pad(baseline, 34) + pad(ratio, 10) + f.target
  }

  static func number(_ x: Double) -> String {
    if x.isNaN { return "n/a" }
    if abs(x) >= 100 { return String(format: "%.0f", x) }
    if abs(x) >= 10 { return String(format: "%.1f", x) }
    return String(format: "%.3g", x)
  }

  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }

  func writeJSON(to path: String, quick: Bool) throws {
    struct Document: Codable {
      var quick: Bool
      var machine: String
      var figures: [Figure]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let machine =
      "\(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
    let data = try encoder.encode(Document(quick: quick, machine: machine, figures: figures))
    try data.write(to: URL(fileURLWithPath: path))
  }
}
