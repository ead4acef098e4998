import Testing

@testable import FeedModel

@Suite struct FeedLimitTests {
  static let limits: [(FeedLimit, LoadSetting)] = [
    (.bodySize(64 << 20), .maxBytes), (.itemCount(5_000_000), .maxItems),
    (.nestingDepth(256), .maxDepth), (.stringLength(1 << 20), .maxStringLength),
    (.totalTime(300), .totalTime), (.pageCount(100_000), .maxPages),
    (.pictureSize(32 << 20), .pictureBytes), (.pictureTime(30), .pictureTime),
  ]

  /// FeedModel names no command-line flag: an error names the setting that raises its limit
  /// as the front end showing it does, and as FeedKit's own fields when none does.
  @Test(arguments: limits)
  func everyLimitErrorNamesTheSettingThatRaisesIt(limit: FeedLimit, setting: LoadSetting) {
    let error = FeedError.limitExceeded(source: "feed.json", limit: limit, location: "line 1")
    #expect(limit.setting == setting)
    #expect(error.description.hasPrefix("feed.json: \(limit) at line 1; "))
    #expect(error.description.hasSuffix(" " + SettingNames.library[setting]))
    #expect(!error.description.contains("--"), "FeedModel named a flag")
    let named = SettingNames([setting: "--raise-it N"])
    #expect(error.message(naming: named).hasSuffix(" with --raise-it N"))
  }

  @Test func limitErrorSaysTheValueThatWasExceeded() {
    let error = FeedError.limitExceeded(source: "f", limit: .bodySize(64 << 20), location: nil)
    #expect(
      error.message(naming: SettingNames([.maxBytes: "--max-bytes N"]))
        == "f: the body is larger than 64 MiB; the feed is too large or broken; if you trust it, "
        + "raise the limit with --max-bytes N")
  }

  /// The library's own names are the fields a program sets.
  @Test func theLibrarysNamesAreItsFields() {
    #expect(SettingNames.library[.maxBytes] == "LoadOptions.maxBytes")
    #expect(SettingNames.library[.pictureBytes] == "PictureLimits.maxBytes")
    #expect(SettingNames([.timeout: "--timeout S"])[.maxPages] == "LoadOptions.maxPages")
  }

  /// A timeout names the setting that allows longer, as the front end names it.
  @Test func aTimeoutNamesItsSetting() {
    let error = FeedError.timedOut(url: "http://h/", seconds: 3)
    #expect(error.description.hasSuffix("allow longer with LoadOptions.timeout"))
    #expect(
      error.message(naming: SettingNames([.timeout: "--timeout SECONDS"]))
        .hasSuffix("allow longer with --timeout SECONDS"))
  }
}

/// One picture over its size limit says so without blaming the feed (it said "the feed is
/// too large or broken").
@Suite struct PictureLimitAdviceTests {
  @Test func aTooLargePictureDoesNotBlameTheFeed() {
    let advice = FeedLimit.pictureSize(32 << 20).advice(
      naming: SettingNames([.pictureBytes: "--max-image-bytes N"]))
    #expect(!advice.contains("feed"))
    #expect(advice.contains("--max-image-bytes N"))
    #expect(FeedLimit.bodySize(64 << 20).advice().contains("the feed is too large or broken"))
  }
}
