extension FeedDocument {
  /// Decodes one page in `format`, or in the format its first bytes show when nil: the one
  /// entry point from bytes to items, whatever the format.
  /// - Parameter origin: how to name the document in errors (a path or URL).
  public static func decode(
    _ bytes: [UInt8], format: FeedFormat? = nil, origin: String,
    options: LoadOptions = LoadOptions()
  ) throws(FeedError) -> FeedDocument {
    switch format ?? sniffed(bytes.prefix(64)) {
    case .json: try LiberalJSONDecoder.decode(bytes, source: origin, options: options)
    }
  }

  /// Decodes what `stream` reads while it reads it (files and standard input).
  static func decode(
    _ stream: StreamedBytes, format: FeedFormat? = nil, origin: String, options: LoadOptions,
    expectedBytes: Int? = nil
  ) throws(FeedError) -> FeedDocument {
    switch format ?? .json {
    case .json:
      // The items so far, for a progress display, as the decoder hands them out.
      try LiberalJSONDecoder.decode(
        stream, source: origin, options: options, expectedBytes: expectedBytes,
        onItems: options.progress.map { progress in { progress.decoded(more: $0.count) } })
    }
  }

  /// The format to decode with: markup no decoder reads still goes to JSON's decoder, whose
  /// error then says what the document looks like (`FeedFormat.sniff`).
  private static func sniffed(_ prefix: ArraySlice<UInt8>) -> FeedFormat {
    switch FeedFormat.sniff(prefix) {
    case .format(let format): format
    case .markup: .json
    }
  }
}
