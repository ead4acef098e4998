import Foundation

/// ncurses keeps one global screen: tests that start a headless terminal must not run at the
/// same time as each other (Swift Testing runs suites in parallel), or they corrupt each
/// other's screens and colour pairs. The process's locale, which curses reads to encode what it
/// writes, is changed only under the same lock.
enum CursesLock {
  private static let lock = NSLock()

  static func run<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
