import FeedModel
import Testing

@testable import FeedKit

/// Encodings as browsers decode them: the WHATWG labels, the server's charset over the
/// document's declaration, the byte order mark over both, and what the first bytes show.
@Suite struct DocumentEncodingTests {
  private let item = #"<enclosure url="https://h.example/1.jpg" type="image/jpeg"/>"#

  private func decode(_ bytes: [UInt8], charset: String? = nil) throws -> FeedDocument {
    var options = LoadOptions()
    options.declaredCharset = charset
    return try FeedDocument.decode(bytes, origin: "t.xml", options: options)
  }

  /// An RSS document whose one item is titled by `title` (raw bytes), declared `label`.
  private func rss(title: [UInt8], label: String?) -> [UInt8] {
    let declaration = label.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
    return Array("\(declaration)<rss><channel><item><title>".utf8) + title
      + Array("</title>\(item)</item></channel></rss>".utf8)
  }

  /// `don’t € 5 – “q”` in windows-1252.
  private let smartText: [UInt8] =
    Array("don".utf8) + [0x92] + Array("t ".utf8) + [0x80] + Array(" 5 ".utf8) + [0x96, 0x20, 0x93]
    + Array("q".utf8) + [0x94]

  @Test(arguments: ["ISO-8859-1", "iso_8859-1", "latin1", "US-ASCII", " l1 ", "windows-1252"])
  func windows1252SurvivesUnderLatin1Labels(label: String) throws {
    let document = try decode(rss(title: smartText, label: label))
    #expect(document.items.map(\.title) == ["don’t € 5 – “q”"])
    #expect(document.skipped.message == nil)
  }

  @Test func serverCharsetLabelsAreWHATWGsToo() throws {
    let document = try decode(rss(title: smartText, label: nil), charset: "iso-8859-1")
    #expect(document.items.map(\.title) == ["don’t € 5 – “q”"])
  }

  /// One byte of each single-byte family, under one of its labels.
  @Test(
    arguments: [
      ("koi8-r", 0xC1, "а"), ("iso-8859-2", 0xA1, "Ą"), ("cp1251", 0xC6, "Ж"),
      ("iso-8859-9", 0x80, "€"), ("iso-8859-15", 0xA4, "€"), ("iso-8859-7", 0xE1, "α"),
      ("macintosh", 0xDB, "€"), ("tis-620", 0xA1, "ก"), ("koi8-u", 0xAE, "ў"),
      ("ibm866", 0x80, "А"), ("x-mac-cyrillic", 0x80, "А"), ("iso-8859-8-i", 0xE0, "א"),
    ] as [(String, UInt8, String)])
  func singleByteLabelsDecodeByTheirCodePage(label: String, byte: UInt8, expected: String)
    throws
  {
    let document = try decode(rss(title: [byte], label: label))
    #expect(document.items.map(\.title) == [expected])
  }

  @Test func multiByteEncodingsAreReadThroughTheCLibrary() throws {
    // 日本 in Shift_JIS, under a label the standard maps to it.
    let document = try decode(rss(title: [0x93, 0xFA, 0x96, 0x7B], label: "x-sjis"))
    #expect(document.items.map(\.title) == ["日本"])
  }

  /// RFC 7303: the server's charset over the declaration. The text came out as mojibake.
  @Test func serverCharsetWinsOverTheDeclaration() throws {
    let bytes = rss(title: Array("Ïñïçødé".utf8), label: "ISO-8859-1")
    #expect(try decode(bytes, charset: "utf-8").items.map(\.title) == ["Ïñïçødé"])
    #expect(try decode(bytes).items.map(\.title) == ["Ã\u{8F}Ã±Ã¯Ã§Ã¸dÃ©"])
  }

  @Test func byteOrderMarkWinsOverCharsetAndDeclaration() throws {
    let bytes = ByteOrderMark.utf8 + rss(title: Array("Ïñï".utf8), label: "ISO-8859-1")
    #expect(try decode(bytes, charset: "iso-8859-1").items.map(\.title) == ["Ïñï"])
  }

  /// Encodes `text` in UTF-16 or UTF-32 of either byte order, with a byte order mark or not.
  private func wide(_ text: String, unit: Int, bigEndian: Bool, mark: Bool) -> [UInt8] {
    let scalars = unit == 4 ? text.unicodeScalars.map(\.value) : text.utf16.map(UInt32.init)
    let values = (mark ? [0xFEFF] : []) + scalars
    return values.flatMap { value -> [UInt8] in
      let bytes = (0..<unit).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
      return bigEndian ? bytes.reversed() : bytes
    }
  }

  /// XML 1.0 Appendix F: UTF-16 and UTF-32 told from their first four bytes, with a byte
  /// order mark or without. Without one, UTF-16 was "unexpected byte 0x00"; UTF-32 always.
  @Test(arguments: [2, 4], [false, true])
  func wideEncodingsAreToldFromTheirFirstBytes(unit: Int, bigEndian: Bool) throws {
    let label = unit == 2 ? "UTF-16" : "UTF-32"
    let text =
      "<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel><title>Café 日本 🙂</title>"
      + "<item><title>Ünï</title>\(item)</item></channel></rss>"
    for mark in [false, true] {
      let document = try decode(
        wide(text, unit: unit, bigEndian: bigEndian, mark: mark), charset: "iso-8859-1")
      #expect(document.title == "Café 日本 🙂", "mark: \(mark)")
      #expect(document.items.map(\.title) == ["Ünï"], "mark: \(mark)")
    }
    let json = #"{"title": "Ü", "items": [{"image": "https://h.example/1.jpg"}]}"#
    let feed = try decode(wide(json, unit: unit, bigEndian: bigEndian, mark: false))
    #expect(feed.items.map(\.imageURL) == ["https://h.example/1.jpg"])
  }

  /// `text` in an EBCDIC code page, by its table.
  private func ebcdic(_ text: String, _ page: SingleByteEncoding) -> [UInt8] {
    text.unicodeScalars.map { UInt8(page.table.firstIndex(of: UInt16($0.value)) ?? 0x6F) }
  }

  @Test func ebcdicIsReadInTheCodePageItDeclares() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"IBM500\"?>\n<rss><channel><title>[Ebcdic]</title>"
      + "<item><title>Été!</title>\(item)</item></channel></rss>"
    let document = try decode(ebcdic(text, .ibm500))
    #expect(document.title == "[Ebcdic]")
    #expect(document.items.map(\.title) == ["Été!"])
    #expect(document.items.map(\.imageURL) == ["https://h.example/1.jpg"])
  }

  /// The names the IANA registry (and Python, whose `ibm039` old feeds carry) give code pages
  /// 037, 500 and 1140, in any case and with `_` for `-`, as feeds write them.
  @Test(arguments: [
    ("ebcdic_cp_us", "IBM037"), ("EBCDIC_CP_CA", "IBM037"), ("ibm039", "IBM037"),
    ("ibm-037", "IBM037"), ("csIBM037", "IBM037"), ("ebcdic_cp_wt", "IBM037"),
    ("ebcdic_cp_nl", "IBM037"), ("ebcdic_cp_be", "IBM500"), ("ebcdic_cp_ch", "IBM500"),
    ("IBM_500", "IBM500"), ("cp01140", "IBM01140"), ("csIBM01140", "IBM01140"),
    ("ibm_1140", "IBM01140"),
  ])
  func ebcdicAliasesAreRead(label: String, page: String) throws {
    let pages = [SingleByteEncoding.ibm037, .ibm500, .ibm1140]
    let encoding = try #require(pages.first { $0.name == page })
    let text =
      "<?xml version=\"1.0\" encoding=\"\(label)\"?>\n<rss><channel>"
      + "<item><title>Été!</title>\(item)</item></channel></rss>"
    let document = try decode(ebcdic(text, encoding))
    #expect(document.items.map(\.title) == ["Été!"])
  }

  /// A code page without a table (Greek `cp875` among them) is refused, and said in words.
  @Test(arguments: ["IBM1047", "cp875"])
  func ebcdicInAnUnknownCodePageIsRefusedInWords(label: String) {
    let bytes = ebcdic("<?xml version=\"1.0\" encoding=\"\(label)\"?><rss/>", .ibm037)
    #expect {
      try decode(bytes)
    } throws: { error in
      "\(error)".contains("EBCDIC, in a code page (\"\(label)\") Cascade does not read")
    }
  }

  @Test func replacementEncodingsAreRefusedInWords() {
    #expect {
      try decode(rss(title: Array("x".utf8), label: "ISO-2022-KR"))
    } throws: { error in
      "\(error)".contains("iso-2022-kr, an encoding browsers refuse to decode")
    }
  }

  /// Bytes that are not UTF-8 become U+FFFD, as before, and now it is said, once.
  @Test func invalidBytesAreReplacedAndSaidOnce() throws {
    let title = Array("a ".utf8) + [0xFF] + Array(" é ".utf8) + [0xE2, 0x82] + Array(" b".utf8)
    let document = try decode(rss(title: title, label: nil))
    #expect(document.items.map(\.title) == ["a \u{FFFD} é \u{FFFD} b"])
    #expect(document.skipped.notes == ["2 byte sequences not valid in UTF-8 shown as \u{FFFD}"])
    #expect(document.skipped.message == document.skipped.notes.first)
  }

  /// No label, not UTF-8 and no sequence of it: a legacy feed, read as windows-1252 and said.
  @Test func undeclaredLegacyBytesAreReadAsWindows1252() throws {
    let document = try decode(rss(title: smartText, label: nil))
    #expect(document.items.map(\.title) == ["don’t € 5 – “q”"])
    #expect(document.skipped.notes.first?.contains("read as windows-1252") == true)
  }

  /// A label outside XML's grammar (`437`) was "XML error 79".
  @Test func unknownLabelIsReadAsUTF8AndSaid() throws {
    let document = try decode(rss(title: Array("Ça".utf8), label: "437"))
    #expect(document.items.map(\.title) == ["Ça"])
    #expect(document.skipped.notes.first?.contains("\"437\" is not one a browser knows") == true)
  }

  @Test func labelsAreLookedUpAsTheStandardSays() {
    #expect(TextEncoding(label: "  LATIN1\t") == .singleByte(.windows1252))
    #expect(TextEncoding(label: "utf8") == .utf8)
    #expect(TextEncoding(label: "gb2312") == .multiByte("GB18030"))
    #expect(TextEncoding(label: "437") == nil)
    #expect(TextEncoding(label: "unicode") == .utf16(bigEndian: false))
  }
}
