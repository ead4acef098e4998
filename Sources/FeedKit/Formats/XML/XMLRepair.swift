import FeedModel

/// A feed's bytes with the faults that real feeds commonly have and that XML does not forgive
/// mended before the parser sees them, the way the JSON reader forgives trailing commas: the
/// XML parser stops at the first fault and the feed would show nothing.
///
/// - White space (and a byte order mark) before `<?xml`: XML wants the declaration first.
/// - HTML's named references (`&eacute;`, `&nbsp;`, `&hellip;`), which XML does not declare:
///   rewritten as numeric references (`&#233;`). XML's own five, numeric references, CDATA
///   sections and comments are left alone, and an unknown name too, for the parser to report.
/// - An `&` that starts no reference (`Tom & Jerry`): written as `&amp;`.
/// - Bytes that are not UTF-8 in a document that is UTF-8 (declared, or by default): each bad
///   sequence becomes U+FFFD, as a browser shows it, instead of failing the whole feed.
/// - Control characters XML forbids everywhere (all of C0 but tab, line feed and carriage
///   return: a form feed or a Word line break, a vertical tab, pasted into a title), inside
///   CDATA too: each becomes a space, and an escape sequence (ESC and what it introduces)
///   goes whole. Outside CDATA the parser stopped at the first with an
///   error; inside, libxml2 dropped that entry and every one after it without saying so.
/// - An XML declaration that is not first (after a comment): dropped.
/// - A comment with `--` inside it (`<!-- a -- b -->`), which XML forbids: emptied, since a
///   comment says nothing to a feed reader.
/// - A closing tag that closes no open element (`<language>en-us</langauge>`): it closes the
///   innermost one, as feed readers take it. One that closes an outer element while inner ones
///   are still open (`<description>a<br>b</description>`) closes those first.
///
/// Every change is recorded, so that a position the parser reports in the mended bytes is
/// given back as the position in the bytes the feed sent (`originalOffset`).
struct XMLRepair {
  /// The bytes to parse.
  private(set) var bytes: [UInt8]
  /// The changes, in order: `original` bytes at `offset` in the sent document became `written`
  /// bytes at `newOffset` in `bytes`.
  private var edits: [Edit] = []
  /// The names of the elements open at the point reached.
  private var open: [[UInt8]] = []

  private struct Edit {
    var offset: Int
    var original: Int
    var newOffset: Int
    var written: Int
  }

  init(_ sent: [UInt8]) {
    bytes = []
    var start = ByteOrderMark.skipped(sent).startIndex
    while start < sent.count, ByteOrderMark.isBlank(sent[start]) { start += 1 }
    if start > 0 { edits.append(Edit(offset: 0, original: start, newOffset: 0, written: 0)) }
    guard Self.isASCIICompatible(sent[start...]) else {
      bytes = Array(sent[start...])
      return
    }
    bytes.reserveCapacity(sent.count - start)
    let repairsUTF8 = Self.isUTF8(declaration: sent[start...])
    var index = start
    while index < sent.count {
      let byte = sent[index]
      if byte == UInt8(ascii: "<"), let end = Self.verbatimEnd(in: sent, at: index) {
        if Self.isForbiddenComment(sent[index..<end]) {
          replace(end - index, at: index, with: Array("<!---->".utf8))
        } else if index > start, sent[index...].starts(with: "<?xml".utf8),
          end > index + 5, ByteOrderMark.isBlank(sent[index + 5])
        {
          // A declaration after a comment (a file with a header prepended): it is read for its
          // encoding before this, and XML allows it only first.
          replace(end - index, at: index, with: [])
        } else {
          copy(sent, index..<end, repairingUTF8: repairsUTF8)
        }
        index = end
      } else if byte == UInt8(ascii: "<"), let end = tag(in: sent, at: index) {
        index = end
      } else if byte == UInt8(ascii: "&") {
        index = reference(in: sent, at: index)
      } else if Self.isForbiddenControl(byte) {
        index = control(in: sent, at: index, before: sent.count)
      } else if byte < 0x80 || !repairsUTF8 {
        // The run of bytes that need nothing, copied at once: byte by byte, this loop was
        // 4-7 % of the CPU of opening 300 feeds.
        var end = index + 1
        while end < sent.count, Self.needsNothing(sent[end], repairsUTF8: repairsUTF8) { end += 1 }
        bytes += sent[index..<end]
        index = end
      } else {
        index = character(in: sent, at: index)
      }
    }
  }

  /// Whether `byte` is copied as it is wherever it is: no markup, no reference, no control
  /// character, and, in a document whose UTF-8 is mended, ASCII.
  private static func needsNothing(_ byte: UInt8, repairsUTF8: Bool) -> Bool {
    byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") && !isForbiddenControl(byte)
      && (byte < 0x80 || !repairsUTF8)
  }

  /// The offset in the sent document of `offset` in `bytes`: inside a change, where the change
  /// starts.
  func originalOffset(_ offset: Int) -> Int {
    guard let edit = edits.last(where: { $0.newOffset <= offset }) else { return offset }
    if offset < edit.newOffset + edit.written { return edit.offset }
    return edit.offset + edit.original + (offset - edit.newOffset - edit.written)
  }

  /// The offset in `bytes` of a parser's `line` and `column` (1-based; columns count
  /// characters, as libxml2 counts them), clamped to the line's end.
  func offset(line: Int, column: Int) -> Int {
    var index = 0
    var currentLine = 1
    while currentLine < line, let newline = bytes[index...].firstIndex(of: 0x0A) {
      index = newline + 1
      currentLine += 1
    }
    var characters = 1
    while index < bytes.count, bytes[index] != 0x0A, characters < column {
      index += 1
      while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
      characters += 1
    }
    return index
  }

  private mutating func replace(_ count: Int, at offset: Int, with written: [UInt8]) {
    edits.append(
      Edit(offset: offset, original: count, newOffset: bytes.count, written: written.count))
    bytes += written
  }

  private mutating func copy(_ sent: [UInt8], _ range: Range<Int>, repairingUTF8: Bool) {
    var index = range.lowerBound
    while index < range.upperBound {
      if Self.isForbiddenControl(sent[index]) {
        index = control(in: sent, at: index, before: range.upperBound)
      } else if sent[index] < 0x80 || !repairingUTF8 {
        bytes.append(sent[index])
        index += 1
      } else {
        index = character(in: sent, at: index)
      }
    }
  }

  /// Copies the UTF-8 character at `index`, or writes U+FFFD for a bad sequence; returns the
  /// index after it.
  private mutating func character(in sent: [UInt8], at index: Int) -> Int {
    let length = UTF8Check.validLength(sent, at: index)
    if length > 0 {
      bytes += sent[index..<index + length]
      return index + length
    }
    let end = UTF8Check.endOfBadSequence(sent, at: index)
    replace(end - index, at: index, with: [0xEF, 0xBF, 0xBD])
    return end
  }

  /// Follows the element tag at `index`: an opening tag is noted as open (and left to be
  /// copied: nil), a closing tag of the innermost element closes it (nil too), and another
  /// closing tag is rewritten; returns the index after what it rewrote.
  private mutating func tag(in sent: [UInt8], at index: Int) -> Int? {
    var at = index + 1
    let closing = at < sent.count && sent[at] == UInt8(ascii: "/")
    if closing { at += 1 }
    let nameStart = at
    guard at < sent.count, Self.startsName(sent[at]) else { return nil }
    while at < sent.count, !Self.endsTagName(sent[at]) { at += 1 }
    let name = Array(sent[nameStart..<at])
    var end = at
    var quote: UInt8?
    while end < sent.count {
      let byte = sent[end]
      if let opened = quote {
        if byte == opened { quote = nil }
      } else if !closing, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      }
      end += 1
    }
    guard end < sent.count else { return nil }
    guard closing else {
      if sent[end - 1] != UInt8(ascii: "/") { open.append(name) }
      return nil
    }
    if open.last == name {
      open.removeLast()
      return nil
    }
    var written: [UInt8] = []
    if let depth = open.lastIndex(of: name) {
      for inner in open[(depth + 1)...].reversed() { written += Self.closingTag(inner) }
      written += sent[index...end]
      open.removeSubrange(depth...)
    } else if let innermost = open.popLast() {
      written = Self.closingTag(innermost)
    } else {
      return nil
    }
    replace(end + 1 - index, at: index, with: written)
    return end + 1
  }

  private static func closingTag(_ name: [UInt8]) -> [UInt8] {
    Array("</".utf8) + name + [UInt8(ascii: ">")]
  }

  /// Whether `byte` can start an element's name: a letter, `_`, `:` or a byte of a non-ASCII
  /// character.
  private static func startsName(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte >= 0x80
  }

  private static func endsTagName(_ byte: UInt8) -> Bool {
    ByteOrderMark.isBlank(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  /// Copies or rewrites the `&` at `index` and the reference it starts; returns the index
  /// after what it handled.
  private mutating func reference(in sent: [UInt8], at index: Int) -> Int {
    var end = index + 1
    if end < sent.count, sent[end] == UInt8(ascii: "#") {
      bytes.append(sent[index])
      return end
    }
    while end < sent.count, end - index <= HTMLEntities.longestName,
      Self.isNameByte(sent[end])
    {
      end += 1
    }
    guard end > index + 1, end < sent.count, sent[end] == UInt8(ascii: ";") else {
      replace(1, at: index, with: Array("&amp;".utf8))
      return index + 1
    }
    let name = String(decoding: sent[index + 1..<end], as: UTF8.self)
    guard !Self.xmlNames.contains(name), let value = HTMLEntities.codePoint(named: name) else {
      bytes += sent[index...end]
      return end + 1
    }
    replace(end + 1 - index, at: index, with: Array("&#\(value);".utf8))
    return end + 1
  }

  /// Mends the forbidden control character at `index`: a space, or nothing for an escape
  /// sequence, which goes whole (`ESC ] 0 ; title BEL` left `]0;title` in a title when only
  /// its ESC became a space). Returns the index after what was mended.
  private mutating func control(in sent: [UInt8], at index: Int, before end: Int) -> Int {
    guard sent[index] == 0x1B else {
      replace(1, at: index, with: [UInt8(ascii: " ")])
      return index + 1
    }
    let after = Self.escapeSequenceEnd(in: sent, at: index, before: end)
    replace(after - index, at: index, with: [])
    return after
  }

  /// The end of the escape sequence whose ESC is at `index`, within `end` and before the next
  /// `<` (a sequence never runs into the markup): a CSI (`ESC [`) to its final byte; a control
  /// string (OSC `ESC ]`, DCS, SOS, PM, APC) to BEL or ST (`ESC \`); any other escape to its
  /// final byte after intermediates.
  static func escapeSequenceEnd(in sent: [UInt8], at index: Int, before end: Int) -> Int {
    var next = index + 1
    func stops(_ at: Int) -> Bool { at >= end || sent[at] == UInt8(ascii: "<") }
    guard !stops(next) else { return next }
    switch sent[next] {
    case UInt8(ascii: "["):
      next += 1
      while !stops(next), (0x20...0x3F).contains(sent[next]) { next += 1 }
      if !stops(next), (0x40...0x7E).contains(sent[next]) { next += 1 }
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      next += 1
      while !stops(next) {
        if sent[next] == 0x07 { return next + 1 }
        if sent[next] == 0x1B {
          return next + 1 < end && sent[next + 1] == UInt8(ascii: "\\") ? next + 2 : next
        }
        next += 1
      }
    default:
      while !stops(next), (0x20...0x2F).contains(sent[next]) { next += 1 }
      if !stops(next), (0x30...0x7E).contains(sent[next]) { next += 1 }
    }
    return next
  }

  /// A C0 control character that XML 1.0 allows nowhere (tab, line feed and carriage return
  /// are allowed). In an ASCII-compatible encoding such a byte is that character.
  private static func isForbiddenControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  /// Whether `markup` is a whole comment whose text holds `--` or ends in `-` (`--->`), which
  /// XML forbids.
  private static func isForbiddenComment(_ markup: ArraySlice<UInt8>) -> Bool {
    guard markup.starts(with: "<!--".utf8), markup.count >= 7,
      markup.suffix(3).elementsEqual("-->".utf8)
    else { return false }
    let text = markup.dropFirst(4).dropLast(2)
    return zip(text, text.dropFirst()).contains {
      $0 == UInt8(ascii: "-") && $1 == UInt8(ascii: "-")
    }
  }

  /// The references XML itself declares.
  private static let xmlNames: Set = ["amp", "lt", "gt", "quot", "apos"]

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The end of a CDATA section, comment or processing instruction at `index` (after its
  /// closing delimiter, or the document's end when it is never closed); nil for other markup.
  private static func verbatimEnd(in sent: [UInt8], at index: Int) -> Int? {
    let kinds: [(open: String, close: String)] = [
      ("<![CDATA[", "]]>"), ("<!--", "-->"), ("<?", "?>"),
    ]
    for kind in kinds where sent[index...].starts(with: kind.open.utf8) {
      let close = Array(kind.close.utf8)
      var at = index + kind.open.utf8.count
      while at + close.count <= sent.count {
        if sent[at..<at + close.count].elementsEqual(close) { return at + close.count }
        at += 1
      }
      return sent.count
    }
    return nil
  }

  /// Whether the document's encoding writes ASCII as ASCII, so that bytes can be read as
  /// markup: not UTF-16 or UTF-32, which start with a byte order mark or a zero byte.
  private static func isASCIICompatible(_ document: ArraySlice<UInt8>) -> Bool {
    let head = document.prefix(4)
    return !head.contains(0) && !head.starts(with: [0xFE, 0xFF])
      && !head.starts(with: [0xFF, 0xFE])
  }

  /// Whether the document is UTF-8: its declaration names no encoding, or names UTF-8.
  private static func isUTF8(declaration document: ArraySlice<UInt8>) -> Bool {
    guard document.starts(with: "<?xml".utf8),
      let end = document.firstIndex(of: UInt8(ascii: ">"))
    else { return true }
    let declaration = String(decoding: document[..<end], as: UTF8.self).lowercased()
    guard let key = declaration.firstRange(of: "encoding") else { return true }
    let value = declaration[key.upperBound...].drop {
      $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'"
    }
    .prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" }
    return value == "utf-8" || value == "utf8"
  }
}
