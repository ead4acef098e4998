import FeedModel

/// The dates feeds write, read into seconds since 1970 (UTC) and written back in one form.
///
/// RSS writes RFC 822 (`Wed, 01 May 2024 14:03:00 +0200`, often with a zone's name); Atom, JSON
/// Feed and the APIs write ISO 8601 (`2024-05-01T14:03:00.000Z`). Read by hand rather than with
/// Foundation's formatters, which cost tens of microseconds to make and are not `Sendable`: a
/// page of items is decoded off the main thread, and a feed may give every item a date.
enum FeedDate {
  /// Seconds since 1970-01-01 00:00 UTC, or nil when `text` is neither form.
  static func seconds(_ text: String) -> Int64? {
    let trimmed = text.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
    if let first = trimmed.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      let seconds = iso8601(Array(trimmed.utf8))
    {
      return seconds
    }
    return rfc822(trimmed)
  }

  /// `2024-05-01 14:03`, in UTC.
  static func text(_ seconds: Int64) -> String { CivilCalendar.minuteText(seconds) }

  // MARK: ISO 8601

  private static func iso8601(_ bytes: [UInt8]) -> Int64? {
    var i = 0
    func number(_ digits: Int) -> Int64? {
      guard i + digits <= bytes.count else { return nil }
      var value: Int64 = 0
      for k in i..<(i + digits) {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) else { return nil }
        value = value * 10 + Int64(bytes[k] - UInt8(ascii: "0"))
      }
      i += digits
      return value
    }
    func skip(_ byte: Character) -> Bool {
      guard i < bytes.count, bytes[i] == byte.asciiValue else { return false }
      i += 1
      return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"),
      let day = number(2)
    else { return nil }
    var hour: Int64 = 0
    var minute: Int64 = 0
    var second: Int64 = 0
    if skip("T") || skip("t") || skip(" ") {
      guard let h = number(2), skip(":"), let m = number(2) else { return nil }
      (hour, minute) = (h, m)
      if skip(":") {
        guard let s = number(2) else { return nil }
        second = s
        if skip(".") || skip(",") {
          while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
            i += 1
          }
        }
      }
    }
    var offset: Int64 = 0
    if skip("Z") || skip("z") {
    } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
      let sign: Int64 = bytes[i] == UInt8(ascii: "-") ? -1 : 1
      i += 1
      guard let h = number(2) else { return nil }
      _ = skip(":")
      let m = number(2) ?? 0
      offset = sign * (h * 3600 + m * 60)
    }
    guard i == bytes.count else { return nil }
    return seconds(year, month, day, hour, minute, second, offset: offset)
  }

  // MARK: RFC 822

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]
  private static let zones: [String: Int64] = [
    "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5,
    "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
  ]

  private static func rfc822(_ text: String) -> Int64? {
    // Split as bytes: as characters, splitting was half of reading a date.
    var words = text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x2C || $0 == 0x09 }).map {
      String(decoding: $0, as: UTF8.self).lowercased()
    }
    // The day's name is optional, and says nothing the date does not.
    if let first = words.first, first.first?.isLetter == true { words.removeFirst() }
    guard words.count >= 4, let day = Int64(words[0]),
      let month = months.firstIndex(of: String(words[1].prefix(3))),
      var year = Int64(words[2])
    else { return nil }
    if year < 100 { year += year < 50 ? 2000 : 1900 }
    let clock = words[3].split(separator: ":").map { Int64($0) }
    guard clock.count >= 2, clock.count <= 3, !clock.contains(nil) else { return nil }
    var offset: Int64 = 0
    if words.count >= 5 {
      let zone = words[4]
      if let hours = zones[zone] {
        offset = hours * 3600
      } else if zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
        let value = Int64(zone.dropFirst())
      {
        offset = (sign == "-" ? -1 : 1) * (value / 100 * 3600 + value % 100 * 60)
      }
    }
    return seconds(
      year, Int64(month + 1), day, clock[0] ?? 0, clock[1] ?? 0,
      clock.count == 3 ? clock[2] ?? 0 : 0, offset: offset)
  }

  // MARK: Calendar

  private static func seconds(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64,
    offset: Int64
  ) -> Int64? {
    guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second), (1...9999).contains(year)
    else { return nil }
    let day = CivilCalendar.days(fromCivil: year, month, day)
    return day * 86_400 + hour * 3600 + minute * 60 + second - offset
  }
}
