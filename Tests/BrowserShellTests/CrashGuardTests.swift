import PictureKit
import Testing

@testable import BrowserShell

/// What a crash writes to give the terminal back.
@Suite(.serialized) struct CrashGuardTests {
  /// kitty's pictures are deleted first, on the alternate screen they are on, then the screen
  /// is left: a crash left them in the terminal's memory. Bytes that would not fit are left
  /// out rather than cutting the rest.
  @Test func kittysPicturesAreDeletedBeforeTheScreenIsLeft() {
    let leave = Array("\u{1B}[?1049l\u{1B}[?25h".utf8)
    CrashGuard.install(restoring: leave)
    defer { CrashGuard.disarm() }
    let delete = KittyGraphics.deleteAllOnScreen()
    CrashGuard.writeFirst(delete)
    #expect(CrashGuard.pendingBytes == delete + leave)
    CrashGuard.writeFirst([UInt8](repeating: 0x41, count: 300))
    #expect(CrashGuard.pendingBytes == delete + leave)
    CrashGuard.disarm()
    #expect(CrashGuard.pendingBytes.isEmpty)
  }
}
