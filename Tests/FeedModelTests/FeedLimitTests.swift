import Testing

@testable import FeedModel

@Suite struct FeedLimitTests {
  static let limits: [(FeedLimit, String)] = [
    (.bodySize(64 << 20), "--max-bytes"), (.itemCount(5_000_000), "--max-items"),
    (.nestingDepth(256), "--max-depth"), (.stringLength(1 << 20), "--max-string"),
    (.totalTime(300), "--total-time"), (.pageCount(100_000), "--max-pages"),
    (.pictureTime(30), "--picture-time"),
  ]

  @Test(arguments: limits)
  func everyLimitErrorNamesTheFlagThatRaisesIt(limit: FeedLimit, flag: String) {
    let error = FeedError.limitExceeded(source: "feed.json", limit: limit, location: "line 1")
    #expect(limit.flag == flag)
    #expect(error.description.hasPrefix("feed.json: \(limit) at line 1; "))
    #expect(error.description.contains(" \(flag) "))
  }

  @Test func limitErrorSaysTheValueThatWasExceeded() {
    let error = FeedError.limitExceeded(source: "f", limit: .bodySize(64 << 20), location: nil)
    #expect(
      error.description
        == "f: the body is larger than 64 MiB; the feed is too large or broken; if you trust it, "
        + "raise the limit with --max-bytes N")
  }
}

/// One picture over --max-image-bytes says so without blaming the feed (it said "the feed is
/// too large or broken").
@Suite struct PictureLimitAdviceTests {
  @Test func aTooLargePictureDoesNotBlameTheFeed() {
    let advice = FeedLimit.pictureSize(32 << 20).advice
    #expect(!advice.contains("feed"))
    #expect(advice.contains("--max-image-bytes N"))
    #expect(FeedLimit.bodySize(64 << 20).advice.contains("the feed is too large or broken"))
  }
}
