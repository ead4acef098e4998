import Testing

@testable import FeedModel

@Suite struct TextColumnTests {
  /// Texts written into shared blocks (a decoded page's: many items a block, the block changing
  /// as it fills, stemmed and whole texts, some with titles), items made on their own (a block
  /// each) and empty texts, interleaved: each reads back as the handle it was.
  @Test func everyTextReadsBackWhateverBlockItIsIn() {
    var writer = TextBlockWriter()
    var handles: [TextHandle] = []
    var column = TextColumn()
    for i in 0..<20_000 {
      let handle: TextHandle
      switch i % 7 {
      case 3: handle = FeedItem(imageURL: "own-\(i).png", width: 1, height: 1).texts
      case 5: handle = .empty
      default:
        var url = "https://images.example.com/feed/\(i).jpg"
        var title = "title \(i)"
        handle = url.withUTF8 { url in
          title.withUTF8 { title in
            writer.append(url, texts: i % 2 == 0 ? ItemTextRecord(title: title) : .none)
          }
        }
      }
      handles.append(handle)
      column.append(contentsOf: [FeedItem(texts: handle)])
    }
    #expect(column.count == handles.count)
    for i in handles.indices {
      guard column[i] == handles[i], column[i].string == handles[i].string else {
        Issue.record("item \(i): \(column[i].string) for \(handles[i].string)")
        return
      }
      #expect(
        FeedItem(texts: column[i]).title == FeedItem(texts: handles[i]).title, "item \(i)")
    }
  }
}
