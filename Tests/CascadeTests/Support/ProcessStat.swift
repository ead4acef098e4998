import Foundation

/// A process's line in `/proc/<pid>/stat`, for tests that watch processes: CPU time, session,
/// whether it still runs.
enum ProcessStat {
  /// The fields after the command's name (in parentheses, and free to hold spaces): the state
  /// first (field 3 of proc(5)), then the parent, group, session…; nil when the process is gone.
  static func fields(of pid: pid_t) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ")
  }

  /// Whether `pid` runs: there, and not a zombie waiting for its parent to reap it.
  static func isRunning(_ pid: pid_t) -> Bool {
    fields(of: pid).map { $0.first != "Z" } ?? false
  }
}
