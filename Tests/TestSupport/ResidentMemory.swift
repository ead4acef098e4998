import Foundation

/// The process's resident set size, for tests that bound the memory a transfer may cost.
package enum ResidentMemory {
  /// Bytes resident now (Linux: `/proc/self/statm`), or nil elsewhere.
  package static func bytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
