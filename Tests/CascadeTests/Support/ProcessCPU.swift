import Foundation

/// The CPU time a process has used, read from `/proc/<pid>/stat`, for tests that check a
/// waiting browser stays idle.
enum ProcessCPU {
  /// User plus system time in seconds, or nil when the process is gone.
  static func seconds(of pid: pid_t) -> Double? {
    // After the command name in parentheses: state is field 3, utime 14 and stime 15.
    guard let fields = ProcessStat.fields(of: pid), fields.count > 12,
      let user = Double(fields[11]), let system = Double(fields[12])
    else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The share of one core `pid` used over `interval` seconds (0.25 is a quarter of a core).
  static func share(of pid: pid_t, over interval: Double) async throws -> Double? {
    guard let before = seconds(of: pid) else { return nil }
    let start = Date()
    try await Task.sleep(for: .seconds(interval))
    guard let after = seconds(of: pid) else { return nil }
    return (after - before) / Date().timeIntervalSince(start)
  }
}
