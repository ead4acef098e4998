import Foundation
import TestSupport
import Testing

@testable import FeedKit

/// URLs reach the server as the feed, the link or the argument wrote them: an escape already
/// there is not escaped again when another character needs escaping.
@Suite struct URLFeedTextTests {
  @Test(arguments: [
    ("http://h/x?q=a%2Fb&x=[1]", "http://h/x?q=a%2Fb&x=%5B1%5D"),
    ("http://h/a b/ç.png", "http://h/a%20b/%C3%A7.png"),
    ("http://[::1]:8080/p?x=[2]", "http://[::1]:8080/p?x=%5B2%5D"),
    ("http://h/100%", "http://h/100%25"),
    ("http://h/x?a=%7e|%zz", "http://h/x?a=%7e%7C%25zz"),
  ])
  func onlyWhatAURLCannotHoldIsEscaped(text: String, sent: String) {
    #expect(URLText.escapingInvalid(text) == sent)
    #expect(URL(feedText: text)?.absoluteString == sent)
  }

  /// A feed's URL, a picture's URL (absolute or relative) and a `{page}` template alike.
  @Test func feedsPicturesAndTemplatesKeepTheirEscapes() throws {
    let written = "http://h/x?q=a%2Fb&x=[1]"
    let sent = "http://h/x?q=a%2Fb&x=%5B1%5D"
    #expect(try FeedSource(argument: written) == .url(sent))
    let feed = FeedSource.url("http://h/f/feed.json")
    #expect(try feed.pictureLocation(of: written) == .web(sent))
    #expect(
      try feed.pictureLocation(of: "img/a%2F[1].jpg") == .web("http://h/f/img/a%2F%5B1%5D.jpg"))
    let template = try FeedSource(argument: "http://h/p?page={page}&q=a%2Fb&x=[1]")
    #expect(try template.page(2) == .url("http://h/p?page=2&q=a%2Fb&x=%5B1%5D"))
  }

  /// What the server is asked for: the query as written, `%2F` once.
  @Test func theServerSeesTheQueryAsWritten() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let feed = Array(#"{"items":[{"image":"http://127.0.0.1:9/a.jpg","width":1,"height":1}]}"#.utf8)
    server.route("/feed.json?q=a%2Fb&x=%5B1%5D") { _ in
      .respond(status: 200, headers: ["Content-Type": "application/json"], body: feed)
    }
    let source = try FeedSource(argument: server.url("/feed.json?q=a%2Fb&x=[1]"))
    let document = try await FeedLoader().load(source)
    #expect(document.items.count == 1)
  }
}
