/// An encoding of one byte a character, by its table: the WHATWG Encoding Standard's
/// single-byte encodings (windows-1252 and its siblings, the ISO 8859 parts, KOI8, the Mac's),
/// and EBCDIC's code pages 037, 500 and 1140, which old mainframe feeds are written in.
///
/// Two encodings are the same when their names are: the tables are the names' code pages.
struct SingleByteEncoding: Hashable, Sendable {
  /// The name the standard gives it (`windows-1252`), as messages say it.
  let name: String
  /// The code point of each byte; U+FFFD for a byte the code page leaves undefined.
  let table: [UInt16]

  /// An ASCII-compatible encoding: bytes below 0x80 are ASCII, `high` gives the rest.
  init(name: String, high: [UInt16]) {
    precondition(high.count == 128, "SingleByteEncoding: \(name) needs 128 code points")
    self.name = name
    table = (0..<128).map { UInt16($0) } + high
  }

  /// An encoding that is not ASCII-compatible (EBCDIC): `table` gives every byte.
  init(name: String, table: [UInt16]) {
    precondition(table.count == 256, "SingleByteEncoding: \(name) needs 256 code points")
    self.name = name
    self.table = table
  }

  static func == (a: Self, b: Self) -> Bool { a.name == b.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// Whether the table maps byte `byte` to a character.
  func defines(_ byte: UInt8) -> Bool { table[Int(byte)] != 0xFFFD }

  static let ibm866 = Self(name: "IBM866", high: ibm866High)
  static let iso8859_2 = Self(name: "ISO-8859-2", high: iso8859_2High)
  static let iso8859_3 = Self(name: "ISO-8859-3", high: iso8859_3High)
  static let iso8859_4 = Self(name: "ISO-8859-4", high: iso8859_4High)
  static let iso8859_5 = Self(name: "ISO-8859-5", high: iso8859_5High)
  static let iso8859_6 = Self(name: "ISO-8859-6", high: iso8859_6High)
  static let iso8859_7 = Self(name: "ISO-8859-7", high: iso8859_7High)
  /// Visual and logical Hebrew (ISO-8859-8-I) share the code page; only their direction differs,
  /// which a terminal decides.
  static let iso8859_8 = Self(name: "ISO-8859-8", high: iso8859_8High)
  static let iso8859_10 = Self(name: "ISO-8859-10", high: iso8859_10High)
  static let iso8859_13 = Self(name: "ISO-8859-13", high: iso8859_13High)
  static let iso8859_14 = Self(name: "ISO-8859-14", high: iso8859_14High)
  static let iso8859_15 = Self(name: "ISO-8859-15", high: iso8859_15High)
  static let iso8859_16 = Self(name: "ISO-8859-16", high: iso8859_16High)
  static let koi8R = Self(name: "KOI8-R", high: koi8_rHigh)
  static let koi8U = Self(name: "KOI8-U", high: koi8_uHigh)
  static let macintosh = Self(name: "macintosh", high: macintoshHigh)
  static let macCyrillic = Self(name: "x-mac-cyrillic", high: macCyrillicHigh)
  static let windows874 = Self(name: "windows-874", high: windows874High)
  static let windows1250 = Self(name: "windows-1250", high: windows1250High)
  static let windows1251 = Self(name: "windows-1251", high: windows1251High)
  static let windows1252 = Self(name: "windows-1252", high: windows1252High)
  static let windows1253 = Self(name: "windows-1253", high: windows1253High)
  static let windows1254 = Self(name: "windows-1254", high: windows1254High)
  static let windows1255 = Self(name: "windows-1255", high: windows1255High)
  static let windows1256 = Self(name: "windows-1256", high: windows1256High)
  static let windows1257 = Self(name: "windows-1257", high: windows1257High)
  static let windows1258 = Self(name: "windows-1258", high: windows1258High)
  static let ibm037 = Self(name: "IBM037", table: ibm037Table)
  static let ibm500 = Self(name: "IBM500", table: ibm500Table)
  static let ibm1140 = Self(name: "IBM01140", table: ibm1140Table)
}
