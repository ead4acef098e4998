import Foundation

/// Ends what a closed tmux pane left running, so that no test leaves a process behind.
///
/// Closing the pane hangs its terminal up, and a browser ends at that (`TerminalGoneEndToEndTests`
/// holds it to it). A browser built with AddressSanitizer can still be left spinning: at exit
/// its leak check stops every thread with ptrace, and the SIGCONT the kernel sends with the
/// hang-up (strace shows the browser getting SIGHUP and SIGCONT) can cancel the stop of a
/// thread the tracer then waits for forever, while the exiting thread spins in a yield loop
/// waiting for the tracer (seen: CI runs left four at full CPU, and the tests after them ran
/// past their bounds). So whatever of the pane's session outlives the close by a few seconds
/// is killed, and said on standard error.
enum SessionLeftovers {
  /// Waits up to `patience` seconds for the processes of `session` to end, then kills the rest.
  static func end(session: pid_t, patience: Double = 8) {
    let deadline = Date().addingTimeInterval(patience)
    var left = members(of: session)
    while !left.isEmpty, Date() < deadline {
      usleep(20_000)
      left = members(of: session)
    }
    guard !left.isEmpty else { return }
    for pid in left { kill(pid, SIGKILL) }
    let line =
      "tmux session \(session): killed \(left.count) process(es) still running "
      + "\(patience) s after the terminal closed: \(left)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// The processes whose session is `session` (field 6 of `/proc/PID/stat`), zombies aside.
  static func members(of session: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> pid_t? in
      // After the command's name: state, parent, group, session.
      guard let pid = pid_t(name), let fields = ProcessStat.fields(of: pid), fields.count > 3,
        fields[0] != "Z", pid_t(fields[3]) == session
      else { return nil }
      return pid
    }
  }
}
