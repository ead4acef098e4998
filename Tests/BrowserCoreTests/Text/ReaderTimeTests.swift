import Testing

@testable import BrowserCore

/// Dates in the reader's zone: absolute with the zone's name in the details, relative on cards.
/// They were shown in UTC with no label: 09:30 +0200 read as 07:30 in New York.
@Suite struct ReaderTimeTests {
  /// New York in May: four hours behind UTC, `EDT`.
  static let newYork = ReaderTime(offset: { _ in .init(seconds: -4 * 3600, zone: "EDT") })

  @Test func aStoredDateReadsInTheReadersZone() {
    // 2024-05-01 09:30 +0200 is stored as 07:30 UTC.
    #expect(Self.newYork.absolute("2024-05-01 07:30") == "2024-05-01 03:30 EDT")
    #expect(ReaderTime.utc.absolute("2024-05-01 07:30") == "2024-05-01 07:30 UTC")
  }

  @Test func aZoneWithoutANameShowsItsOffset() {
    let india = ReaderTime(offset: { _ in .init(seconds: 5 * 3600 + 1800, zone: "") })
    #expect(india.absolute("2024-12-31 20:00") == "2025-01-01 01:30 +0530")
    #expect(ReaderTime.numeric(-4 * 3600) == "-0400")
  }

  @Test func aDateTheFeedWroteItsOwnWayIsShownAsWritten() {
    #expect(Self.newYork.absolute("last Tuesday") == "last Tuesday")
    #expect(Self.newYork.relative("2024-13-01 00:00") == "2024-13-01 00:00")
  }

  @Test func cardsSayHowLongAgoWithinAWeek() throws {
    let stored = "2024-05-01 07:30"
    let seconds = try #require(ReaderTime.utcSeconds(stored))
    var time = Self.newYork
    time.now = seconds + 3 * 3600 + 59
    #expect(time.relative(stored) == "3 h ago")
    time.now = seconds + 30
    #expect(time.relative(stored) == "just now")
    time.now = seconds + 5 * 60
    #expect(time.relative(stored) == "5 min ago")
    time.now = seconds + 2 * 86_400
    #expect(time.relative(stored) == "2 d ago")
    time.now = seconds + 30 * 86_400
    #expect(time.relative(stored) == "2024-05-01", "older: the day, in the reader's zone")
    time.now = seconds - 3600
    #expect(time.relative(stored) == "2024-05-01 03:30 EDT", "ahead of the clock: in full")
  }

  @Test func theDayOfAnOldDateIsTheReadersDay() throws {
    let stored = "2024-05-01 02:00"
    var time = Self.newYork
    let seconds = try #require(ReaderTime.utcSeconds(stored))
    time.now = seconds + 60 * 86_400
    #expect(time.relative(stored) == "2024-04-30", "02:00 UTC is the evening before in New York")
  }

  @Test func aCardsBylineUsesTheReadersClock() throws {
    let card = CardLabel(date: "2024-05-01 07:30", author: "Ann", summary: "")
    var time = Self.newYork
    let now = try #require(ReaderTime.utcSeconds("2024-05-01 10:30"))
    time.now = now
    #expect(card.byline(time).string == "3 h ago · Ann")
    #expect(card.byline(.utc).string == "2024-05-01 07:30 · Ann", "no clock: as stored")
  }

  @Test func lastReadIsAClockTimeTodayElseADate() {
    // 2026-12-06 01:30 UTC.
    let now: Int64 = 1_796_520_600
    #expect(ReaderTime.utc.lastRead(now - 600, now: now) == "01:20")
    #expect(ReaderTime.utc.lastRead(now - 86_400 * 5, now: now) == "2026-12-01")
    #expect(ReaderTime.utc.lastRead(nil, now: now) == "never")
  }

  /// Today is the reader's: 20:00 UTC the day before is 01:30 this morning at +05:30.
  @Test func lastReadDayIsTheReadersDay() {
    let now: Int64 = 1_796_520_600
    let india = ReaderTime(offset: { _ in ReaderTime.Offset(seconds: 19_800, zone: "IST") })
    #expect(india.lastRead(now - 19_800, now: now) == "01:30")
    #expect(ReaderTime.utc.lastRead(now - 19_800, now: now) == "2026-12-05")
  }
}
