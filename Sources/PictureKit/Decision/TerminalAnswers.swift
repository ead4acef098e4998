/// What a terminal said to `TerminalQueries.batch`, read from its raw reply bytes.
///
/// The bytes are outside input: they are split into escape sequences by their framing alone,
/// every field is checked before use, anything else (garbage, keys typed meanwhile, replies
/// to questions never asked) is skipped, and nothing of it is ever written back as an escape
/// sequence — the name shown by `cascade --probe` is cut to printable ASCII.
public struct TerminalAnswers: Hashable, Sendable {
  /// XTVERSION's name and version (`kitty(0.35.2)`, `XTerm(390)`), printable ASCII only.
  public var version: String?
  /// Whether the kitty graphics query was answered `OK`.
  public var kittyGraphics = false
  /// The kitty graphics query's answer when it was not `OK` (an error code), printable only.
  public var kittyError: String?
  /// The size of one cell in pixels, from `CSI 6 ; height ; width t`.
  public var cellPixels: PixelSize?
  /// The terminal's background colour, `0xRRGGBB`, from OSC 11's answer: what a picture's
  /// partly transparent pixels are laid over, so its soft edges meet the background they sit
  /// on.
  public var background: UInt32?
  /// Primary device attributes' values; the end marker of the answers.
  public var deviceAttributes: [Int]?
  /// The bytes that were no answer, in order: keys typed before the questions were asked
  /// (while the first load ran), which the browser takes as its first keys. A sequence cut
  /// off at the end is in neither.
  public var typed: [UInt8] = []

  public init() {}

  /// Whether the end marker arrived, so no more answers are coming.
  public var isComplete: Bool { deviceAttributes != nil }

  /// Sixel is attribute 4 of primary device attributes.
  public var sixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

  /// The answers in `bytes`; a sequence cut off at the end is ignored.
  public init(parsing bytes: some Collection<UInt8>) {
    let bytes = Array(bytes.prefix(Self.maximumBytes))
    var i = 0
    while i < bytes.count {
      guard bytes[i] == 0x1B else {
        typed.append(bytes[i])
        i += 1
        continue
      }
      // An ESC at the end may start an answer cut off by the budget: read as Esc, it quit.
      guard i + 1 < bytes.count else { return }
      switch bytes[i + 1] {
      case UInt8(ascii: "["):
        // CSI: parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        var j = i + 2
        while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else { return }
        let isAnswer =
          (0x40...0x7E).contains(bytes[j])
          && readControl(Array(bytes[(i + 2)..<j]), final: bytes[j])
        // A cursor key typed ahead (`ESC [ A`) is a CSI sequence too, and no answer.
        if !isAnswer { typed += bytes[i...j] }
        i = j + 1
      case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
        // DCS, APC, OSC: a string up to ST (ESC \), or BEL for OSC.
        var j = i + 2
        while j < bytes.count, bytes[j] != 0x07, !(bytes[j] == 0x1B) { j += 1 }
        guard j < bytes.count else { return }
        let body = Array(bytes[(i + 2)..<j])
        if bytes[i + 1] == UInt8(ascii: "P") { readDeviceString(body) }
        if bytes[i + 1] == UInt8(ascii: "_") { readApplicationString(body) }
        if bytes[i + 1] == UInt8(ascii: "]") { readOperatingSystemCommand(body) }
        i = bytes[j] == 0x1B ? j + 2 : j + 1
      default:
        // Alt and a key, or an SS3 cursor key's first half.
        typed += bytes[i...(i + 1)]
        i += 2
      }
    }
  }

  /// More than any honest answer to the batch; the rest is not read.
  public static let maximumBytes = 4096

  /// Reads the answers the batch asks for as CSI sequences; false for any other sequence.
  private mutating func readControl(_ parameters: [UInt8], final: UInt8) -> Bool {
    if final == UInt8(ascii: "c"), parameters.first == UInt8(ascii: "?") {
      deviceAttributes = Self.numbers(parameters.dropFirst()) ?? []
    } else if final == UInt8(ascii: "t") {
      if let n = Self.numbers(parameters[...]), n.count == 3, n[0] == 6,
        (1...1000).contains(n[1]), (1...1000).contains(n[2])
      {
        cellPixels = PixelSize(width: n[2], height: n[1])
      }
    } else {
      return false
    }
    return true
  }

  /// XTVERSION answers `DCS > | name ST`.
  private mutating func readDeviceString(_ body: [UInt8]) {
    guard body.starts(with: Array(">|".utf8)) else { return }
    version = Self.printable(body.dropFirst(2))
  }

  /// The kitty graphics answer: `APC G i=31;OK ST`, or an error text instead of `OK`.
  private mutating func readApplicationString(_ body: [UInt8]) {
    guard body.first == UInt8(ascii: "G"), let semicolon = body.firstIndex(of: 0x3B) else {
      return
    }
    let keys = body[1..<semicolon].split(separator: UInt8(ascii: ","))
    guard keys.contains(where: { Array($0) == Array("i=\(TerminalQueries.kittyQueryID)".utf8) })
    else { return }
    let message = body[(semicolon + 1)...]
    if Array(message) == Array("OK".utf8) {
      kittyGraphics = true
    } else {
      kittyError = Self.printable(message)
    }
  }

  /// The background colour's answer: `OSC 11 ; rgb:RRRR/GGGG/BBBB`, with one to four hex
  /// digits a channel (xterm, VTE, kitty, foot, iTerm2, tmux), `rgba:` with a fourth channel
  /// (rxvt-unicode), or X11's `#RGB` forms.
  private mutating func readOperatingSystemCommand(_ body: [UInt8]) {
    let prefix = Array("11;".utf8)
    guard body.starts(with: prefix) else { return }
    let value = String(decoding: body.dropFirst(prefix.count).prefix(40), as: UTF8.self)
    var channels: [Substring] = []
    if value.hasPrefix("rgb:") {
      channels = value.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
      guard channels.count == 3 else { return }
    } else if value.hasPrefix("rgba:") {
      channels = value.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
      guard channels.count == 4 else { return }
      channels.removeLast()
    } else if value.hasPrefix("#") {
      let digits = value.dropFirst()
      guard [3, 6, 9, 12].contains(digits.count) else { return }
      let width = digits.count / 3
      channels = (0..<3).map { channel in
        let start = digits.index(digits.startIndex, offsetBy: channel * width)
        return digits[start..<digits.index(start, offsetBy: width)]
      }
    } else {
      return
    }
    var color: UInt32 = 0
    for channel in channels {
      guard (1...4).contains(channel.count), channel.allSatisfy(\.isHexDigit),
        let number = UInt32(channel, radix: 16)
      else { return }
      let top = (UInt32(1) << (4 * UInt32(channel.count))) - 1
      color = color << 8 | (number * 255 + top / 2) / top
    }
    background = color
  }

  /// Decimal numbers separated by `;`; nil if anything else is there or a number is absurd.
  /// Empty fields are skipped: some terminals end their device attributes with a `;`
  /// (`ESC [ ? 62 ; c`), and the values before it are no less true for that.
  private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int]? {
    var values: [Int] = []
    for field in bytes.split(separator: 0x3B) {
      guard field.count <= 6,
        field.allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      values.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    return values.count <= 64 ? values : nil
  }

  /// Printable ASCII only, at most 80 characters: safe to show anywhere.
  private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.prefix(80).filter { (0x20...0x7E).contains($0) }, as: UTF8.self)
  }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  /// How many times taller than wide a cell of this size is.
  package var aspect: Double { width > 0 ? Double(height) / Double(width) : 2 }

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height)" }
}
