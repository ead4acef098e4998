import TestSupport
import Testing

@testable import FeedModel

/// The stored form of an item's texts, and the arena keeping it before URLs whole and stemmed.
@Suite struct ItemTextRecordTests {
  /// Appends `url` with the texts to `arena`, as the decoder does.
  private func append(
    _ url: String, title: String? = nil, id: String? = nil, link: String? = nil,
    to arena: inout TextBlockWriter
  ) -> TextHandle {
    TextHandle(url: url, title: title, id: id, link: link).withUTF8 { url in
      TextHandle(url: "", title: title, id: id, link: link).withTexts { texts in
        arena.append(url, texts: texts)
      }
    }
  }

  private func strings(_ slice: TextHandle) -> [String?] {
    [slice.string, slice.text(.title), slice.text(.id), slice.text(.link)]
  }

  @Test(arguments: 0..<27) func storedFormReadsBackEveryCombination(code: Int) {
    // Each text absent, empty or present: 3 × 3 × 3 combinations.
    func text(_ digit: Int, _ name: String) -> String? {
      [nil, "", "\(name) ü"][digit]
    }
    let title = text(code % 3, "title")
    let id = text(code / 3 % 3, "id")
    let link = text(code / 9, "link")
    let slice = TextHandle(url: "u", title: title, id: id, link: link)
    #expect(strings(slice) == ["u", title, id, link])
    #expect(slice.withTexts { $0.isEmpty } == (title == nil && id == nil && link == nil))
    var arena = TextBlockWriter()
    let kept = append("u", title: title, id: id, link: link, to: &arena)
    #expect(strings(kept) == ["u", title, id, link])
    #expect(kept == slice)
    #expect(kept.hashValue == slice.hashValue)
  }

  /// Every text an item can carry, each absent or present, read back in its place: the stored
  /// form is read backwards, so one field out of order would shift the others. The feed's name
  /// and the sensitive mark share a second byte of flags, read only when it is there.
  @Test(arguments: 0..<256) func everyFieldReadsBackInItsPlace(mask: Int) {
    func text(_ bit: Int, _ name: String) -> String? { mask & (1 << bit) != 0 ? "\(name) ü" : nil }
    let placeholder = mask & 8 != 0 ? PicturePlaceholder(color: "#336699") : nil
    let about = ItemAbout(date: text(4, "date"), author: text(5, "author"), summary: text(6, "s"))
    let item = FeedItem(
      imageURL: "https://x.example/a.jpg", width: 1, height: 1, title: text(0, "title"),
      id: text(1, "id"), link: text(2, "link"), placeholder: placeholder,
      sensitive: mask & 1 != 0, about: about, feed: text(7, "feed"))
    #expect(item.feed == text(7, "feed"))
    #expect(item.title == text(0, "title"))
    #expect(item.id == text(1, "id"))
    #expect(item.link == text(2, "link"))
    #expect(item.placeholder == placeholder)
    #expect(item.isSensitive == (mask & 1 != 0))
    #expect(item.about == about)
    #expect(item.imageURL == "https://x.example/a.jpg")
    var arena = TextBlockWriter()
    let kept = item.texts.withUTF8 { url in item.texts.withTexts { arena.append(url, texts: $0) } }
    #expect(kept == item.texts)
    #expect(FeedItem(texts: kept).about == about)
  }

  @Test func storedCountIsTheTextsAndAHeader() {
    #expect(ItemTextRecord.none.storedCount == 0)
    let slice = TextHandle(url: "", title: "abc", id: nil, link: "")
    // "abc" and "", two 4-byte lengths and a byte of flags.
    #expect(slice.withTexts { $0.storedCount } == 3 + 8 + 1)
    // The second byte of flags only for an item that needs it.
    let sensitive = TextHandle(url: "u", title: nil, id: nil, link: nil, sensitive: true)
    #expect(sensitive.withTexts { $0.storedCount } == 2)
    let named = TextHandle(url: "u", title: nil, id: nil, link: nil, feed: "abc")
    #expect(named.withTexts { $0.storedCount } == 3 + 4 + 2)
  }

  /// An item of several feeds has its feed's name before its identity, so two feeds' items of
  /// the same id stay two; an item of one feed keeps its identity as it was.
  @Test func theFeedsNameIsPartOfTheIdentity() {
    let plain = FeedItem(imageURL: "a.jpg", width: 1, height: 1, id: "1")
    let one = FeedItem(imageURL: "a.jpg", width: 1, height: 1, id: "1", feed: "one")
    let two = FeedItem(imageURL: "a.jpg", width: 1, height: 1, id: "1", feed: "two")
    #expect(plain.identity == "1")
    #expect(one.identity == "one\u{0}1")
    #expect(one.identity != two.identity)
    #expect(one != two)
    var writer = TextBlockWriter()
    let renamed = plain.naming(feed: "two", imageURL: "/x/a.jpg", keptBy: &writer)
    #expect(renamed.feed == "two")
    #expect(renamed.imageURL == "/x/a.jpg")
    #expect(renamed.id == "1")
  }

  @Test func stemmedURLsFollowedByTextsReadBack() {
    var arena = TextBlockWriter()
    let urls = (0..<5_000).map { "https://images.example.com/feed/\($0).jpg" }
    let slices = urls.enumerated().map { i, url in
      append(
        url, title: "Picture \(i) of the feed", id: i % 3 == 0 ? "\(i)" : nil,
        link: i % 2 == 0 ? "https://example.com/\(i)" : nil, to: &arena)
    }
    for (i, slice) in slices.enumerated() {
      let expected = [
        urls[i], "Picture \(i) of the feed", i % 3 == 0 ? "\(i)" : nil,
        i % 2 == 0 ? "https://example.com/\(i)" : nil,
      ]
      guard strings(slice) == expected else {
        Issue.record("text \(i): \(strings(slice)) is not \(expected)")
        return
      }
    }
    // The URLs were stemmed despite the texts between them: kept whole, the texts and their
    // headers would take more than their bytes; stemmed, each URL saves 26 bytes of 40.
    let whole = slices.reduce(0) { sum, slice in
      sum + strings(slice).reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    }
    #expect(
      arena.storedBytes < whole - 10 * slices.count, "stored \(arena.storedBytes) of \(whole)")
  }

  @Test func aRecordLargerThanAChunkGetsItsOwn() {
    var arena = TextBlockWriter()
    let before = append("https://example.com/before.jpg", title: "b", to: &arena)
    let huge = String(repeating: "t", count: TextBlockWriter.maxChunk + 5)
    let large = append("https://example.com/large.jpg", title: huge, link: "l", to: &arena)
    let after = append("https://example.com/after.jpg", id: "a", to: &arena)
    #expect(strings(before) == ["https://example.com/before.jpg", "b", nil, nil])
    #expect(strings(large) == ["https://example.com/large.jpg", huge, nil, "l"])
    #expect(strings(after) == ["https://example.com/after.jpg", nil, "a", nil])
  }

  @Test func randomTextsReadBackAndCompareAsStrings() {
    for seed in UInt64(0)..<200 {
      var random = SplitMix64(seed: seed)
      let alphabet = Array("ab/é中🍁\u{301}")
      func text() -> String? {
        guard Int.random(in: 0..<4, using: &random) != 0 else { return nil }
        return String(
          (0..<Int.random(in: 0...40, using: &random)).map { _ in
            alphabet.randomElement(using: &random) ?? "a"
          })
      }
      var arena = TextBlockWriter()
      for _ in 0..<20 {
        let url = "https://images.example.com/" + (text() ?? "")
        let (title, id, link) = (text(), text(), text())
        let kept = append(url, title: title, id: id, link: link, to: &arena)
        let own = TextHandle(url: url, title: title, id: id, link: link)
        guard strings(kept) == [url, title, id, link], kept == own,
          kept.hashValue == own.hashValue
        else {
          Issue.record("seed \(seed): \(strings(kept)) is not \([url, title, id, link])")
          return
        }
      }
    }
  }
}
