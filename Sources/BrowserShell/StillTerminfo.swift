import Glibc

/// A terminal's compiled terminfo entry without the terminal's own scrolling, for ncurses to
/// be set up with where pictures are drawn in pixels over the frame.
///
/// ncurses redraws a scrolled screen by scrolling the terminal (a scroll region and `CSI n S`,
/// an index, or deleted and inserted lines) wherever lines of the old screen match lines of the
/// new one a few rows away, and the blank interiors of boxes match each other. Terminals move
/// sixel, iTerm2 and kitty pixels with that scroll, where the overlay cannot see: in xterm a
/// picture was left in two misaligned pieces with a blank band between them. ncurses has no
/// call that stops it (`idlok(false)` still leaves the scroll region and the whole-screen
/// index), and it reads capabilities from its own copy of the entry, so the entry itself is
/// given to it without them: the same compiled file (term(5)), with the offsets of these
/// capabilities marked absent, in a private folder `TERMINFO` names while the screen is set
/// up. ncurses then redraws by the changed cells, which the overlay's plan already follows.
enum StillTerminfo {
  /// The capabilities that scroll the terminal, by their place in the compiled format's fixed
  /// order of string capabilities (the order of `strnames`, which every terminfo file keeps):
  /// csr 3, dl1 22, il1 53, dl 106, indn 109, il 110, rin 113, ind 129, ri 130.
  static let scrolling = [3, 22, 53, 106, 109, 110, 113, 129, 130]

  /// The process's variables that say where entries are and which one is used.
  static func environment() -> [String: String] {
    var found: [String: String] = [:]
    for name in ["TERM", "TERMINFO", "TERMINFO_DIRS", "HOME", "TMPDIR"] {
      if let value = getenv(name) { found[name] = String(cString: value) }
    }
    return found
  }

  /// The folders ncurses reads compiled entries from, in its order: `TERMINFO`,
  /// `~/.terminfo`, `TERMINFO_DIRS` (an empty member standing for the system's), then the
  /// system's.
  static func searchPath(environment: [String: String]) -> [String] {
    let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
    var folders: [String] = []
    if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
    if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
    if let dirs = environment["TERMINFO_DIRS"] {
      for member in dirs.split(separator: ":", omittingEmptySubsequences: false) {
        folders += member.isEmpty ? system : [String(member)]
      }
    }
    return folders + system
  }

  /// `entry` (a compiled terminfo file) with the scrolling capabilities marked absent; nil
  /// when it is not one (its header, sizes or counts do not hold).
  static func withoutScrolling(_ entry: [UInt8]) -> [UInt8]? {
    func short(_ at: Int) -> Int? {
      guard at + 1 < entry.count else { return nil }
      return Int(entry[at]) | Int(entry[at + 1]) << 8
    }
    // The magic: 0o432 for 16-bit numbers, 0o1036 for 32-bit ones (ncurses 6).
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let names = short(2), let booleans = short(4), let numbers = short(6),
      let strings = short(8), let table = short(10)
    else { return nil }
    let numberSize = magic == 0o1036 ? 4 : 2
    var offsets = 12 + names + booleans
    if offsets % 2 == 1 { offsets += 1 }
    offsets += numbers * numberSize
    guard offsets + strings * 2 + table <= entry.count else { return nil }
    var edited = entry
    for index in scrolling where index < strings {
      edited[offsets + index * 2] = 0xFF
      edited[offsets + index * 2 + 1] = 0xFF
    }
    return edited
  }

  /// A private folder holding `name`'s entry without the scrolling capabilities, laid out as
  /// ncurses reads it (`x/xterm-256color`); nil when the entry is not found as a compiled
  /// file, or the folder cannot be made. The caller removes it (`remove(_:)`) once the screen
  /// is set up: ncurses reads an entry once.
  static func folder(for name: String, environment: [String: String]) -> String? {
    guard let first = name.utf8.first, !name.contains("/"), name != "." && name != ".." else {
      return nil
    }
    let letter = String(UnicodeScalar(first))
    let hex = String(first, radix: 16)
    var entry: [UInt8]?
    search: for folder in searchPath(environment: environment) {
      for sub in [letter, hex] {
        if let bytes = read(folder + "/" + sub + "/" + name) {
          entry = bytes
          break search
        }
      }
    }
    guard let entry, let edited = withoutScrolling(entry) else { return nil }
    let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/cascade-terminfo-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else { return nil }
    let folder = String(cString: made)
    let sub = folder + "/" + letter
    guard mkdir(sub, 0o700) == 0, write(edited, to: sub + "/" + name) else {
      remove(folder)
      return nil
    }
    return folder
  }

  /// Removes a folder `folder(for:environment:)` made: its one subfolder and the entry in it.
  static func remove(_ folder: String) {
    for sub in names(in: folder).map({ folder + "/" + $0 }) {
      for file in names(in: sub) { unlink(sub + "/" + file) }
      rmdir(sub)
    }
    rmdir(folder)
  }

  /// The names in `folder` but `.` and `..`.
  private static func names(in folder: String) -> [String] {
    guard let listing = opendir(folder) else { return [] }
    defer { closedir(listing) }
    var found: [String] = []
    while let item = readdir(listing) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { found.append(name) }
    }
    return found
  }

  /// A regular file's bytes, at most 1 MiB (terminfo entries are a few kilobytes).
  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size > 0, status.st_size <= 1 << 20
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    return count == bytes.count ? bytes : nil
  }

  private static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    return count == bytes.count
  }
}
