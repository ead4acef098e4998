import FeedModel

/// Which encoding a document is read in, decided as browsers and feed readers decide it:
/// a byte order mark first, then the charset the server sent (`Content-Type: …; charset=…`,
/// over the document's own word by RFC 7303), then an XML declaration's `encoding`, then what
/// the first bytes show (XML 1.0 Appendix F), else UTF-8.
///
/// Decoding happens once, here, into UTF-8 with the declaration made to say so; every reader
/// after this sees UTF-8. What was guessed or replaced becomes a note, said once.
struct DocumentEncoding {
  var encoding: TextEncoding
  /// The length of the byte order mark the document starts with (0 for none).
  var markLength = 0
  /// What a reader should hear about the choice (a label no browser knows, a guess).
  var notes: [String] = []
  /// Why the document cannot be read, when it cannot (an EBCDIC code page without a table).
  var refusal: String?

  /// The encoding of a document that is not ASCII-compatible, from its first four bytes (XML 1.0
  /// Appendix F, and RFC 4627 §3 for JSON, whose first two characters are ASCII): UTF-32 and
  /// UTF-16 with their byte order marks or without, and EBCDIC (`<?xm` in code page 037). Nil
  /// for an ASCII-compatible document (UTF-8's byte order mark included).
  static func wide(_ bytes: ArraySlice<UInt8>) -> DocumentEncoding? {
    let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
    switch (head[0], head[1], head[2], head[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): return .init(encoding: .utf32(bigEndian: true), markLength: 4)
    case (0xFF, 0xFE, 0x00, 0x00): return .init(encoding: .utf32(bigEndian: false), markLength: 4)
    case (0xFE, 0xFF, _, _): return .init(encoding: .utf16(bigEndian: true), markLength: 2)
    case (0xFF, 0xFE, _, _): return .init(encoding: .utf16(bigEndian: false), markLength: 2)
    case (0x00, 0x00, 0x00, let d) where d != 0: return .init(encoding: .utf32(bigEndian: true))
    case (let a, 0x00, 0x00, 0x00) where a != 0: return .init(encoding: .utf32(bigEndian: false))
    case (0x00, let b, 0x00, _) where b != 0: return .init(encoding: .utf16(bigEndian: true))
    case (let a, 0x00, let c, 0x00) where a != 0 && c != 0:
      return .init(encoding: .utf16(bigEndian: false))
    case (0x4C, 0x6F, 0xA7, 0x94): return ebcdic(bytes)
    default: return nil
    }
  }

  /// An EBCDIC document's code page: the declaration's, read in code page 037 (whose letters,
  /// digits and punctuation the declaration uses are those of every EBCDIC page), or 037.
  private static func ebcdic(_ bytes: ArraySlice<UInt8>) -> DocumentEncoding {
    let table = SingleByteEncoding.ibm037.table
    let head = bytes.prefix(256).map { UInt8(truncatingIfNeeded: min(table[Int($0)], 0xFF)) }
    guard let label = XMLDeclaration.label(in: head[...]) else {
      return .init(encoding: .singleByte(.ibm037))
    }
    guard let named = TextEncoding(label: label), case .singleByte(let page) = named,
      !named.isASCIICompatible
    else {
      return .init(
        encoding: .singleByte(.ibm037),
        refusal: "the document is in EBCDIC, in a code page (\"\(label.prefix(40))\") Cascade "
          + "does not read; it reads EBCDIC code pages 037, 500 and 1140: convert the feed to "
          + "UTF-8")
    }
    return .init(encoding: .singleByte(page))
  }

  /// The encoding of an ASCII-compatible XML document (`wide` found none).
  /// - Parameter charset: the `charset` of the `Content-Type` the server sent, if any.
  static func xml(_ bytes: ArraySlice<UInt8>, charset: String?) -> DocumentEncoding {
    if bytes.starts(with: ByteOrderMark.utf8) {
      return .init(encoding: .utf8, markLength: ByteOrderMark.utf8.count)
    }
    var choice = DocumentEncoding(encoding: .utf8)
    let labels = [charset, XMLDeclaration.label(in: bytes)].compactMap { $0 }
    for label in labels where !label.trimmingASCIIWhitespace().isEmpty {
      guard let named = TextEncoding(label: label) else {
        choice.notes.append(
          "the encoding \"\(label.prefix(40))\" is not one a browser knows; read as UTF-8")
        continue
      }
      // A label of UTF-16 or UTF-32 on bytes that are ASCII's: the document was converted
      // on its way (as servers do) and its declaration was not.
      choice.encoding = named.isASCIICompatible ? named : .utf8
      return choice
    }
    // No label: UTF-8, as XML says, unless the bytes are not UTF-8 and hold not one sequence
    // of it, the mark of a legacy feed written in windows-1252 with nothing said.
    if case (_?, false) = UTF8Check.survey(bytes) {
      choice.encoding = .singleByte(.windows1252)
      choice.notes.append("the document names no encoding and is not UTF-8; read as windows-1252")
    }
    return choice
  }

  /// `bytes` decoded into UTF-8 (the byte order mark dropped), with the notes to give.
  /// - Throws: `.unreadable` for an encoding Cascade cannot decode, in words.
  func decode(_ bytes: ArraySlice<UInt8>, source: String) throws(FeedError) -> (
    bytes: [UInt8], notes: [String]
  ) {
    if let refusal { throw .unreadable(source: source, detail: refusal) }
    guard let decoded = encoding.decode(bytes.dropFirst(markLength)) else {
      throw .unreadable(source: source, detail: Self.refusal(encoding))
    }
    var notes = notes
    if decoded.replaced > 0 {
      let noun = decoded.replaced == 1 ? "sequence" : "sequences"
      notes.append(
        "\(decoded.replaced) byte \(noun) not valid in \(encoding.name) shown as \u{FFFD}")
    }
    return (decoded.bytes, notes)
  }

  private static func refusal(_ encoding: TextEncoding) -> String {
    switch encoding {
    case .replacement(let label):
      "the document is in \(label), an encoding browsers refuse to decode (its shifts can hide "
        + "markup); ask for the feed in UTF-8"
    default:
      "the document is in \(encoding.name), which this system's C library cannot convert "
        + "(its iconv lacks it); convert the feed to UTF-8"
    }
  }
}
