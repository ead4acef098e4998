import Locking

/// The pixel memory that decodes running at once may hold between them.
///
/// A PNG or GIF is decoded at its full size before it is shrunk to its box, so a 180 KB
/// PNG of 7900 × 7900 takes 250 MB while it is decoded; the browser decodes a few pictures at a
/// time (two per core when printing), and a feed of such pictures would take gigabytes on a
/// large machine. Each decode first reserves what it will hold; one that does not fit waits
/// until others have finished. A decode larger than the whole budget runs when it is alone,
/// so every picture within `PictureLimits` still decodes.
final class DecodeMemory: @unchecked Sendable {
  /// The process's budget: one picture at the default `PictureLimits.maxPixels` (64 MP, 4 bytes
  /// a pixel), or many smaller ones at once.
  static let shared = DecodeMemory(budget: 256 << 20)

  let budget: Int
  private let condition = Condition()
  private var held = 0

  init(budget: Int) {
    self.budget = budget
  }

  /// Bytes reserved now, by decodes running.
  var reserved: Int {
    condition.lock()
    defer { condition.unlock() }
    return held
  }

  /// Runs `body` once `bytes` fit in the budget beside what others hold (or nothing else is
  /// held), and gives them back after it.
  func holding<R, E: Error>(_ bytes: Int, _ body: () throws(E) -> R) throws(E) -> R {
    condition.lock()
    while held > 0, held + bytes > budget { condition.wait() }
    held += bytes
    condition.unlock()
    defer {
      condition.lock()
      held -= bytes
      condition.broadcast()
      condition.unlock()
    }
    return try body()
  }
}
