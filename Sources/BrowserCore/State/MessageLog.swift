/// The status line's message, with the last few kept in full for `m`, and a serial number per
/// message so that a message's time to expire ends only that message.
///
/// The status line cuts a long message to its width; the log keeps the whole text. The core
/// has no clock, so expiry is an effect the shell times (`Effect.expireMessage`), answered with
/// `Event.messageExpired` carrying the serial it was given.
public struct MessageLog: Hashable, Sendable {
  /// The message the status line shows; empty once it expired.
  public private(set) var current = ""
  /// Earlier messages and the current one, oldest first, at most `capacity`.
  public private(set) var entries: [String] = []
  /// Counts the messages said so far; the current message's number.
  public private(set) var serial = 0

  public static let capacity = 20
  /// Seconds a message stays on the status line.
  public static let lifetime = 6.0

  public init() {}

  /// Shows `text` and logs it; an empty text clears the line.
  mutating func say(_ text: String) {
    current = text
    guard !text.isEmpty else { return }
    serial += 1
    if entries.last != text || entries.isEmpty {
      entries.append(text)
      if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
  }

  /// Clears the line if message `serial` is still the one shown; the log keeps it.
  mutating func expire(_ serial: Int) {
    if serial == self.serial { current = "" }
  }
}
