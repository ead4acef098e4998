import Glibc
import Testing

@testable import BrowserShell

/// The terminfo entry ncurses is set up with where pixels are drawn over the frame.
@Suite struct StillTerminfoTests {
  /// A compiled entry of two string capabilities past the scrolling ones' places: header,
  /// names, no booleans, one number, 131 string offsets, and their table.
  private func entry(magic: Int = 0o432) -> [UInt8] {
    let names = Array("test|a test terminal\0".utf8)
    let strings = 131
    var bytes: [UInt8] = []
    func short(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    short(magic)
    short(names.count)
    short(0)
    short(1)
    short(strings)
    short(4)
    bytes += names
    if bytes.count % 2 == 1 { bytes.append(0) }
    if magic == 0o1036 { bytes += [80, 0, 0, 0] } else { short(80) }
    for index in 0..<strings { short(index == 3 || index == 130 ? 0 : 2) }
    bytes += Array("ab\0\0".utf8)
    return bytes
  }

  private func offsets(_ bytes: [UInt8], numberSize: Int = 2) -> [Int] {
    var at = 12 + 21 + 1 + numberSize
    var found: [Int] = []
    for _ in 0..<131 {
      found.append(Int(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)))
      at += 2
    }
    return found
  }

  @Test(arguments: [0o432, 0o1036])
  func theScrollingCapabilitiesAreMarkedAbsentAndNothingElse(magic: Int) throws {
    let original = entry(magic: magic)
    let edited = try #require(StillTerminfo.withoutScrolling(original))
    let size = magic == 0o1036 ? 4 : 2
    let before = offsets(original, numberSize: size)
    let after = offsets(edited, numberSize: size)
    for index in 0..<131 {
      let expected = StillTerminfo.scrolling.contains(index) ? -1 : before[index]
      #expect(after[index] == expected, "capability \(index)")
    }
    #expect(edited.count == original.count)
  }

  @Test func whatIsNotACompiledEntryIsLeftAlone() {
    #expect(StillTerminfo.withoutScrolling([]) == nil)
    #expect(StillTerminfo.withoutScrolling(Array("#\tReconstructed via infocmp".utf8)) == nil)
    // A header whose sizes run past the file's end.
    #expect(StillTerminfo.withoutScrolling(Array(entry().prefix(60))) == nil)
  }

  /// ncurses' order: TERMINFO, ~/.terminfo, TERMINFO_DIRS (an empty member is the system's
  /// folders), then the system's.
  @Test func entriesAreLookedForWhereNcursesLooks() {
    let path = StillTerminfo.searchPath(environment: [
      "TERMINFO": "/own", "HOME": "/home/me", "TERMINFO_DIRS": "/a::/b",
    ])
    #expect(
      path.prefix(7)
        == [
          "/own", "/home/me/.terminfo", "/a", "/etc/terminfo", "/lib/terminfo",
          "/usr/share/terminfo", "/b",
        ])
  }

  /// The folder holds the edited entry where ncurses reads it, and is removed whole.
  @Test func theFolderIsPrivateAndRemovedWhole() throws {
    let folder = try #require(
      StillTerminfo.folder(for: "xterm-256color", environment: StillTerminfo.environment()))
    var status = stat()
    #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
    #expect(access(folder + "/x/xterm-256color", R_OK) == 0)
    StillTerminfo.remove(folder)
    #expect(access(folder, F_OK) != 0)
  }

  @Test func aNameThatIsAPathIsNotLookedUp() {
    #expect(StillTerminfo.folder(for: "../../etc/passwd", environment: [:]) == nil)
    #expect(StillTerminfo.folder(for: "", environment: [:]) == nil)
  }
}
