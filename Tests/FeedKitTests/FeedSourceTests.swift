import FeedModel
import Testing

@testable import FeedKit

@Suite struct FeedSourceTests {
  @Test func dashIsStandardInput() throws {
    #expect(try FeedSource(argument: "-") == .standardInput)
    #expect(FeedSource.standardInput.displayName == "standard input")
  }

  @Test(arguments: ["feed.json", "dir/feed.json", "/tmp/feed.json", "./a:b.json", "C:feed"])
  func pathsAreFiles(argument: String) throws {
    #expect(try FeedSource(argument: argument) == .file(argument))
    #expect(try FeedSource(argument: argument).displayName == argument)
  }

  @Test func fileURLBecomesItsPath() throws {
    #expect(try FeedSource(argument: "file:///tmp/my%20feed.json") == .file("/tmp/my feed.json"))
    #expect(try FeedSource(argument: "file://localhost/tmp/a.json") == .file("/tmp/a.json"))
  }

  @Test func fileURLOnAnotherHostIsRefused() {
    #expect(throws: FeedError.self) { try FeedSource(argument: "file://server/tmp/a.json") }
  }

  @Test(arguments: ["http://example.com/feed.json", "https://example.com:8443/f?x=1"])
  func httpURLsAreURLs(argument: String) throws {
    #expect(try FeedSource(argument: argument) == .url(argument))
  }

  @Test(arguments: [
    ("ftp://example.com/feed.json", "ftp"), ("gopher://x/y", "gopher"),
    ("javascript:alert(1)", "javascript"), ("data:application/json,[]", "data"),
  ])
  func otherSchemesAreRefused(argument: String, scheme: String) {
    #expect(throws: FeedError.unsupportedScheme(argument: argument, scheme: scheme)) {
      try FeedSource(argument: argument)
    }
    let message = FeedError.unsupportedScheme(argument: argument, scheme: scheme).description
    #expect(message.contains("cannot load \"\(scheme):\" URLs"))
  }

  @Test(arguments: ["", "  ", "http://", "https:///path"])
  func unusableArgumentsAreRefused(argument: String) {
    #expect(throws: FeedError.self) { try FeedSource(argument: argument) }
  }

  @Test func pagePlaceholderMakesATemplate() throws {
    let source = try FeedSource(argument: "http://example.com/feed?page={page}")
    #expect(source == .template("http://example.com/feed?page={page}"))
    #expect(try source.page(3) == .url("http://example.com/feed?page=3"))
    #expect(try FeedSource(argument: "pages/{page}.json").page(2) == .file("pages/2.json"))
  }

  @Test func templateWithBadSchemeIsRefused() {
    #expect(throws: FeedError.self) { try FeedSource(argument: "ftp://x/{page}") }
  }

  @Test(arguments: [
    ("page2.json", "http://example.com/feeds/page2.json"),
    ("/top.json", "http://example.com/top.json"),
    ("?page=2", "http://example.com/feeds/feed.json?page=2"),
    ("../up.json", "http://example.com/up.json"),
    ("https://other.example/p2", "https://other.example/p2"),
  ])
  func nextResolvesAgainstPageURL(next: String, expected: String) throws {
    let page = FeedSource.url("http://example.com/feeds/feed.json")
    #expect(try page.resolving(next: next) == .url(expected))
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x"])
  func nextFromHTTPToAnotherSchemeIsRefused(next: String) {
    let page = FeedSource.url("http://example.com/feed.json")
    #expect(throws: FeedError.self) { try page.resolving(next: next) }
  }

  @Test func nextResolvesAgainstFileFolder() throws {
    #expect(try FeedSource.file("dir/feed.json").resolving(next: "p2.json") == .file("dir/p2.json"))
    #expect(try FeedSource.file("feed.json").resolving(next: "p2.json") == .file("p2.json"))
    #expect(try FeedSource.file("dir/feed.json").resolving(next: "/abs.json") == .file("/abs.json"))
    #expect(
      try FeedSource.file("dir/feed.json").resolving(next: "http://x.org/2")
        == .url("http://x.org/2"))
  }
}
