import Foundation
import Testing

@testable import BrowserShell

/// The browser's wait for a key, a result or a signal.
@Suite struct WakePipeTests {
  /// A terminal gone with no SIGHUP (its session's leader outlived it): poll answers the
  /// hang-up at once, forever. It is taken as SIGHUP, which ends the browser with 129; the
  /// loop spun at full CPU until killed.
  @Test func aTerminalThatHangsUpWithoutASignalIsAHangUp() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      Issue.record("no pseudo-terminal: \(String(cString: strerror(errno)))")
      return
    }
    defer { close(slave) }
    let wake = try #require(WakePipe())
    wake.input = slave
    // Open: nothing to read, the wait times out.
    #expect(wake.waitForInput(timeout: 50).signals.isEmpty)
    close(master)
    let (input, signals) = wake.waitForInput(timeout: 1_000)
    #expect(input)
    #expect(signals == [SIGHUP])
  }
}
