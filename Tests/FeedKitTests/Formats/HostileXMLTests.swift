import FeedModel
import Foundation
import TestSupport
import Testing

@testable import FeedKit

@Suite struct HostileXMLTests {
  private func error(_ text: String, options: LoadOptions = LoadOptions()) -> FeedError? {
    #expect(throws: FeedError.self) {
      try FeedDocument.decode(Array(text.utf8), origin: "evil.xml", options: options)
    }
  }

  @Test func billionLaughsIsRefusedQuickly() {
    var lines = [#"<?xml version="1.0"?>"#, "<!DOCTYPE rss ["]
    lines.append(#"<!ENTITY lol0 "lol">"#)
    for level in 1...9 {
      let ten = String(repeating: "&lol\(level - 1);", count: 10)
      lines.append("<!ENTITY lol\(level) \"\(ten)\">")
    }
    lines.append("]>")
    lines.append("<rss><channel><item><title>&lol9;</title></item></channel></rss>")
    let started = Date()
    let failure = error(lines.joined(separator: "\n"))
    // Expanded, the entities would be a gigabyte of text and take minutes; refused, they take
    // milliseconds (the bound allows for a loaded machine and a sanitizer's slowdown).
    #expect(Date().timeIntervalSince(started) < TimeBounds.scaled(0.5))
    guard case .malformed("RSS", "evil.xml", let location, let detail)? = failure else {
      Issue.record("expected a malformed RSS error, got \(String(describing: failure))")
      return
    }
    #expect(location == "line 3, column 1")
    #expect(detail.contains("declares entities"))
  }

  @Test func externalEntityIsNeverRead() throws {
    let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-secret-\(UUID().uuidString)")
    try Data("TOPSECRET".utf8).write(to: secret)
    defer { try? FileManager.default.removeItem(at: secret) }
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://\(secret.path)">]>
      <rss><channel><item><title>&xxe;</title>
      <enclosure url="https://x.example/a.jpg" type="image/jpeg"/></item></channel></rss>
      """
    let failure = error(text)
    #expect(failure?.description.contains("TOPSECRET") == false)
    #expect(failure?.description.contains("declares entities") == true)
  }

  @Test func externalDTDIsNeverFetched() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/evil.dtd", reply: .json(#"<!ENTITY nbsp "PWNED">"#))
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE rss SYSTEM "\(server.url("/evil.dtd"))">
      <rss><channel><item><title>a&nbsp;b</title>
      <enclosure url="https://x.example/a.jpg" type="image/jpeg"/></item></channel></rss>
      """
    let document = try FeedDocument.decode(Array(text.utf8), origin: "evil.xml")
    #expect(document.items.count == 1)
    #expect(document.items.first?.title?.contains("PWNED") == false)
    #expect(server.requests.isEmpty)
  }

  @Test func deepNestingHitsMaxDepth() {
    var options = LoadOptions()
    options.maxDepth = 20
    let text =
      "<rss>" + String(repeating: "<a>", count: 50) + String(repeating: "</a>", count: 50)
      + "</rss>"
    guard case .limitExceeded(_, .nestingDepth(20), let location?)? = error(text, options: options)
    else {
      Issue.record("expected LoadOptions.maxDepth")
      return
    }
    #expect(location.hasPrefix("line 1"))
  }

  @Test func longTitleHitsMaxString() {
    var options = LoadOptions()
    options.maxStringLength = 1000
    let text =
      "<rss><channel><item><title>" + String(repeating: "x", count: 5000)
      + "</title></item></channel></rss>"
    let failure = error(text, options: options)
    guard case .limitExceeded("evil.xml", .stringLength(1000), _)? = failure else {
      Issue.record("expected LoadOptions.maxStringLength, got \(String(describing: failure))")
      return
    }
    #expect(failure?.description.contains("LoadOptions.maxStringLength") == true)
  }

  @Test func manyItemsHitMaxItems() {
    var options = LoadOptions()
    options.maxItems = 3
    let text = "<rss><channel>" + String(repeating: "<item/>", count: 10) + "</channel></rss>"
    let failure = error(text, options: options)
    #expect(failure?.description.contains("LoadOptions.maxItems") == true)
  }

  @Test func controlCharactersInXMLErrorsAreEscaped() {
    let failure = error("<rss><channel><\u{1B}[31m></channel></rss>")
    #expect(failure?.description.contains("\u{1B}") == false)
  }
}
