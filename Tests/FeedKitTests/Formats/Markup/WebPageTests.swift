import FeedModel
import Testing

@testable import FeedKit

/// A web page where a feed was expected, and an empty document: named as such, with the feed a
/// page names, rather than the JSON reader's first error ("malformed JSON … unexpected '<'").
@Suite struct WebPageTests {
  private func error(_ text: String) -> FeedError? {
    do {
      _ = try FeedDocument.decode(Array(text.utf8), origin: "page.html")
      return nil
    } catch { return error }
  }

  @Test func aPageIsNamedWithTheFeedItNames() {
    #expect(error("<html>oops") == .webPage(source: "page.html", feed: nil))
    #expect(
      error("<html>oops")?.description.contains("a web page, not a feed, and it names none")
        == true)
    // After a declaration, a comment and a doctype; the REST API's plain JSON link is no feed;
    // any case, references decoded, white space trimmed.
    let page = """
      <?xml version="1.0"?>
      <!-- a blog -->
      <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">
      <html><head><link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">
      <!-- <link rel="alternate" type="application/rss+xml" href="/commented-out"> -->
      <LINK REL="Alternate home" TYPE="application/RSS+xml" href=" /feed?x=1&amp;y=2 ">
      <link rel="alternate" type="application/atom+xml" href="/atom"></head></html>
      """
    #expect(error(page) == .webPage(source: "page.html", feed: "/feed?x=1&y=2"))
    #expect(
      error(page)?.description
        == "page.html: a web page, not a feed; the page names its feed: give /feed?x=1&y=2")
  }

  @Test func aFeedOrJSONIsNoPage() {
    #expect(!WebPage.isPage(Array("<rss><channel></channel></rss>".utf8)))
    #expect(!WebPage.isPage(Array(#"{"html": "<html>"}"#.utf8)))
    #expect(WebPage.isPage(Array("\u{FEFF}  \n<!doctype HTML><html>".utf8)))
  }

  @Test func anEmptyDocumentIsSaidToBeEmpty() async throws {
    for blank in ["", " \n\t ", "\u{FEFF}"] {
      #expect(error(blank) == .notAFeed(source: "page.html", detail: "the document is empty"))
    }
  }
}
