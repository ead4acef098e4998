import FeedModel
import Pictures

extension FeedDocument {
  /// Decodes one page in `format`, or in the format its first bytes show when nil
  /// (`FeedFormat.detect`): the one entry point from bytes to items, whatever the format.
  /// - Parameter origin: how to name the document in errors (a path or URL).
  public static func decode(
    _ bytes: [UInt8], format: FeedFormat? = nil, origin: String,
    options: LoadOptions = LoadOptions()
  ) throws(FeedError) -> FeedDocument {
    if let wide = DocumentEncoding.wide(bytes[...]) {
      let (utf8, notes) = try wide.decode(bytes[...], source: origin)
      // The bytes said their encoding; a server's charset does not overrule them.
      var decoded = options
      decoded.declaredCharset = nil
      var document = try decode(
        XMLDeclaration.declaringUTF8(utf8), format: format, origin: origin, options: decoded)
      for note in notes { document.skipped.note(note) }
      return document
    }
    if format == nil, options.format == nil {
      try refusePicture(bytes.prefix(16), source: origin)
    }
    if let inner = JSONPCallback.unwrapped(bytes) {
      return try decode(Array(inner), format: format, origin: origin, options: options)
    }
    let chosen =
      format ?? options.format
      ?? bytes.withUnsafeBufferPointer { buffer in
        FeedFormat.detect(
          UnsafeBufferPointer(rebasing: buffer.prefix(FeedFormat.detectionPrefix)),
          isComplete: buffer.count <= FeedFormat.detectionPrefix)
      }
    switch chosen {
    case .json:
      if format == nil, options.format == nil { try refusePage(bytes, source: origin) }
      return try LiberalJSONDecoder.decode(bytes, source: origin, options: options)
    case .rss, .atom:
      return try XMLFeedDecoder.decode(bytes, format: chosen, source: origin, options: options)
    case .urlList:
      return try URLListDecoder.decode(bytes, source: origin, options: options)
    case .jsonFeed, .reddit, .mastodon, .unsplash, .pexels, .pixabay, .flickr, .giphy, .tenor,
      .bluesky, .lemmy, .mediawiki, .imgur:
      let root = try JSONValue.parse(bytes, format: chosen, source: origin, options: options)
      return try decodeTree(root, format: chosen, source: origin).keepingPictures(
        only: options.picturesOnly, setBy: options.settingNames[.picturesOnly])
    }
  }

  /// The document without its text items when only pictures are kept (`--pictures-only`),
  /// each counted as skipped.
  /// - Parameter setBy: how the reader sets it, for the reason each skipped item gives.
  func keepingPictures(only: Bool, setBy: String) -> FeedDocument {
    guard only, items.contains(where: { !$0.hasPicture }) else { return self }
    var kept = self
    kept.items = []
    // Named by what it is rather than by number: a post of these formats may make several
    // items, so an item's number is no post's.
    for item in items {
      if item.hasPicture {
        kept.items.append(item)
      } else {
        kept.skipped.record("a text item, with no picture (\(setBy))")
      }
    }
    return kept
  }

  /// A picture given where a feed was expected (`cascade photo.jpg`) is said to be one: read
  /// as JSON it was "malformed JSON at line 1, column 1: unexpected byte 0xFF".
  private static func refusePicture<C: Collection<UInt8>>(_ start: C, source: String)
    throws(FeedError)
  {
    guard let picture = PictureFormat.sniff(Array(start)) else { return }
    throw .notAFeed(
      source: source,
      detail: "it is a \(picture) picture; give a feed, a folder of pictures or a list of "
        + "picture URLs (one per line)")
  }

  /// Throws when a document that fits no feed format is a web page or empty, for a message
  /// that says so (and a web page's feed to follow) rather than the JSON reader's first error.
  private static func refusePage<C: Collection<UInt8>>(_ start: C, source: String)
    throws(FeedError)
  {
    let prologue = Array(start.prefix(FeedFormat.detectionPrefix)).withUnsafeBufferPointer {
      XMLPrologue($0)
    }
    if prologue.endsBeforeRoot, start.count < FeedFormat.detectionPrefix {
      let blank = ByteOrderMark.firstCharacter(in: start) == nil
      throw .notAFeed(
        source: source,
        detail: "the document is empty"
          + (blank ? "" : " (no element: only a declaration, comments or space)"))
    }
    if WebPage.isPage(start) {
      throw .webPage(source: source, feed: WebPage.feedLink(in: start))
    }
    // XML of another kind (`<note>`): read as JSON it was "malformed JSON".
    if let root = prologue.root {
      throw .notAFeed(
        source: source,
        detail: "an XML document whose root element is <\(root.prefix(40))>, where RSS has "
          + "<rss> or <rdf:RDF> and Atom <feed>; give the address of a feed")
    }
    if ByteOrderMark.firstCharacter(in: start.prefix(FeedFormat.detectionPrefix)) == nil,
      start.count < FeedFormat.detectionPrefix
    {
      throw .notAFeed(source: source, detail: "the document is empty")
    }
  }

  private static func decodeTree(
    _ root: JSONValue, format: FeedFormat, source: String
  ) throws(FeedError) -> FeedDocument {
    switch format {
    case .jsonFeed: try JSONFeedDecoder.decode(root, source: source)
    case .reddit: try RedditDecoder.decode(root, source: source)
    case .mastodon: try MastodonDecoder.decode(root, source: source)
    case .unsplash: try UnsplashDecoder.decode(root, source: source)
    case .pexels: try PexelsDecoder.decode(root, source: source)
    case .pixabay: try PixabayDecoder.decode(root, source: source)
    case .flickr: try FlickrFeedDecoder.decode(root, source: source)
    case .giphy: try GiphyDecoder.decode(root, source: source)
    case .tenor: try TenorDecoder.decode(root, source: source)
    case .bluesky: try BlueskyDecoder.decode(root, source: source)
    case .lemmy: try LemmyDecoder.decode(root, source: source)
    case .mediawiki: try MediaWikiDecoder.decode(root, source: source)
    case .imgur: try ImgurDecoder.decode(root, source: source)
    case .json, .rss, .atom, .urlList:
      preconditionFailure("decodeTree: \(format) is not decoded from a tree")
    }
  }

  /// Decodes what `input` gives while it is read (a file, a pipe, a body arriving over the
  /// network), the bytes behind the decoder given back, the body's size limit enforced as it
  /// reads, and `options.progress` told the bytes read.
  /// - Parameters:
  ///   - readSize: bytes asked of one read, and given back at a time.
  ///   - expectedBytes: the input's size when known (a regular file's).
  static func decode(
    reading input: any ByteInput, origin: String, options: LoadOptions, readSize: Int,
    expectedBytes: Int? = nil, takeItems: (([FeedItem]) -> Void)? = nil
  ) throws(FeedError) -> FeedDocument {
    let stream = try StreamedBytes(
      input: input, source: origin, maxBytes: options.maxBytes,
      maxBytesSetBy: options.settingNames[.maxBytes], readSize: readSize)
    stream.progress = options.progress
    return try decode(
      stream, origin: origin, options: options, expectedBytes: expectedBytes, takeItems: takeItems)
  }

  /// Decodes what `stream` reads: classic JSON while it reads it (files and standard input can
  /// be very large); any other format, once read whole (its pages are small).
  /// - Parameter takeItems: when set, given the items of a classic document a read's worth at a
  ///   time while it is decoded, in order; the document then holds only the items after those
  ///   given. Never called for other formats.
  static func decode(
    _ stream: StreamedBytes, format: FeedFormat? = nil, origin: String, options: LoadOptions,
    expectedBytes: Int? = nil, takeItems: (([FeedItem]) -> Void)? = nil
  ) throws(FeedError) -> FeedDocument {
    var chosen = format ?? options.format
    if chosen == nil {
      // The whole prefix, or the end, or, when the input pauses, enough to tell the format by
      // (`isSettled`): it is told from keys, not from a few bytes, but a feed that trickles in
      // is not kept waiting for 64 KiB.
      try stream.fill(upTo: FeedFormat.detectionPrefix, patience: FeedFormat.detectionPatience)
      while stream.count < FeedFormat.detectionPrefix, !stream.isComplete,
        !FeedFormat.isSettled(stream.bytes)
      {
        try stream.fill(upTo: stream.count + 1)
      }
      try refusePicture(stream.bytes.prefix(16), source: origin)
      // JSON in a script call is read whole and unwrapped; its format is told from inside. A
      // document in UTF-16, UTF-32 or EBCDIC is read whole and told in UTF-8.
      if JSONPCallback.starts(stream.bytes.prefix(FeedFormat.detectionPrefix))
        || DocumentEncoding.wide(Array(stream.bytes.prefix(4))[...]) != nil
      {
        try stream.readToEnd()
        return try decode(Array(stream.bytes), origin: origin, options: options)
      }
      chosen = FeedFormat.detect(
        UnsafeBufferPointer(rebasing: stream.bytes.prefix(FeedFormat.detectionPrefix)),
        isComplete: stream.isComplete && stream.count <= FeedFormat.detectionPrefix)
      if chosen == .json { try refusePage(stream.bytes, source: origin) }
    }
    guard let chosen, chosen != .json else {
      // The items so far, for a progress display, as the decoder hands them out.
      let progress = options.progress
      var onItems: ((ArraySlice<FeedItem>) -> Void)?
      var handOff: (([FeedItem]) -> Void)?
      if let takeItems {
        handOff = { batch in
          progress?.decoded(more: batch.count)
          takeItems(batch)
        }
      } else if let progress {
        onItems = { progress.decoded(more: $0.count) }
      }
      return try LiberalJSONDecoder.decode(
        stream, source: origin, options: options, expectedBytes: expectedBytes,
        onItems: onItems, handOff: handOff)
    }
    try stream.readToEnd()
    return try decode(Array(stream.bytes), format: chosen, origin: origin, options: options)
  }
}
