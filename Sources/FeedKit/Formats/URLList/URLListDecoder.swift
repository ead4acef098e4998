/// Plain text with one picture a line: an http(s) or file URL, or a path (absolute, or
/// relative to the list's folder; from standard input, to the working directory), as
/// `find . -name '*.jpg' | cascade -` writes. Blank lines and `#` comments are ignored. A list
/// gives no sizes: every item is unsized.
enum URLListDecoder {
  static func decode(
    _ bytes: [UInt8], source: String, options: LoadOptions
  ) throws(FeedError) -> FeedDocument {
    var items: [FeedItem] = []
    var lineNumber = 0
    let lines = ByteOrderMark.skipped(bytes).split(
      separator: 0x0A, omittingEmptySubsequences: false)
    for rawLine in lines {
      lineNumber += 1
      guard rawLine.count <= options.maxStringLength else {
        throw .limitExceeded(
          source: source, limit: .stringLength(options.maxStringLength),
          location: "line \(lineNumber)")
      }
      let line = String(decoding: rawLine, as: UTF8.self).trimmingASCIIWhitespace()
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      guard isEntry(line) else {
        throw .malformed(
          format: .urlList, source: source, location: "line \(lineNumber), column 1",
          detail: "\(ItemFields.quoted(String(line.prefix(80)))) is not a URL or a picture's path")
      }
      guard items.count < options.maxItems else {
        throw .limitExceeded(
          source: source, limit: .itemCount(options.maxItems), location: "line \(lineNumber)")
      }
      items.append(.unsized(imageURL: line))
    }
    return FeedDocument(items: items)
  }

  /// Whether a document's start is such a list: at least one entry, and every complete
  /// non-blank, non-comment line one.
  static func looksLikeList(_ prefix: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> Bool {
    var lines = ByteOrderMark.skipped(prefix).split(
      separator: 0x0A, omittingEmptySubsequences: false)
    if !isComplete, lines.count > 1 { lines.removeLast() }
    var entries = 0
    for rawLine in lines {
      let line = String(decoding: rawLine, as: UTF8.self).trimmingASCIIWhitespace()
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      guard isEntry(line) else { return false }
      entries += 1
    }
    return entries > 0
  }

  /// A URL of a scheme pictures are read from, or something shaped like a picture's path.
  static func isEntry(_ line: String) -> Bool {
    if let scheme = FeedSource.scheme(of: line)?.lowercased() {
      return ["http", "https", "file"].contains(scheme)
    }
    if line.first == "{" || line.first == "[" || line.first == "<" { return false }
    if line.hasPrefix("/") || line.hasPrefix("./") || line.hasPrefix("../") { return true }
    // A bare name (no slash, no scheme) is a picture's by its ending.
    return PictureName.matches(name: line)
  }
}
