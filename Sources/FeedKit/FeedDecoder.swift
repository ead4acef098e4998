/// Turns the bytes of one feed page into items, skipping (and counting) items that cannot be
/// laid out.
///
/// Accepted shapes, the way real feeds differ:
/// - a top-level list of items, or an object whose item list is under `data`, `items` or
///   `results` (the first of those keys, in document order, whose value is a list);
/// - per item, the image under `img`, `image`, `url` or `src` (in that order of preference), the
///   size under `width`/`height` or `w`/`h`, as numbers or numeric strings (`"1200"`,
///   `" 1200 "`, `"1200.5"`); optional `title`, `id` (a string or a number) and `link`;
/// - at the top level, an optional `next` (the following page) and `title`.
///
/// An item without a usable image URL, width or height is skipped, with a reason like
/// `item 7: "height" is "abc", not a number`. Malformed JSON is an error at a line and column.
public enum FeedDecoder {
  /// - Parameter source: how to name the document in errors (a path or URL).
  /// - Complexity: O(n) in the document's size; memory is the items, not a tree of the document.
  public static func decode(
    _ bytes: [UInt8], source: String, options: LoadOptions = LoadOptions()
  ) throws(FeedError) -> FeedDocument {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(FeedError) in try decode(buffer, source: source, options: options) }
    }
    return try result.get()
  }

  static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, source: String, options: LoadOptions
  ) throws(FeedError) -> FeedDocument {
    var parser = FeedParser(
      reader: JSONReader(
        bytes: buffer, maxDepth: options.maxDepth, maxStringLength: options.maxStringLength),
      maxItems: options.maxItems)
    let outcome: FeedParser.Outcome
    do {
      outcome = try parser.document()
    } catch {
      switch error {
      case .syntax(let offset, let message):
        // Servers often answer 200 with an HTML error page; say so instead of "unexpected '<'".
        let html =
          buffer.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == 0x3C
        throw .malformedJSON(
          source: source, location: parser.reader.location(of: offset),
          detail: html ? "this looks like an HTML page, not JSON (\(message))" : message)
      case .limit(let offset, let limit):
        throw .limitExceeded(
          source: source, limit: limit, location: parser.reader.location(of: offset))
      }
    }
    switch outcome {
    case .document(let document): return document
    case .notAFeed(let detail): throw .notAFeed(source: source, detail: detail)
    }
  }
}

/// The walk over one document; see `FeedDecoder` for the shapes it accepts.
private struct FeedParser {
  enum Outcome {
    case document(FeedDocument)
    /// Valid JSON without an item list; the text says what was found.
    case notAFeed(String)
  }

  var reader: JSONReader
  let maxItems: Int
  var items: [FeedItem] = []
  var skipped = SkipReport()
  /// The page's texts: every kept item's URL, in shared blocks.
  var texts = TextArena()

  mutating func document() throws(JSONReader.Failure) -> Outcome {
    let expected =
      "expected a list of items, or an object with a \"data\", \"items\" or \"results\" list"
    switch try reader.peekKind() {
    case .array:
      try itemList()
      try reader.expectEnd()
      return .document(FeedDocument(items: items, skipped: skipped))
    case .object:
      var found = false
      var next: String?
      var title: String?
      if try reader.enterObject() {
        repeat {
          let key = try reader.readKey()
          if !found, isListKey(key), try reader.peekKind() == .array {
            try itemList()
            found = true
          } else if reader.stringEquals(key, "next"), try reader.peekKind() == .string {
            let text = reader.string(try reader.readString())
            next = text.isEmpty ? nil : text
          } else if reader.stringEquals(key, "title"), try reader.peekKind() == .string {
            title = reader.string(try reader.readString())
          } else {
            try reader.skipValue()
          }
        } while try reader.objectHasMore()
      }
      try reader.expectEnd()
      guard found else { return .notAFeed("no item list at the top level; \(expected)") }
      return .document(FeedDocument(items: items, skipped: skipped, next: next, title: title))
    case let kind:
      try reader.skipValue()
      try reader.expectEnd()
      return .notAFeed("the document is \(kind.phrase); \(expected)")
    }
  }

  private func isListKey(_ key: JSONReader.Token) -> Bool {
    reader.stringEquals(key, "data") || reader.stringEquals(key, "items")
      || reader.stringEquals(key, "results")
  }

  private mutating func itemList() throws(JSONReader.Failure) {
    guard try reader.enterArray() else { return }
    var number = 0
    repeat {
      number += 1
      guard number <= maxItems else {
        throw .limit(offset: reader.offset, .itemCount(maxItems))
      }
      try item(number: number)
    } while try reader.arrayHasMore()
  }

  private mutating func item(number: Int) throws(JSONReader.Failure) {
    let kind = try reader.peekKind()
    guard kind == .object else {
      try reader.skipValue()
      skipped.record("item \(number): \(kind.phrase), not an object")
      return
    }
    var fields = ItemFields()
    if try reader.enterObject() {
      repeat {
        let key = try reader.readKey()
        try fields.read(key: key, from: &reader)
      } while try reader.objectHasMore()
    }
    switch fields.item(reader: reader, texts: &texts) {
    case .success(let item): items.append(item)
    case .failure(let reason): skipped.record("item \(number): \(reason.text)")
    }
  }
}
