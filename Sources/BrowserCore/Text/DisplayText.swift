/// Text from outside (a feed's titles, URLs, ids), made safe and measurable for a terminal.
///
/// Sanitised once, where the text enters the browser: C0 and C1 controls, DEL and NUL are
/// dropped; escape sequences (CSI, OSC, DCS, SOS, PM, APC, in their 7- and 8-bit forms) are
/// dropped whole; bidirectional overrides and isolates and every other invisible format
/// character are dropped; tabs and line breaks become one space; unassigned and private-use
/// scalars become `�`. What is left is a run of clusters, each one spacing scalar (1 or 2 cells,
/// as glibc's `wcwidth` — and so ncurses — counts it) followed by at most
/// `maximumMarksPerCluster` non-spacing marks; that is what `setcchar` accepts, and a terminal
/// draws it in exactly the cells counted here.
///
/// Emoji modifiers, variation selectors, zero-width joiners and the emoji a joiner joins are
/// dropped, so an emoji sequence (👩🏽‍💻, 👨‍👩‍👧) shows as its first emoji: terminals disagree on
/// the width of the joined forms, and a wrong width would shift everything after it. A joiner
/// between letters (Devanagari, Malayalam) drops only itself.
///
/// Only the first `maximumWidth` cells (and `scanLimit` scalars) of the input are looked at, so
/// a 100,000-character title costs no more than a short one.
public struct DisplayText: Hashable, Sendable {
  /// The sanitised text: only clusters as described above.
  public private(set) var string: String
  /// Its width in terminal cells.
  public private(set) var width: Int
  /// Whether the input went on beyond what was kept; a fitted copy then ends in an ellipsis.
  public internal(set) var isCut: Bool

  public static let maximumMarksPerCluster = 4
  /// Enough for any box or line on a very wide terminal.
  public static let defaultMaximumWidth = 400

  /// An empty text.
  public init() {
    string = ""
    width = 0
    isCut = false
  }

  /// Sanitises `raw`, keeping at most `maximumWidth` cells.
  /// - Complexity: O(min(n, `scanLimit`)) — independent of the input's length beyond that.
  public init(_ raw: String, maximumWidth: Int = DisplayText.defaultMaximumWidth) {
    if let plain = Self.printableASCII(raw, maximumWidth: max(0, maximumWidth)) {
      self = plain
      return
    }
    self.init(sanitizing: raw, maximumWidth: maximumWidth)
  }

  /// `raw` through the sanitiser, scalar by scalar.
  init(sanitizing raw: String, maximumWidth: Int) {
    var sanitizer = Sanitizer(maximumWidth: max(0, maximumWidth))
    var scanned = 0
    let limit = Self.scanLimit(forWidth: maximumWidth)
    var cut = false
    for scalar in raw.unicodeScalars {
      if scanned == limit || sanitizer.isFull {
        cut = true
        break
      }
      scanned += 1
      sanitizer.feed(scalar)
    }
    string = sanitizer.output
    width = sanitizer.width
    isCut = cut || sanitizer.isCut
  }

  /// Printable ASCII (0x20–0x7E) kept as it is, as the sanitiser would keep it: each byte one
  /// cell, cut after `maximumWidth`. Most titles and every URL are such text, and the view makes
  /// the texts of the boxes in view for every frame: without looking up each scalar's Unicode
  /// properties, a frame's labels cost a fraction. Nil for any other text.
  private static func printableASCII(_ raw: String, maximumWidth: Int) -> DisplayText? {
    var bytes = raw
    return bytes.withUTF8 { bytes -> DisplayText? in
      // The sanitiser looks at one scalar past the width, to know the text was cut.
      for byte in bytes.prefix(maximumWidth + 1) where !(0x20...0x7E).contains(byte) {
        return nil
      }
      var text = DisplayText()
      text.width = min(bytes.count, maximumWidth)
      text.isCut = bytes.count > maximumWidth
      text.string = text.isCut ? String(decoding: bytes.prefix(maximumWidth), as: UTF8.self) : raw
      return text
    }
  }

  /// How many input scalars are looked at for a given kept width: room for escape sequences and
  /// marks in front of the text without letting a huge title cost more.
  static func scanLimit(forWidth width: Int) -> Int { 4_096 + 8 * max(0, width) }

  /// Calls `body` with each cluster and its width in cells, in order.
  public func forEachCluster(_ body: (Substring, Int) -> Void) {
    var start = string.unicodeScalars.startIndex
    var index = start
    var clusterWidth = 0
    let scalars = string.unicodeScalars
    while index != scalars.endIndex {
      let w = Self.cellWidth(of: scalars[index])
      if w > 0, index != start {
        body(Substring(scalars[start..<index]), clusterWidth)
        start = index
      }
      if w > 0 { clusterWidth = w }
      index = scalars.index(after: index)
    }
    if start != scalars.endIndex {
      body(Substring(scalars[start..<scalars.endIndex]), clusterWidth)
    }
  }

  /// The text cut to at most `cells` cells, ending in `ellipsis` (one cell) when anything was
  /// left out — here or at the source.
  /// - Complexity: O(kept text).
  public func fitted(to cells: Int, ellipsis: String = "…") -> DisplayText {
    guard cells > 0 else { return DisplayText() }
    if width <= cells && !isCut { return self }
    var result = DisplayText()
    var used = 0
    let room = cells - 1
    var done = false
    forEachCluster { cluster, w in
      guard !done else { return }
      if used + w > room {
        done = true
        return
      }
      result.string += cluster
      used += w
    }
    result.string += ellipsis
    result.width = used + 1
    result.isCut = false
    return result
  }

  /// The number of cells `scalar` takes on its own, as glibc's `wcwidth` counts it
  /// (`CellWidthTable`): 2 for wide and fullwidth, 0 for marks and invisible formatting, else
  /// 1 — also for controls, which never reach the screen, and scalars too new for the table.
  package static func cellWidth(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    if contains(CellWidthTable.zero, v) { return 0 }
    if v < 0x1100 { return 1 }
    return contains(CellWidthTable.wide, v) ? 2 : 1
  }

  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound < value {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }
}

extension DisplayText: ExpressibleByStringLiteral, CustomStringConvertible {
  public init(stringLiteral value: String) { self.init(value) }
  public var description: String { string }
}

/// The state machine behind `DisplayText.init`: one scalar at a time.
private struct Sanitizer {
  enum Mode {
    case text
    /// After ESC.
    case escape
    /// After ESC and intermediates (0x20–0x2F), waiting for the final byte.
    case escapeIntermediate
    /// Inside CSI parameters, until a final byte 0x40–0x7E.
    case csi
    /// Inside an OSC/DCS/SOS/PM/APC string, until BEL or ST.
    case controlString
  }

  let maximumWidth: Int
  var mode = Mode.text
  var output = ""
  var width = 0
  var isCut = false
  var isFull = false
  /// Whether the last kept scalar is a base a mark may attach to, and how many marks it has.
  var marksAllowed = false
  var marks = 0
  /// Whether the last kept scalar is an emoji, and whether a zero-width joiner followed it:
  /// the emoji after the joiner belongs to the same sequence and is dropped with it.
  var lastIsEmoji = false
  var joining = false

  init(maximumWidth: Int) { self.maximumWidth = maximumWidth }

  mutating func feed(_ s: Unicode.Scalar) {
    let v = s.value
    switch mode {
    case .text: text(s)
    case .escape:
      switch v {
      case 0x5B: mode = .csi
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F: mode = .controlString
      case 0x1B: mode = .escape
      case 0x20...0x2F: mode = .escapeIntermediate
      case 0x30...0x7E: mode = .text
      default:
        mode = .text
        text(s)
      }
    case .escapeIntermediate:
      switch v {
      case 0x20...0x2F: break
      case 0x30...0x7E: mode = .text
      default:
        mode = .text
        text(s)
      }
    case .csi:
      switch v {
      case 0x40...0x7E: mode = .text
      case 0x20...0x3F: break
      default:
        mode = .text
        text(s)
      }
    case .controlString:
      switch v {
      case 0x07, 0x9C: mode = .text
      case 0x1B: mode = .escape
      default: break
      }
    }
  }

  private mutating func text(_ s: Unicode.Scalar) {
    let v = s.value
    let joined = joining
    joining = false
    switch v {
    case 0x200D:
      joining = lastIsEmoji
      return
    case 0x1B:
      mode = .escape
      return
    case 0x9B:
      mode = .csi
      return
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
      mode = .controlString
      return
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
      appendScalar(" ", width: 1)
      return
    case 0x00...0x1F, 0x7F...0x9F:
      return
    // Variation selectors, emoji modifiers, joiners and tags (the last two are also format).
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF:
      return
    default: break
    }
    let category = s.properties.generalCategory
    switch category {
    case .format:
      return
    case .unassigned, .privateUse, .surrogate:
      appendScalar("\u{FFFD}", width: 1)
      return
    default: break
    }
    let w = DisplayText.cellWidth(of: s)
    // The rest of a joined emoji sequence (👨‍👩‍👧 is one emoji): its first emoji stands for it.
    if joined, w > 0, Self.isEmoji(s) { return }
    if w == 0 {
      guard marksAllowed, marks < DisplayText.maximumMarksPerCluster else { return }
      output.unicodeScalars.append(s)
      marks += 1
      return
    }
    appendScalar(s, width: w)
  }

  private mutating func appendScalar(_ s: Unicode.Scalar, width w: Int) {
    guard !isFull else { return }
    if width + w > maximumWidth {
      isFull = true
      isCut = true
      marksAllowed = false
      return
    }
    output.unicodeScalars.append(s)
    width += w
    marks = 0
    marksAllowed = true
    lastIsEmoji = Self.isEmoji(s)
  }

  /// An emoji outside ASCII (digits, `#` and `*` are emoji too, as keycap bases).
  private static func isEmoji(_ s: Unicode.Scalar) -> Bool {
    s.value > 0x7F && s.properties.isEmoji
  }
}
