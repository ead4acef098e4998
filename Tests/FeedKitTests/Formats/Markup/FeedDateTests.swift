import Testing

@testable import FeedKit

/// RSS dates (RFC 822) as feeds write them: with and without the day's name, commas, tabs,
/// named and numeric zones, two-digit years; and text that is no date.
@Suite struct FeedDateTests {
  @Test(arguments: [
    ("Mon, 30 Nov 2026 12:00:00 GMT", "2026-11-30 12:00"),
    ("30 Nov 2026 12:00:00 GMT", "2026-11-30 12:00"),
    ("Mon,30 Nov 2026 12:00 +0200", "2026-11-30 10:00"),
    ("Mon, 30\tnov 2026 12:00:00 EST", "2026-11-30 17:00"),
    ("Tue, 01 Dec 26 00:30:00 -0130", "2026-12-01 02:00"),
    ("Sun, 1 Jan 95 08:00:00 PST", "1995-01-01 16:00"),
  ])
  func readsRFC822(_ written: String, _ expected: String) {
    #expect(FeedDate.seconds(written).map(FeedDate.text) == expected, "\(written)")
  }

  @Test(arguments: [
    "", "yesterday", "Mon, 30 Nov 2026", "Mon, 31 Feb 2026 25:00:00 GMT",
    "30 Nvm 2026 12:00:00", "Mon, 30 Nov 2026 12:xx:00 GMT",
  ])
  func refusesWhatIsNoDate(_ written: String) {
    #expect(FeedDate.seconds(written) == nil, "\(written)")
  }
}
