/// Days since 1970-01-01 and dates of the proleptic Gregorian calendar, both ways (Howard
/// Hinnant's `days_from_civil` and `civil_from_days`): what reading a feed's dates and
/// showing them in the reader's zone share, without Foundation's calendars.
package enum CivilCalendar {
  /// Days since 1970-01-01 of a date.
  package static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date (year, month, day) of a day since 1970-01-01.
  package static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `2024-05-01 14:03`: a moment, in seconds since 1970, at the clock it is given in.
  package static func minuteText(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let rest = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest % 3600 / 60))"
  }
}
