import FeedKit
import FeedModel
import Foundation
import Testing

@testable import cascade

/// The line `cascade items` writes for an item: every field, read back by a JSON parser.
@Suite struct ItemsJSONTests {
  private func parsed(_ line: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func everyFieldIsWrittenAndReadsBack() throws {
    let item = FeedItem(
      imageURL: "pics/dunes.JPG?size=large", width: 1200, height: 800, title: "Dunes",
      id: "42", link: "https://example.com/42",
      about: ItemAbout(date: "2024-05-01 14:03", author: "Ana", summary: "Sand."))
    let line = ItemsJSON().line(item, feed: "photos.json", source: .url("https://example.com/f"))
    #expect(!line.contains("\n"))
    let object = try parsed(line)
    #expect(object["feed"] as? String == "photos.json")
    #expect(object["id"] as? String == "42")
    #expect(object["title"] as? String == "Dunes")
    #expect(object["link"] as? String == "https://example.com/42")
    #expect(object["date"] as? String == "2024-05-01T14:03:00Z")
    #expect(object["author"] as? String == "Ana")
    #expect(object["summary"] as? String == "Sand.")
    let pictures = try #require(object["pictures"] as? [[String: Any]])
    #expect(pictures.count == 1)
    #expect(pictures.first?["url"] as? String == "https://example.com/pics/dunes.JPG?size=large")
    #expect(pictures.first?["width"] as? Int == 1200)
    #expect(pictures.first?["height"] as? Int == 800)
    #expect(pictures.first?["type"] as? String == "image/jpeg")
  }

  @Test func absentFieldsAreNullAndATextItemHasNoPictures() throws {
    let text = FeedItem.text(title: nil, about: ItemAbout(date: "yesterday", summary: "Hi"))
    let object = try parsed(ItemsJSON().line(text, feed: "f", source: .file("/f.json")))
    #expect(object["id"] is NSNull)
    #expect(object["title"] is NSNull)
    #expect(object["date"] is NSNull)
    #expect((object["pictures"] as? [Any])?.isEmpty == true)
    let unsized = FeedItem.unsized(imageURL: "https://x.example/p")
    let picture = try #require(
      (try parsed(ItemsJSON().line(unsized, feed: "f", source: .file("/f.json")))["pictures"]
        as? [[String: Any]])?.first)
    #expect(picture["width"] is NSNull)
    #expect(picture["type"] is NSNull)
  }

  /// A feed's text is untrusted: an escape sequence, a bidi override, a NUL, a line separator
  /// and a tag character all come out as `\u` escapes that read back as they were.
  @Test func controlAndFormattingCharactersAreEscaped() throws {
    let hostile = "a\u{1b}[31mb\u{0}c\u{7f}d\u{9b}e\u{202e}f\u{2028}g\u{e0041}h\"i\\j\tk\nl"
    let quoted = JSONText.quoted(hostile)
    #expect(
      !quoted.unicodeScalars.contains {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
          || $0 == "\u{2028}"
      })
    #expect(quoted.contains("\\u001b"))
    #expect(quoted.contains("\\u202e"))
    #expect(quoted.contains("\\udb40\\udc41"))
    let back =
      try JSONSerialization.jsonObject(
        with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(back == [hostile])
  }

  @Test func secretsAreMaskedUnlessShown() throws {
    let item = FeedItem(
      imageURL: "https://user:pw@x.example/a.png?token=abc", width: 1, height: 1,
      title: "see https://x.example/?api_key=k1", link: "https://x.example/p?access_token=t")
    let source = FeedSource.url("https://x.example/f")
    let masked = ItemsJSON().line(item, feed: "f", source: source)
    for secret in ["pw", "abc", "k1", "access_token=t"] {
      #expect(!masked.contains(secret), "\(secret) in \(masked)")
    }
    let shown = ItemsJSON(showSecrets: true).line(item, feed: "f", source: source)
    for secret in ["user:pw@", "token=abc", "api_key=k1", "access_token=t"] {
      #expect(shown.contains(secret), "\(secret) not in \(shown)")
    }
  }

  @Test(arguments: [
    ("2024-05-01 14:03", "2024-05-01T14:03:00Z"), ("1999-12-31 23:59", "1999-12-31T23:59:00Z"),
    ("yesterday", nil), ("2024-05-01", nil), ("2024-05-01 14:0x", nil),
  ])
  func datesAreISO8601WhenRead(date: String, iso: String?) {
    #expect(ItemsJSON.isoDate(date) == iso)
  }

  @Test func mediaTypesFollowTheName() {
    #expect(ItemsJSON.mediaType(of: "https://x/a.WEBP?x=1") == "image/webp")
    #expect(ItemsJSON.mediaType(of: "/p/b.png") == "image/png")
    #expect(ItemsJSON.mediaType(of: "https://x/photo") == nil)
    #expect(ItemsJSON.mediaType(of: "https://x.example/") == nil)
  }
}
