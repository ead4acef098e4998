import FeedModel

/// Plain text with one picture a line: an http(s) or file URL, or a path (absolute, or
/// relative to the list's folder; from standard input, to the working directory), as
/// `find . -name '*.jpg' | cascade -` writes. Blank lines and `#` comments are ignored. A list
/// gives no sizes: every item is unsized. A line that is neither a URL nor a picture's path is
/// skipped and counted, as an item without a picture is in other formats; a list of nothing
/// but such lines is no list.
enum URLListDecoder {
  static func decode(
    _ bytes: [UInt8], source: String, options: LoadOptions
  ) throws(FeedError) -> FeedDocument {
    var items: [FeedItem] = []
    var skipped = SkipReport()
    var firstBad: FeedError?
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
        let what = "\(ItemFields.quoted(String(line.prefix(80)))) is not a URL or a picture's path"
        skipped.record("line \(lineNumber): \(what)")
        firstBad =
          firstBad
          ?? .malformed(
            format: FeedFormat.urlList.displayName, source: source,
            location: "line \(lineNumber), column 1",
            detail: what)
        continue
      }
      guard items.count < options.maxItems else {
        throw .limitExceeded(
          source: source, limit: .itemCount(options.maxItems), location: "line \(lineNumber)")
      }
      items.append(.unsized(imageURL: line))
    }
    if items.isEmpty, let firstBad { throw firstBad }
    return FeedDocument(items: items, skipped: skipped)
  }

  /// Whether a document's start is such a list: among its complete non-blank, non-comment
  /// lines, entries more than twice as many as the lines that are not (which the decoder
  /// skips): a list with a stray line is still a list, prose with a picture's name is not.
  static func looksLikeList(_ prefix: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> Bool {
    var lines = ByteOrderMark.skipped(prefix).split(
      separator: 0x0A, omittingEmptySubsequences: false)
    if !isComplete, lines.count > 1 { lines.removeLast() }
    var entries = 0
    var others = 0
    for rawLine in lines {
      let line = String(decoding: rawLine, as: UTF8.self).trimmingASCIIWhitespace()
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      if isEntry(line) { entries += 1 } else { others += 1 }
    }
    return entries > 0 && 2 * others < entries
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
