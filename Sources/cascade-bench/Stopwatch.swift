import Foundation

/// Times a piece of work: one warm-up run, then the median of `runs` runs, so that a noisy
/// neighbour on a shared machine moves the figure less than a mean would.
enum Stopwatch {
  /// Seconds for one run of `work`, as a median.
  static func median(runs: Int, _ work: () -> Void) -> Double {
    work()
    var samples: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = DispatchTime.now().uptimeNanoseconds
      work()
      let end = DispatchTime.now().uptimeNanoseconds
      samples.append(Double(end - start) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
  }
}

/// Keeps results alive so the optimiser cannot drop the work that made them.
enum Sink {
  nonisolated(unsafe) static var value = 0

  @inline(never)
  static func take(_ x: Int) { value &+= x }

  @inline(never)
  static func take(_ x: Double) { value &+= Int(x.bitPattern & 0xFF) }
}
