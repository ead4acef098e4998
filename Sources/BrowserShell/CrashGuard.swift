import BrowserCore
import Glibc

/// Gives the terminal back when the process dies of a trap or a fatal signal.
///
/// A Swift runtime trap (an index out of range) would otherwise leave the shell in the alternate
/// screen with the cursor hidden and echo off. The handler may only do async-signal-safe work,
/// so the bytes that leave the alternate screen and show the cursor, and the terminal modes of
/// the shell, are captured up front; the handler writes the bytes, restores the modes, and
/// re-raises the signal with its default action.
enum CrashGuard {
  /// Remembers the shell's terminal modes; call before ncurses changes them (`newterm` already
  /// turns off output post-processing).
  static func captureModes() {
    var modes = termios()
    if tcgetattr(1, &modes) == 0 {
      savedModes.pointee = modes
      hasSavedModes = true
    }
  }

  /// Installs the handlers; `bytes` undo what ncurses did to the screen (leave the alternate
  /// screen, show the cursor, reset attributes), as `Terminal` looked them up.
  static func install(restoring bytes: [UInt8]) {
    let count = min(bytes.count, restoreCapacity)
    for i in 0..<count { restoreBytes[i] = bytes[i] }
    restoreCount = count
    for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(sig, &action, nil)
    }
  }

  /// Has a crash write `bytes` before the rest (while still on the alternate screen): kitty's
  /// pictures, which the terminal would otherwise keep in its memory. Dropped when the bytes
  /// would not fit.
  static func writeFirst(_ bytes: [UInt8]) {
    guard restoreCount > 0, restoreCount + bytes.count <= restoreCapacity else { return }
    let old = Array(UnsafeBufferPointer(start: restoreBytes, count: restoreCount))
    for (i, byte) in (bytes + old).enumerated() { restoreBytes[i] = byte }
    restoreCount += bytes.count
  }

  /// What a crash would write now.
  static var pendingBytes: [UInt8] {
    Array(UnsafeBufferPointer(start: restoreBytes, count: restoreCount))
  }

  /// The terminal was restored normally: a later crash must not write anything.
  static func disarm() {
    restoreCount = 0
    hasSavedModes = false
  }
}

private let restoreCapacity = 256
nonisolated(unsafe) private var restoreBytes = UnsafeMutablePointer<UInt8>.allocate(
  capacity: restoreCapacity)
nonisolated(unsafe) private var restoreCount = 0
// On the heap: the compiler emitted a zeroed `termios` global 3 bytes shorter than the struct
// `tcgetattr` writes (AddressSanitizer: global-buffer-overflow).
nonisolated(unsafe) private let savedModes: UnsafeMutablePointer<termios> = {
  let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  modes.initialize(to: termios())
  return modes
}()
nonisolated(unsafe) private var hasSavedModes = false

private func crashHandler(_ sig: Int32) {
  if restoreCount > 0 { _ = write(1, restoreBytes, restoreCount) }
  if hasSavedModes { _ = tcsetattr(1, TCSANOW, savedModes) }
  raise(sig)
}
