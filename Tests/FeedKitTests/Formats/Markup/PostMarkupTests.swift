import FeedModel
import Testing

@testable import FeedKit

/// A post's whole HTML as the post view reads it: its shape kept, its links numbered, nothing a
/// terminal or an opener would act on let through. The summary kept 1,000 bytes of it, folded
/// into one line, with no links.
@Suite struct PostMarkupTests {
  @Test func paragraphsBreaksListsQuotesAndPreKeepTheirShape() {
    let post = PostMarkup.post(
      html: """
        <h2>Title</h2><p>One <em>two</em><br>three</p>
        <ul><li>first</li><li>second<ol><li>inner</li></ol></li></ul>
        <blockquote><p>quoted</p></blockquote><pre>let x = 1
          indented</pre><hr><script>alert(1)</script><style>p{}</style>
        """)
    #expect(
      post.blocks.map(\.kind) == [
        .heading, .paragraph, .item("•"), .item("•"), .item("1."), .paragraph, .preformatted,
        .rule,
      ])
    #expect(post.blocks[1].text == "One two\nthree")
    #expect(post.blocks[4].listDepth == 1)
    #expect(post.blocks[5].quoteDepth == 1 && post.blocks[5].text == "quoted")
    #expect(post.blocks[6].text == "let x = 1\n  indented")
    #expect(!post.blocks.contains { $0.text.contains("alert") || $0.text.contains("p{}") })
  }

  @Test func linksAreNumberedAfterTheirTextAndListedOnce() {
    let post = PostMarkup.post(
      html: """
        <p>See <a href="https://a.example/1">this</a>, <a href="/two">that</a> and
        <a href="https://a.example/1">this again</a>; <a href="javascript:alert(1)">no</a>
        <a href="https://evil.example/\u{202E}gpj.exe">hidden</a></p>
        """, base: "https://blog.example/posts/8.html")
    #expect(post.links == ["https://a.example/1", "https://blog.example/two"])
    #expect(post.blocks.first?.text == "See this[1], that[2] and this again[1]; no hidden")
  }

  @Test func picturesAreLinesThatCanBeOpened() {
    let post = PostMarkup.post(
      html: #"<p>Before</p><img src="pics/a.jpg" alt="A boat"><p>After</p>"#,
      base: "https://blog.example/posts/8.html")
    #expect(post.blocks.map(\.text) == ["Before", "[picture 1] A boat", "After"])
    #expect(post.links == ["https://blog.example/posts/pics/a.jpg"])
  }

  @Test func escapesAndInvisibleCharactersNeverGetThrough() {
    let post = PostMarkup.post(html: "<p>a\u{1B}]52;c;eA==\u{07}b\u{202E}c&#27;[31m d</p>")
    let text = post.blocks.map(\.text).joined()
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" }, "\(text)")
  }

  @Test func aPostPastTheCapIsCutAndSaysSo() {
    let paragraph = "<p>" + String(repeating: "word ", count: 200) + "</p>"
    let html = String(repeating: paragraph, count: PostText.maximumBytes / paragraph.utf8.count + 2)
    let post = PostMarkup.post(html: html)
    #expect(post.cut)
    #expect(!PostMarkup.post(html: paragraph).cut)
  }

  @Test func emphasisIsKeptAsRunsOfTheText() {
    let post = PostMarkup.post(html: "<p>One <b>two <i>and</i></b> three <code>x()</code></p>")
    let block = post.blocks[0]
    #expect(block.text == "One two and three x()")
    let runs = block.emphasis.map { run in
      String(String.UnicodeScalarView(Array(block.text.unicodeScalars)[run]))
    }
    #expect(runs == ["two and", "x()"])
  }
}
