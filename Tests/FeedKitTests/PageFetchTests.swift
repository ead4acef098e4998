import Testing
import Transport

@testable import FeedKit

/// The transport's errors said as FeedKit's: every limit names the flag that raises it.
@Suite struct PageFetchTests {
  static var options: LoadOptions {
    var options = LoadOptions()
    options.timeout = 3
    options.totalTime = 7
    options.maxBytes = 1000
    options.maxRedirects = 2
    return options
  }

  @Test(arguments: [
    (TransferError.timedOut(url: "http://h/", clock: .total, seconds: 7), "LoadOptions.totalTime"),
    (.timedOut(url: "http://h/", clock: .idle, seconds: 3), "LoadOptions.timeout"),
    (.timedOut(url: "http://h/", clock: .connect, seconds: 3), "LoadOptions.timeout"),
    (.tooLarge(url: "http://h/", limit: 1000), "LoadOptions.maxBytes"),
  ])
  func limitNamesItsFlag(error: TransferError, flag: String) {
    let feedError = PageFetch.feedError(error, options: Self.options)
    #expect(feedError.description.contains(flag), "\(feedError)")
    #expect(feedError.description.hasPrefix("http://h/"))
  }

  @Test func transportLimitsComeFromTheLoadOptions() {
    let limits = PageFetch.limits(Self.options)
    #expect(limits.maxBytes == 1000)
    #expect(limits.idleTimeout == 3)
    #expect(limits.connectTimeout == 3)
    #expect(limits.totalTime == 7)
    #expect(limits.maxRedirects == 2)
  }

  @Test func redirectWithoutLocationSaysSo() {
    let error = PageFetch.feedError(
      .redirectWithoutLocation(url: "http://h/a", status: 307), options: Self.options)
    #expect(
      error.description.contains("the server redirected (HTTP 307) without a usable Location"))
  }
}
