import FeedModel
import Testing

@testable import FeedKit

/// Passwords and tokens in URLs are masked wherever a URL is shown.
@Suite struct URLSecretsTests {
  @Test(arguments: [
    ("http://user:pass@example.com/feed.json", "http://***@example.com/feed.json"),
    (
      "https://example.com/a.jpg?api_key=K1&page=2&token=T2",
      "https://example.com/a.jpg?api_key=***&page=2&token=***"
    ),
    (
      "https://s3.example.com/x.png?X-Amz-Signature=abc;X-Amz-Credential=def",
      "https://s3.example.com/x.png?X-Amz-Signature=***;X-Amz-Credential=***"
    ),
    (
      "https://example.com/cb#access_token=abc&state=1",
      "https://example.com/cb#access_token=***&state=1"
    ),
    ("https://example.com/p?api%5Fkey=1&sig=2", "https://example.com/p?api%5Fkey=***&sig=***"),
    ("https://example.com/p?q=cats&key=", "https://example.com/p?q=cats&key="),
    ("https://example.com/feed.json", "https://example.com/feed.json"),
    ("/home/ann/feed.json", "/home/ann/feed.json"),
  ])
  func secretsAreMasked(url: String, shown: String) {
    #expect(URLSecrets.masked(url) == shown)
    #expect(URLSecrets.holdsSecret(url) == (url != shown))
  }

  @Test func urlsInAMessageAreMaskedAndTheWordsAroundThemKept() {
    let text =
      "http://a:b@example.com/x?token=abc: redirect loop (back to https://e.com/?sig=1); done"
    #expect(
      URLSecrets.masking(in: text)
        == "http://***@example.com/x?token=***: redirect loop (back to https://e.com/?sig=***); done"
    )
  }

  /// The header row names the feed by its display name, and errors quote their URLs: neither
  /// shows the password or the key.
  @Test func theFeedsNameAndItsErrorsShowNoSecret() throws {
    let url = "http://user:hunter2@example.com/feed.json?api_key=SECRET123"
    let source = try FeedSource(argument: url)
    #expect(!source.displayName.contains("hunter2") && !source.displayName.contains("SECRET123"))
    let errors: [FeedError] = [
      .httpStatus(url: url, status: 401), .network(url: url, detail: "refused"),
      .redirectLoop(url: url, repeated: url),
      .refusedLink(source: url, target: "ftp://x:y@host/?password=p", detail: "not http"),
    ]
    for error in errors {
      #expect(!error.description.contains("hunter2"), "\(error.description)")
      #expect(!error.description.contains("SECRET123"), "\(error.description)")
      #expect(!error.description.contains("x:y"), "\(error.description)")
    }
  }
}
