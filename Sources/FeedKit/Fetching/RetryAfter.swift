import FeedModel

/// When a server that answered `429 Too Many Requests` or `503 Service Unavailable` may be asked
/// again: its `Retry-After` header, as seconds (`120`) or as an HTTP date
/// (`Sun, 06 Dec 2026 14:05:00 GMT`), read into a moment, within bounds.
///
/// A 429 that gives no time still asks to be left alone, so it waits `unsaid`; a 503 without
/// one is a failure like any other and may be asked again at once. A time further off than
/// `longest` is cut to it: a server's mistake (a date years ahead) must not silence a feed for
/// good.
package enum RetryAfter {
  /// The wait after a 429 that names no time.
  package static let unsaid: Int64 = 60
  /// The longest wait honoured: a day.
  package static let longest: Int64 = 86_400

  /// The moment, in seconds since 1970, before which a server that answered `status` with
  /// `Retry-After: value` (nil: none) is not asked again, at `now`; nil when it may be asked
  /// at once.
  package static func moment(status: Int, value: String?, now: Int64) -> Int64? {
    guard status == 429 || status == 503 else { return nil }
    let said = value.flatMap { seconds($0, now: now) }
    guard let wait = said ?? (status == 429 ? unsaid : nil), wait > 0 else { return nil }
    return now + min(wait, longest)
  }

  /// The seconds `value` asks to wait at `now`: a count of seconds, or an HTTP date less
  /// `now` (a date past is no wait); nil for anything else.
  package static func seconds(_ value: String, now: Int64) -> Int64? {
    let text = value.trimmingASCIIWhitespace()
    if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      // More digits than a wait could need are a wait longer than any honoured.
      return text.utf8.count > 12 ? longest : Int64(text)
    }
    guard let moment = FeedDate.seconds(text) else { return nil }
    return max(0, moment - now)
  }
}
