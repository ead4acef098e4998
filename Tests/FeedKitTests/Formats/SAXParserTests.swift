import Testing

@testable import FeedKit

/// libxml2's SAX2 parser through its own C API: what it reports, and what it never does.
@Suite struct SAXParserTests {
  /// Records what the parser reports.
  private final class Recorder: SAXHandler {
    var events: [String] = []
    var errors: [(code: Int, line: Int, column: Int)] = []

    func start(local: String, namespace: String, qualified: String, attributes: [String: String]) {
      let pairs = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      events.append("<\(qualified) {\(namespace)} \(pairs.joined(separator: " "))>")
    }

    func end(local: String) { events.append("</\(local)>") }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
      events.append(String(decoding: bytes, as: UTF8.self))
    }

    func error(code: Int, message: String, line: Int, column: Int) {
      errors.append((code, line, column))
    }
  }

  private func parse(_ text: String) -> Recorder {
    let recorder = Recorder()
    #expect(SAXParser().parse(Array(text.utf8), handler: recorder))
    return recorder
  }

  @Test func elementsNamespacesAttributesAndTextAreReported() {
    let recorder = parse(
      #"<a:r xmlns:a="urn:a" xml:base="https://b.example/"><e href="x?p=1&amp;q=&#38;2">"#
        + "t &amp; <![CDATA[<c>]]></e></a:r>")
    #expect(
      recorder.events.joined(separator: "|")
        == "<a:r {urn:a} xml:base=https://b.example/>|<e {} href=x?p=1&q=&2>|t |&| |<c>|</e>|</r>"
    )
    #expect(recorder.errors.isEmpty)
  }

  /// Each `&` of a value comes back from libxml2 as `&#38;`, however it was written: at the
  /// start, twice in a row, at the end, and beside text that only looks like an escape.
  @Test func everyAmpersandOfAnAttributeComesBack() {
    let recorder = parse(
      #"<r a="&amp;x&#38;&amp;y&#x26;" b="&#38;#38;" c="plain, no escape" d="é&amp;"/>"#)
    #expect(
      recorder.events.first
        == "<r {} a=&x&&y& b=&#38; c=plain, no escape d=é&>")
  }

  /// Only XML's five entities are known: a declared one (a "billion laughs") expands to
  /// nothing, even past the prologue check that refuses such documents first.
  @Test func aDeclaredEntityIsNeverExpanded() {
    let recorder = parse(#"<!DOCTYPE r [<!ENTITY a "EXPANDED">]><r>x&a;y</r>"#)
    #expect(!recorder.events.contains { $0.contains("EXPANDED") })
    #expect(recorder.events.contains("x"))
  }

  @Test func anExternalEntityIsNeverRead() {
    let recorder = parse(
      #"<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/hostname">]><r>&e;</r>"#)
    #expect(recorder.events == ["<r {} >", "</r>"])
  }

  /// A prefix never declared is passed over, as feed readers pass it over; other errors are
  /// reported with their line and column.
  @Test func namespaceErrorsArePassedOverAndOthersReported() {
    let loose = parse("<r><x:e>t</x:e></r>")
    #expect(loose.errors.isEmpty)
    #expect(loose.events.contains("t"))
    let broken = parse("<r>\n<e a=\"1\" a=\"2\"/></r>")
    #expect(broken.errors.first?.code == 42)
    #expect(broken.errors.first?.line == 2)
  }

  /// Recovering, the parser reports every element before a cut.
  @Test func aCutDocumentReportsEverythingBeforeTheCut() {
    let recorder = parse("<r><e>1</e><e>2</e></r")
    #expect(recorder.events.prefix(6) == ["<r {} >", "<e {} >", "1", "</e>", "<e {} >", "2"])
    #expect(!recorder.errors.isEmpty)
  }
}
