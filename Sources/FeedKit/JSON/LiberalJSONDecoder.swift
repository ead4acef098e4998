import FeedModel

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
/// An item without a usable image URL, or with a width or height that is there but unusable,
/// is skipped, with a reason like `item 7: "height" is "abc", not a number`; an item with no
/// size is kept without one (its picture will tell). Malformed JSON is an error at a line and
/// column.
public enum LiberalJSONDecoder {
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
    try run(
      FeedParser(
        reader: JSONReader(
          bytes: buffer, maxDepth: options.maxDepth, maxStringLength: options.maxStringLength),
        maxItems: options.maxItems, stream: nil, expectedBytes: buffer.count),
      source: source)
  }

  /// Decodes what `stream` reads, while it reads it, giving back the bytes of the items already
  /// decoded; errors and limits are those of decoding the whole input at once.
  /// - Parameters:
  ///   - expectedBytes: the input's size when known (a regular file's), to size the item list
  ///     once rather than by doubling.
  ///   - onItems: called on the decoding thread with the items kept since its last call, each
  ///     time a read's worth of the item list is decoded, so that a large document can be shown
  ///     before it is read to the end. The calls give the document's items in order, a prefix
  ///     of them; if decoding then fails, the error stands and the items already given belong
  ///     to no document.
  ///   - handOff: instead of `onItems`, given the items themselves, which leave the document
  ///     (it then holds only the items after them), so that a consumer that keeps them does not
  ///     hold a million items twice, nor copy them.
  static func decode(
    _ stream: StreamedBytes, source: String, options: LoadOptions, expectedBytes: Int? = nil,
    onItems: ((ArraySlice<FeedItem>) -> Void)? = nil, handOff: (([FeedItem]) -> Void)? = nil
  ) throws(FeedError) -> FeedDocument {
    // At least three bytes, so that a byte order mark is seen whole (a pipe may give fewer at
    // a time); what more there is comes as the decoder asks.
    while stream.count < 3, !stream.isComplete { try stream.fill(upTo: 3) }
    return try run(
      FeedParser(
        reader: JSONReader(
          bytes: stream.bytes, isComplete: stream.isComplete, maxDepth: options.maxDepth,
          maxStringLength: options.maxStringLength),
        maxItems: options.maxItems, stream: stream, expectedBytes: expectedBytes,
        onItems: onItems, handOff: handOff),
      source: source)
  }

  private static func run(_ start: FeedParser, source: String) throws(FeedError) -> FeedDocument {
    var parser = start
    let outcome: FeedParser.Outcome
    do {
      outcome = try parser.document()
    } catch {
      if case .input(let failure) = error { throw failure }
      // Servers often answer 200 with an HTML error page, and RSS is XML: say so instead of
      // "unexpected '<'".
      let markup = parser.markup()
      // A streamed body over the size limit is that error, whatever else is wrong with it.
      try parser.stream?.checkRemainingSize()
      switch error {
      case .syntax(let offset, let message):
        throw .malformed(
          format: FeedFormat.json.displayName,
          source: source, location: parser.reader.location(of: offset),
          detail: markup.map { "this looks like \($0), not JSON (\(message))" } ?? message)
      case .limit(let offset, let limit):
        throw .limitExceeded(
          source: source, limit: limit, location: parser.reader.location(of: offset))
      case .input(let failure):
        throw failure
      }
    }
    switch outcome {
    case .document(let document): return document
    case .notAFeed(let detail): throw .notAFeed(source: source, detail: detail)
    }
  }
}

/// The walk over one document; see `LiberalJSONDecoder` for the shapes it accepts.
///
/// Over a `StreamedBytes`, the walk reads more whenever it reaches the end of the bytes read so
/// far: before the item list, it starts again from the top with more bytes (nothing is given
/// back there); inside the list, it decodes the item it was in again from the item's start, and
/// gives back the bytes of decoded items; after the list, it reads the rest at once.
private struct FeedParser {
  enum Outcome {
    case document(FeedDocument)
    /// Valid JSON without an item list; the text says what was found.
    case notAFeed(String)
  }

  var reader: JSONReader
  let maxItems: Int
  let stream: StreamedBytes?
  /// The document's size when known, to estimate the number of items from the first ones.
  let expectedBytes: Int?
  /// Whether the item list's `[` has been read: from there on the walk never starts again.
  var inList = false
  /// Told of the items kept so far, a read's worth at a time; see `LiberalJSONDecoder.decode`.
  var onItems: ((ArraySlice<FeedItem>) -> Void)? = nil
  /// Takes the items kept so far instead of `onItems`; see `LiberalJSONDecoder.decode`.
  var handOff: (([FeedItem]) -> Void)? = nil
  /// How many items of `items` `onItems` has been given.
  var announced = 0
  var items: [FeedItem] = []
  var skipped = SkipReport()
  /// The page's texts: every kept item's URL, title, id and link, in shared blocks.
  var texts = TextBlockWriter()
  /// The keys of the item before, to know a repeated key without reading it.
  var keyMemo = ItemKeyMemo()

  mutating func document() throws(JSONReader.Failure) -> Outcome {
    let start = self
    while true {
      do {
        return try walk()
      } catch {
        guard !inList, isCutShort(error) else { throw error }
        let seen = reader.bytes.count
        self = start
        try readMore(atLeast: 2 * seen)
      }
    }
  }

  /// What markup the document is (`FeedFormat.sniff`), if it starts with `<` after white space
  /// and byte order mark bytes; reads more of a streamed document until it can tell. Once bytes
  /// were given back, the walk was inside the item list, so the document started with `{`/`[`.
  mutating func markup() -> String? {
    guard reader.forgotten == 0 else { return nil }
    while true {
      let first = ByteOrderMark.firstCharacter(in: reader.bytes)
      if let first, reader.isComplete || reader.bytes.count - first >= 64 {
        if case .markup(let kind) = FeedFormat.sniff(reader.bytes) { return kind }
        return nil
      }
      guard !reader.isComplete, (try? readMore(atLeast: 2 * max(reader.bytes.count, 64))) != nil
      else {
        if case .markup(let kind) = FeedFormat.sniff(reader.bytes) { return kind }
        return nil
      }
    }
  }

  /// Whether `error` only says that the bytes read so far end too soon.
  private func isCutShort(_ error: JSONReader.Failure) -> Bool {
    guard stream != nil, !reader.isComplete, case .syntax(let offset, _) = error else {
      return false
    }
    return offset >= reader.bytes.count
  }

  /// Reads until at least `target` bytes are in, or the input ends.
  private mutating func readMore(atLeast target: Int) throws(JSONReader.Failure) {
    guard let stream else { return }
    do {
      try stream.fill(upTo: max(target, reader.bytes.count + stream.readSize))
    } catch {
      throw .input(error)
    }
    reader.grow(to: stream.bytes, isComplete: stream.isComplete)
  }

  private mutating func readToEnd() throws(JSONReader.Failure) {
    guard let stream else { return }
    do {
      try stream.readToEnd()
    } catch {
      throw .input(error)
    }
    reader.grow(to: stream.bytes, isComplete: stream.isComplete)
  }

  private mutating func walk() throws(JSONReader.Failure) -> Outcome {
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
      var message: String?
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
          } else if message == nil, isMessageKey(key), try reader.peekKind() == .string {
            message = reader.string(try reader.readString())
          } else {
            try reader.skipValue()
          }
        } while try reader.objectHasMore()
      }
      try reader.expectEnd()
      guard found else {
        // An API's answer in place of a page ({"error": "rate limited"}): its own words first.
        let says = message.map { "the server says \"\(String($0.prefix(200)))\"; " } ?? ""
        return .notAFeed("\(says)no item list at the top level; \(expected)")
      }
      return .document(FeedDocument(items: items, skipped: skipped, next: next, title: title))
    case let kind:
      try reader.skipValue()
      try reader.expectEnd()
      return .notAFeed("the document is \(kind.phrase); \(expected)")
    }
  }

  /// The keys APIs give an error's text under, at the top level.
  private func isMessageKey(_ key: JSONReader.Token) -> Bool {
    reader.stringEquals(key, "error") || reader.stringEquals(key, "message")
      || reader.stringEquals(key, "error_description") || reader.stringEquals(key, "detail")
  }

  private func isListKey(_ key: JSONReader.Token) -> Bool {
    reader.stringEquals(key, "data") || reader.stringEquals(key, "items")
      || reader.stringEquals(key, "results")
  }

  private mutating func itemList() throws(JSONReader.Failure) {
    let listStart = reader.offset
    let hasItems = try reader.enterArray()
    inList = true
    if hasItems {
      var number = 0
      var more = true
      while more {
        number += 1
        guard number <= maxItems else {
          throw .limit(offset: reader.offset, .itemCount(maxItems))
        }
        more = try itemAndSeparator(number: number)
        giveBack()
        if number == Self.itemsBeforeEstimate, handOff == nil {
          reserveEstimatedItems(listStart: listStart)
        }
      }
    }
    try readToEnd()
  }

  /// Decodes item `number` and what follows it (`,` or `]`); whether more items follow. When
  /// the bytes read so far end inside them, reads more and decodes the item again from its
  /// start: it is kept or skipped only once its separator is read. (The URL the cut-short try
  /// put in `texts` stays there unused: a few bytes per read.)
  private mutating func itemAndSeparator(number: Int) throws(JSONReader.Failure) -> Bool {
    let mark = reader.mark
    while true {
      do throws(JSONReader.Failure) {
        // A kept item goes into the list at once, and out again if its separator is cut
        // short: holding it in the `Result` across the separator's read cost a retain and a
        // release of its texts' block per item.
        switch try item(number: number) {
        case .success(let item):
          items.append(consume item)
          do throws(JSONReader.Failure) {
            return try reader.arrayHasMore()
          } catch {
            items.removeLast()
            throw error
          }
        case .failure(let reason):
          let more = try reader.arrayHasMore()
          skipped.record("item \(number): \(reason.text)")
          return more
        }
      } catch {
        guard isCutShort(error) else { throw error }
        let seen = reader.bytes.count
        reader.restore(mark)
        // The input may be slow to come (a network): what is decoded is shown meanwhile.
        announce()
        // Twice the item so far: a huge item is decoded a few times, not once per read.
        try readMore(atLeast: mark.offset + 2 * (seen - mark.offset))
      }
    }
  }

  /// Items decoded before their bytes are taken as the measure of the rest.
  static let itemsBeforeEstimate = 1024

  /// Makes room for as many items as the document's size suggests, with 2% to spare, so that a
  /// million items take one array of a million, not a doubled one (up to twice the size, and
  /// both at once while it doubles). A wrong guess costs little: too few and the array doubles
  /// as before; too many is bounded by the document's size and `maxItems`.
  private mutating func reserveEstimatedItems(listStart: Int) {
    guard let expectedBytes, reader.offset > listStart else { return }
    let perItem = Double(reader.offset - listStart) / Double(Self.itemsBeforeEstimate)
    let estimate = Double(max(0, expectedBytes - listStart)) / perItem * 1.02
    guard estimate.isFinite, estimate < Double(maxItems) else { return }
    items.reserveCapacity(Int(estimate) + 16)
  }

  /// Gives back the bytes before the cursor, between two items, a read's worth at a time.
  private mutating func giveBack() {
    guard let stream, reader.offset - reader.forgotten >= stream.readSize else { return }
    reader.forget(upTo: reader.offset)
    stream.release(upTo: reader.forgotten)
    // Here, between two items and once a read: the items before the cursor are final (the
    // walk no longer starts again inside the list), and a batch is worth a call.
    announce()
  }

  /// Gives the items kept since the last call to `onItems`; only inside the item list, where
  /// every item kept is final.
  private mutating func announce() {
    if let handOff, !items.isEmpty {
      let batch = items
      items = []
      items.reserveCapacity(batch.count)
      handOff(batch)
    } else if let onItems, announced < items.count {
      onItems(items[announced...])
      announced = items.count
    }
  }

  private mutating func item(number: Int) throws(JSONReader.Failure)
    -> Result<FeedItem, ItemFields.SkipReason>
  {
    let kind = try reader.peekKind()
    guard kind == .object else {
      try reader.skipValue()
      return .failure(ItemFields.SkipReason(text: "\(kind.phrase), not an object"))
    }
    var fields = ItemFields()
    if try reader.enterObject() {
      var place = 0
      repeat {
        let field: ItemKey?
        if let repeated = keyMemo.repeated(at: place, in: &reader) {
          field = repeated
        } else {
          let key = try reader.readKey()
          field = ItemFields.field(of: key, in: reader)
          keyMemo.remember(key, at: place, field: field, in: reader)
        }
        try fields.read(field, from: &reader)
        place += 1
      } while try reader.objectHasMore()
    }
    return fields.item(reader: reader, texts: &texts)
  }
}
