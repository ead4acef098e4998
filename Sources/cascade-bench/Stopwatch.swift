import Foundation

/// Times a piece of work: one warm-up run, then the median of `runs` runs, so that a noisy
/// neighbour on a shared machine moves the figure less than a mean would.
enum Stopwatch {
  /// Seconds for one run of `work`, as a median.
  static func median(runs: Int, _ work: () -> Void) -> Double {
    work()
    var samples: [Double] = []
    for _ in 0..<max(1, runs) { samples.append(time(work)) }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// Seconds for one run of `baseline` and of `work`, each a median, with the runs taken in
  /// turns (and in alternating order) rather than all of one then all of the other: on a shared
  /// machine the load drifts, and a ratio of two figures timed minutes apart would move with it.
  static func pairedMedians(runs: Int, baseline: () -> Void, work: () -> Void) -> (
    baseline: Double, work: Double
  ) {
    baseline()
    work()
    var baselines: [Double] = []
    var works: [Double] = []
    for run in 0..<max(1, runs) {
      if run % 2 == 0 {
        baselines.append(time(baseline))
        works.append(time(work))
      } else {
        works.append(time(work))
        baselines.append(time(baseline))
      }
    }
    baselines.sort()
    works.sort()
    return (baselines[baselines.count / 2], works[works.count / 2])
  }

  private static func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
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
