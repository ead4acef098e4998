import FeedModel

/// Dates as the reader's clock reads them: in their time zone (the shell asks the C library's
/// `localtime_r`, which follows `TZ`, as `ls` does), and relative to now where a box has room
/// for little (`3 h ago`).
///
/// The feed's dates are kept in UTC (`2024-05-01 14:03`, as `ItemAbout` says); they were shown
/// so, with no label, and read as the reader's own time. The zone comes in as a function so
/// the core stays free of the C library and its tests can hand in any zone.
public struct ReaderTime: Sendable {
  /// The offset from UTC and the zone's abbreviation in force at a moment.
  public struct Offset: Hashable, Sendable {
    public var seconds: Int
    public var zone: String

    public init(seconds: Int, zone: String) {
      self.seconds = seconds
      self.zone = zone
    }
  }

  /// The offset in force at a moment, given in seconds since 1970 (UTC).
  public var offset: @Sendable (Int64) -> Offset
  /// Now, in seconds since 1970, for relative dates; nil shows every date in full.
  public var now: Int64?

  public init(offset: @escaping @Sendable (Int64) -> Offset, now: Int64? = nil) {
    self.offset = offset
    self.now = now
  }

  /// UTC, with no clock: what tests and the benchmark draw with.
  public static let utc = ReaderTime(offset: { _ in Offset(seconds: 0, zone: "UTC") })

  /// A stored date in full, in the reader's zone: `2024-05-01 09:30 EDT`; a date the feed
  /// wrote in a form that did not read as one is shown as it was written.
  public func absolute(_ stored: String) -> String {
    guard let seconds = Self.utcSeconds(stored) else { return stored }
    return Self.text(seconds, offset: offset(seconds))
  }

  /// A moment, in seconds since 1970, in full in the reader's zone: `2026-12-06 09:30 EST`.
  public func moment(_ seconds: Int64) -> String {
    Self.text(seconds, offset: offset(seconds))
  }

  /// A stored date for a box: `5 min ago`, `3 h ago`, `2 d ago` within a week, else the day
  /// in the reader's zone (`2024-05-01`); in full when the date is ahead of the clock, and
  /// as stored with no clock (a sheet drawn for a test).
  public func relative(_ stored: String) -> String {
    guard let seconds = Self.utcSeconds(stored), let now else { return stored }
    guard now >= seconds - 60 else { return Self.text(seconds, offset: offset(seconds)) }
    if let ago = Self.ago(seconds, now: now) { return ago }
    return String(Self.text(seconds, offset: offset(seconds)).prefix(10))
  }

  /// When a feed was last read, in a few letters: `14:03` on the reader's day of `now`, else
  /// the date (`2026-12-01`); `never` for a feed never read. What the feeds panel shows, at
  /// the opening and after each refresh alike.
  public func lastRead(_ seconds: Int64?, now: Int64) -> String {
    guard let seconds else { return "never" }
    func local(_ moment: Int64) -> Int64 { moment + Int64(offset(moment).seconds) }
    func day(_ local: Int64) -> Int64 {
      local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }
    let read = local(seconds)
    let text = CivilCalendar.minuteText(read)
    return day(read) == day(local(now)) ? String(text.suffix(5)) : String(text.prefix(10))
  }

  /// `3 h ago` and the like while `seconds` is less than a week before `now`, else nil.
  static func ago(_ seconds: Int64, now: Int64) -> String? {
    let past = max(0, now - seconds)
    switch past {
    case ..<60: return "just now"
    case ..<3600: return "\(past / 60) min ago"
    case ..<86_400: return "\(past / 3600) h ago"
    case ..<(7 * 86_400): return "\(past / 86_400) d ago"
    default: return nil
    }
  }

  /// `2024-05-01 09:30 EDT`: a moment at an offset, with the zone's name (or `+0530` when
  /// the C library gives none).
  static func text(_ seconds: Int64, offset: Offset) -> String {
    let zone = offset.zone.isEmpty ? numeric(offset.seconds) : offset.zone
    return CivilCalendar.minuteText(seconds + Int64(offset.seconds)) + " " + zone
  }

  /// `+0530`, `-0400`.
  static func numeric(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours)"
      + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// Seconds since 1970 of a stored date, `2024-05-01 14:03` in UTC; nil for any other text.
  static func utcSeconds(_ stored: String) -> Int64? {
    let bytes = Array(stored.utf8)
    guard bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for k in range {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) else { return nil }
        value = value * 10 + Int64(bytes[k] - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60
    else { return nil }
    return CivilCalendar.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60
  }
}
