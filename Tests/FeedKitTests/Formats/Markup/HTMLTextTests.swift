import Testing

@testable import FeedKit

@Suite struct HTMLTextTests {
  @Test func plainDropsTagsAndDecodesReferences() {
    #expect(HTMLText.plain("Atom <b>feed</b>") == "Atom feed")
    #expect(HTMLText.plain("CDATA <b>title</b> &amp; raw") == "CDATA title & raw")
    #expect(HTMLText.plain("<p>One</p><p>Two<br/>three</p>") == "One Two three")
    #expect(HTMLText.plain("a <!-- <b>hidden</b> --> b") == "a b")
    #expect(HTMLText.plain("  spread \n\t out  ") == "spread out")
  }

  @Test func plainKeepsALessThanThatStartsNoTag() {
    #expect(HTMLText.plain("I <3 cats & 1 < 2") == "I <3 cats & 1 < 2")
    #expect(HTMLText.plain("unclosed <b tag") == "unclosed <b tag")
  }

  @Test func escapedMarkupIsTextAfterDecoding() {
    // Decoded after the tags are dropped: an escaped tag is text the author meant to show.
    #expect(HTMLText.plain("&lt;b&gt; is bold") == "<b> is bold")
  }

  @Test func referencesDecodeNamedDecimalAndHexadecimal() {
    #expect(HTMLText.decodingReferences("Me &amp; my dog &lt;3") == "Me & my dog <3")
    #expect(HTMLText.decodingReferences("it&#39;s &quot;q&quot; &apos;") == "it's \"q\" '")
    #expect(HTMLText.decodingReferences("Caf&eacute; &#8211; &#x2014;&hellip;") == "Café – —…")
    #expect(HTMLText.decodingReferences("&nbsp;&rsquo;&mdash;") == "\u{A0}\u{2019}\u{2014}")
  }

  @Test func unknownOrBrokenReferencesStayAsWritten() {
    #expect(HTMLText.decodingReferences("&bogus; &amp &#; AT&T") == "&bogus; &amp &#; AT&T")
    #expect(HTMLText.decodingReferences("&#0;&#xD800;&#x110000;") == "\u{FFFD}\u{FFFD}\u{FFFD}")
  }

  @Test func entityTableCoversHTML4() {
    #expect(HTMLEntities.codePoint(named: "eacute") == 0xE9)
    #expect(HTMLEntities.codePoint(named: "Eacute") == 0xC9)
    #expect(HTMLEntities.codePoint(named: "euro") == 0x20AC)
    #expect(HTMLEntities.codePoint(named: "thetasym") == 0x3D1)
    #expect(HTMLEntities.codePoint(named: "EACUTE") == nil)
  }
}
