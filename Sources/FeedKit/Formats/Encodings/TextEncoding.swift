/// An encoding a feed's bytes may be in, and the labels that name it, as browsers read them.
///
/// Labels map as the WHATWG Encoding Standard maps them, which is how browsers and feed readers
/// decode what servers send: `ISO-8859-1`, `latin1` and `US-ASCII` name windows-1252, whose
/// curly quotes, `€` and dashes old feeds are full of under those labels (read as ISO-8859-1
/// proper they were C1 controls, and vanished), and `ISO-8859-9` names windows-1254. XML's own
/// UTF-32 and three EBCDIC code pages are added, for documents the standard leaves out.
enum TextEncoding: Hashable, Sendable {
  case utf8
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)
  case singleByte(SingleByteEncoding)
  /// One of the standard's Chinese, Japanese or Korean encodings, read through the C library's
  /// `iconv` by the name given.
  case multiByte(String)
  /// `x-user-defined`: bytes 0x80–0xFF as U+F780–U+F7FF.
  case userDefined
  /// Labels of encodings (ISO-2022-KR, HZ) that browsers refuse to decode, since their shifts
  /// can hide markup from a filter.
  case replacement(label: String)

  /// The name messages use.
  var name: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16(let big): big ? "UTF-16BE" : "UTF-16LE"
    case .utf32(let big): big ? "UTF-32BE" : "UTF-32LE"
    case .singleByte(let encoding): encoding.name
    case .multiByte(let name): name
    case .userDefined: "x-user-defined"
    case .replacement(let label): label
    }
  }

  /// Whether ASCII's characters are ASCII's bytes in it, so that markup can be read before the
  /// document is decoded.
  var isASCIICompatible: Bool {
    switch self {
    case .utf16, .utf32: false
    case .singleByte(let encoding): encoding.table[0x3C] == 0x3C
    default: true
    }
  }

  /// The encoding `label` names (case and surrounding white space ignored), or nil for a label
  /// no browser knows. A label the table lacks is tried again with `_` read as `-`: Python
  /// writes its codec names so (`ebcdic_cp_be`), and feeds written by it carry them.
  init?(label: String) {
    let key = label.trimmingASCIIWhitespace().lowercased()
    let hyphenated = String(key.map { $0 == "_" ? "-" : $0 })
    guard let encoding = Self.labels[key] ?? Self.labels[hyphenated] else { return nil }
    self = encoding
  }

  private static let labels: [String: TextEncoding] = {
    var table: [String: TextEncoding] = [:]
    func add(_ encoding: TextEncoding, _ names: String) {
      for name in names.split(separator: " ") { table[String(name)] = encoding }
    }
    func add(_ encoding: SingleByteEncoding, _ names: String) { add(.singleByte(encoding), names) }
    add(
      .utf8, "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8")
    add(.ibm866, "866 cp866 csibm866 ibm866")
    add(
      .iso8859_2,
      "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2")
    add(
      .iso8859_3,
      "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3")
    add(
      .iso8859_4,
      "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4")
    add(
      .iso8859_5,
      "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 "
        + "iso_8859-5:1988")
    add(
      .iso8859_6,
      "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 "
        + "iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987")
    add(
      .iso8859_7,
      "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 "
        + "iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek")
    add(
      .iso8859_8,
      "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 "
        + "iso88598 iso_8859-8 iso_8859-8:1988 visual csiso88598i iso-8859-8-i logical")
    add(.iso8859_10, "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6")
    add(.iso8859_13, "iso-8859-13 iso8859-13 iso885913")
    add(.iso8859_14, "iso-8859-14 iso8859-14 iso885914")
    add(.iso8859_15, "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9")
    add(.iso8859_16, "iso-8859-16")
    add(.koi8R, "cskoi8r koi koi8 koi8-r koi8_r")
    add(.koi8U, "koi8-ru koi8-u")
    add(.macintosh, "csmacintosh mac macintosh x-mac-roman")
    add(.windows874, "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874")
    add(.windows1250, "cp1250 windows-1250 x-cp1250")
    add(.windows1251, "cp1251 windows-1251 x-cp1251")
    add(
      .windows1252,
      "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 "
        + "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252")
    add(.windows1253, "cp1253 windows-1253 x-cp1253")
    add(
      .windows1254,
      "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 "
        + "l5 latin5 windows-1254 x-cp1254")
    add(.windows1255, "cp1255 windows-1255 x-cp1255")
    add(.windows1256, "cp1256 windows-1256 x-cp1256")
    add(.windows1257, "cp1257 windows-1257 x-cp1257")
    add(.windows1258, "cp1258 windows-1258 x-cp1258")
    add(.macCyrillic, "x-mac-cyrillic x-mac-ukrainian")
    // glibc's names for the standard's decoders: GBK and gb18030 (a superset, which decodes
    // GBK too), Big5 with the Hong Kong additions, Shift_JIS as Windows writes it (CP932),
    // EUC-KR as Windows writes it (CP949).
    add(
      .multiByte("GB18030"),
      "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk gb18030")
    add(.multiByte("BIG5-HKSCS"), "big5 big5-hkscs cn-big5 csbig5 x-x-big5")
    add(.multiByte("EUC-JP"), "cseucpkdfmtjapanese euc-jp x-euc-jp")
    add(.multiByte("ISO-2022-JP"), "csiso2022jp iso-2022-jp")
    add(
      .multiByte("CP932"),
      "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis")
    add(
      .multiByte("CP949"),
      "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
        + "ksc_5601 windows-949")
    for label in "csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr".split(
      separator: " ")
    {
      table[String(label)] = .replacement(label: String(label))
    }
    add(.utf16(bigEndian: true), "unicodefffe utf-16be")
    add(
      .utf16(bigEndian: false),
      "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le")
    add(.utf32(bigEndian: true), "utf-32be")
    add(.utf32(bigEndian: false), "utf-32 utf-32le iso-10646-ucs-4 ucs-4")
    add(.userDefined, "x-user-defined")
    // EBCDIC: the IANA registry's names, with `ibm-037` as IBM writes them and Python's
    // `ibm039` (its alias for code page 037).
    add(
      .ibm037,
      "ibm037 ibm-037 ibm039 cp037 ebcdic-cp-us ebcdic-cp-ca ebcdic-cp-wt ebcdic-cp-nl csibm037")
    add(.ibm500, "ibm500 ibm-500 cp500 ebcdic-cp-be ebcdic-cp-ch csibm500")
    add(
      .ibm1140,
      "ibm01140 ibm1140 ibm-1140 cp1140 cp01140 ccsid01140 csibm01140 ebcdic-us-37+euro")
    return table
  }()
}
