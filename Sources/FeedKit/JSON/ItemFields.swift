import FeedModel

/// The fields of one item as they are read, before the item is kept or skipped.
///
/// Values are judged as they are read (the reader moves on), and the verdict is kept per field:
/// a usable value, or the reason it is unusable, so the skip message can name the first problem.
///
/// Sizes are where a hostile feed could hurt the layout, so they are held to sane limits: each
/// side a finite number above 0 and at most `maxSide` pixels (else the item is skipped). The
/// size is kept as the feed gave it; the layout uses a shape no more extreme than 64:1 either
/// way (`FeedItem.layoutSize`), so no box is a million rows tall or a hair wide.
struct ItemFields {
  /// The largest width or height, in pixels: beyond what any common image format can hold
  /// (JPEG stops at 65,535), so a larger number is a broken feed, not a picture.
  static let maxSide: Double = 1_000_000
  /// The tallest shape kept, height / width; a taller picture is cut to this shape.
  static let maxAspectRatio = ItemShape.maxAspectRatio
  /// The widest shape kept, height / width; a wider picture is cut to this shape.
  static let minAspectRatio = ItemShape.minAspectRatio

  /// Why an item was skipped, without the `item N:` prefix.
  struct SkipReason: Error, Equatable {
    var text: String
  }

  /// A width or height as read: a usable size, or why not.
  enum Size: Equatable {
    case value(Double)
    case unusable(String)
  }

  /// The image keys in order of preference: those that can only name a picture first, then
  /// `url`, which may be a page link: `download_url` is the picture's own address where `url`
  /// is its page (Lorem Picsum's list, GitHub's folder listings), as WordPress's `source_url`.
  static let imageKeys: [StaticString] = [
    "img", "image", "image_url", "imageUrl", "download_url", "source_url", "url", "src",
  ]

  /// Why an item with no image key is skipped: the keys, in order.
  private static let noImage: String = {
    let names = imageKeys.map { "\"\($0)\"" }
    return "no image URL (expected \(names.dropLast().joined(separator: ", ")) or "
      + "\(names.last ?? ""))"
  }()

  /// A text as read: the bytes of a string without escapes (or of a number), as a range of the
  /// reader's buffer, copied into the page's `TextBlockWriter` only when the item is kept; or the
  /// decoded text of a string with escapes. An image URL is trimmed; other texts are not.
  private enum FieldText {
    case bytes(Range<Int>)
    case decoded(String)

    /// The text of a string token, as `JSONReader.string` would make it.
    init(_ token: JSONReader.Token, in reader: JSONReader) {
      self = token.hasEscapes ? .decoded(reader.string(token)) : .bytes(token.start..<token.end)
    }

    /// Calls `body` with the text's UTF-8 bytes, invalid UTF-8 turned into U+FFFD as
    /// `String(decoding:as:)` does; valid only during the call.
    func withValidUTF8<R>(in reader: JSONReader, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      switch self {
      case .bytes(let range):
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[range])
        if TextHandle.isValidUTF8(bytes) { return body(bytes) }
        var text = String(decoding: bytes, as: UTF8.self)
        return text.withUTF8(body)
      case .decoded(var text):
        return text.withUTF8(body)
      }
    }

    /// `withValidUTF8` for an optional text: nil when there is none.
    static func withValidUTF8<R>(
      _ text: FieldText?, in reader: JSONReader, _ body: (UnsafeBufferPointer<UInt8>?) -> R
    ) -> R {
      guard let text else { return body(nil) }
      return text.withValidUTF8(in: reader) { body($0) }
    }
  }

  /// The best usable image so far and its rank in `imageKeys`.
  private var image: (rank: Int, url: FieldText)?
  /// Why the first unusable image value was unusable.
  private var imageProblem: String?
  private var width: Size?
  private var shortWidth: Size?
  private var height: Size?
  private var shortHeight: Size?
  private var title: FieldText?
  private var id: FieldText?
  private var link: FieldText?
  /// The best valid placeholder so far: any blur before any colour, then in the order of
  /// `PicturePlaceholder.blurKeys` and `colorKeys`.
  private var placeholder: (kind: PicturePlaceholder.Kind, rank: Int, text: FieldText)?

  /// The field `key` names, if any.
  static func field(of key: JSONReader.Token, in reader: JSONReader) -> ItemKey? {
    key.hasEscapes ? ItemKey.of(decoded: reader.string(key)) : ItemKey.of(key, in: reader.bytes)
  }

  /// Reads the value of a key naming `field` (the reader is just past its colon), or skips it
  /// for a key that names none (nil).
  mutating func read(_ field: ItemKey?, from reader: inout JSONReader) throws(JSONReader.Failure) {
    switch field {
    case .image(let rank): try readImage(rank: rank, from: &reader)
    case .width: width = try Self.readSize(named: "width", from: &reader)
    case .height: height = try Self.readSize(named: "height", from: &reader)
    case .shortWidth: shortWidth = try Self.readSize(named: "w", from: &reader)
    case .shortHeight: shortHeight = try Self.readSize(named: "h", from: &reader)
    case .title: title = try Self.readOptionalString(from: &reader)
    case .link: link = try Self.readOptionalString(from: &reader)
    case .id:
      switch try reader.peekKind() {
      case .string: id = FieldText(try reader.readString(), in: reader)
      case .number:
        let token = try reader.readNumber()
        id = .bytes(token.start..<token.end)
      default: try reader.skipValue()
      }
    case .placeholder(.blurHash, let rank):
      try readPlaceholder(.blurHash, rank: rank, from: &reader)
    case .placeholder(.color, let rank):
      try readPlaceholder(.color, rank: PicturePlaceholder.blurKeys.count + rank, from: &reader)
    case nil:
      try reader.skipValue()
    }
  }

  /// The item, or why it cannot be laid out: the image first, then the width, then the height.
  /// A kept item's URL, title, id and link go into `texts`; `reader` must be the one the fields
  /// were read from.
  func item(reader: JSONReader, texts: inout TextBlockWriter) -> Result<FeedItem, SkipReason> {
    // With no image key, a `link` that names a picture file is the picture (Imgur's answers).
    guard let image = image ?? (imageProblem == nil ? pictureLink(reader: reader) : nil) else {
      return .failure(SkipReason(text: imageProblem ?? Self.noImage))
    }
    // A size that is there must be usable; an item with no size (or half of one) is kept
    // without one, as other formats' items are, and its size is read from the picture.
    var widthValue: Double?
    switch width ?? shortWidth {
    case .value(let value): widthValue = value
    case .unusable(let reason): return .failure(SkipReason(text: reason))
    case nil: break
    }
    var heightValue: Double?
    switch height ?? shortHeight {
    case .value(let value): heightValue = value
    case .unusable(let reason): return .failure(SkipReason(text: reason))
    case nil: break
    }
    let slice = image.url.withValidUTF8(in: reader) { url in
      FieldText.withValidUTF8(title, in: reader) { title in
        FieldText.withValidUTF8(id, in: reader) { id in
          FieldText.withValidUTF8(link, in: reader) { link in
            withStoredPlaceholder(reader: reader) { placeholder in
              texts.append(
                url,
                texts: ItemTextRecord(title: title, id: id, link: link, placeholder: placeholder))
            }
          }
        }
      }
    }
    guard let widthValue, let heightValue else { return .success(FeedItem(texts: slice)) }
    return .success(FeedItem(texts: slice, width: widthValue, height: heightValue))
  }

  /// The item's `link` as its image, when the link's path ends like a picture file's.
  private func pictureLink(reader: JSONReader) -> (rank: Int, url: FieldText)? {
    guard let link else { return nil }
    let text = link.withValidUTF8(in: reader) { String(decoding: $0, as: UTF8.self) }
    let trimmed = text.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty, PictureName.matches(url: trimmed) else { return nil }
    return (Self.imageKeys.count, .decoded(trimmed))
  }

  /// The size with its shape held within `minAspectRatio...maxAspectRatio` (`ItemShape`).
  static func clampShape(width: Double, height: Double) -> (width: Double, height: Double) {
    ItemShape.clamped(width: width, height: height)
  }

  private mutating func readImage(rank: Int, from reader: inout JSONReader)
    throws(JSONReader.Failure)
  {
    let name = Self.imageKeys[rank]
    let kind = try reader.peekKind()
    guard kind == .string else {
      try reader.skipValue()
      if imageProblem == nil { imageProblem = "\"\(name)\" is \(kind.phrase), not a string" }
      return
    }
    let token = try reader.readString()
    if let image, image.rank <= rank { return }
    let url: FieldText
    if token.hasEscapes {
      let text = reader.string(token).trimmingASCIIWhitespace()
      url = text.isEmpty ? .bytes(0..<0) : .decoded(text)
    } else {
      url = .bytes(Self.trimmingASCIIWhitespace(token.start..<token.end, in: reader.bytes))
    }
    if case .bytes(let range) = url, range.isEmpty {
      if imageProblem == nil { imageProblem = "\"\(name)\" is empty" }
      return
    }
    image = (rank, url)
  }

  /// `range` without the ASCII spaces, tabs, carriage returns and newlines at either end; what
  /// `String.trimmingASCIIWhitespace()` does, on bytes.
  private static func trimmingASCIIWhitespace(
    _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Range<Int> {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// Reads a colour or blur field: kept when it is a valid one of `kind` (surrounding spaces
  /// aside, as the tree formats read it) and ranks before the placeholder read so far; anything
  /// else (another type, an invalid text) is ignored.
  private mutating func readPlaceholder(
    _ kind: PicturePlaceholder.Kind, rank: Int, from reader: inout JSONReader
  ) throws(JSONReader.Failure) {
    guard let read = try Self.readOptionalString(from: &reader),
      placeholder.map({ rank < $0.rank }) ?? true
    else { return }
    let text: FieldText
    switch read {
    case .bytes(let range): text = .bytes(Self.trimmingASCIIWhitespace(range, in: reader.bytes))
    case .decoded(let decoded): text = .decoded(decoded.trimmingASCIIWhitespace())
    }
    let valid = text.withValidUTF8(in: reader) { bytes in
      PicturePlaceholder.withStoredForm(kind, of: bytes) { $0 != nil }
    }
    if valid { placeholder = (kind, rank, text) }
  }

  /// Calls `body` with the stored form of the placeholder read, or nil when there is none.
  private func withStoredPlaceholder<R>(
    reader: JSONReader, _ body: (UnsafeBufferPointer<UInt8>?) -> R
  ) -> R {
    guard let placeholder else { return body(nil) }
    return placeholder.text.withValidUTF8(in: reader) { bytes in
      PicturePlaceholder.withStoredForm(placeholder.kind, of: bytes, body)
    }
  }

  private static func readOptionalString(from reader: inout JSONReader)
    throws(JSONReader.Failure) -> FieldText?
  {
    guard try reader.peekKind() == .string else {
      try reader.skipValue()
      return nil
    }
    return FieldText(try reader.readString(), in: reader)
  }

  /// Reads a size: a number, or a string holding a decimal number; above zero and at most
  /// `maxSide`.
  ///
  /// Straight from the reader's bytes: a size is read twice per item, and building a string of
  /// it (to parse it, or to show it in a message in case it is unusable) cost a third of
  /// decoding a feed whose sizes are strings. The text for a message is made only when there
  /// is a message to give.
  static func readSize(named name: String, from reader: inout JSONReader)
    throws(JSONReader.Failure) -> Size
  {
    switch try reader.peekKind() {
    case .number:
      let token = try reader.readNumber()
      let value = reader.double(token)
      if value > 0, value <= maxSide { return .value(value) }
      return outOfRange(name, value, shown: reader.text(token))
    case .string:
      let token = try reader.readString()
      // Digits and nothing else, as most feeds write them, need no trimming and no grammar.
      let number =
        token.hasEscapes
        ? decimalValue(of: reader.string(token))
        : JSONReader.plainInteger(reader.bytes, token.start..<token.end)
          ?? decimalValue(of: UnsafeBufferPointer(rebasing: reader.bytes[token.start..<token.end]))
      guard let number else {
        return .unusable("\"\(name)\" is \(quoted(reader.string(token))), not a number")
      }
      if number > 0, number <= maxSide { return .value(number) }
      return outOfRange(name, number, shown: quoted(reader.string(token)))
    case let kind:
      try reader.skipValue()
      return .unusable("\"\(name)\" is \(kind.phrase), not a number")
    }
  }

  /// Why a size that is a number is unusable: not above zero, or too large.
  private static func outOfRange(_ name: String, _ value: Double, shown: String) -> Size {
    guard value > 0 else { return .unusable("\"\(name)\" is \(shown), not above zero") }
    return .unusable("\"\(name)\" is \(shown), larger than \(Int(maxSide)) px")
  }

  /// The value of a decimal number written as text, as people write sizes: optional sign and
  /// surrounding spaces, digits with an optional fraction and exponent. Not `NaN`, `inf` or
  /// hexadecimal, which `Double(_:)` would accept.
  static func decimalValue(of text: String) -> Double? {
    var text = text
    return text.withUTF8 { decimalValue(of: $0) }
  }

  /// `decimalValue(of:)` on UTF-8 bytes. Plain integers, which is how sizes are written, are
  /// read from the bytes; only other numbers go through a string.
  static func decimalValue(of bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let range = trimmingASCIIWhitespace(bytes.indices, in: bytes)
    guard !range.isEmpty else { return nil }
    if let value = JSONReader.plainInteger(bytes, range) { return value }
    var digits = 0
    var state = 0  // 0: sign or mantissa, 1: after '.', 2: after 'e', 3: exponent digits
    for index in range {
      switch bytes[index] {
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard index == range.lowerBound || state == 2 else { return nil }
        if state == 2 { state = 3 }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if state == 2 { state = 3 }
        if state <= 1 { digits += 1 }
      case UInt8(ascii: "."):
        guard state == 0 else { return nil }
        state = 1
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard state <= 1, digits > 0 else { return nil }
        state = 2
      default:
        return nil
      }
    }
    guard digits > 0, state != 2 else { return nil }
    if state == 3, !(0x30...0x39).contains(bytes[range.upperBound - 1]) { return nil }
    return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
  }

  /// A feed's text in a message: quoted, at most 40 characters, control characters escaped so a
  /// hostile value cannot drive the terminal from an error message.
  static func quoted(_ text: String) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == 40 {
        out += "…"
        break
      }
      count += 1
      switch scalar.value {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      default: ControlEscapes.appendEscaped(scalar, to: &out)
      }
    }
    return out + "\""
  }

  /// `text` with its controls written as `\u{1b}` (`ControlEscapes`).
  static func escapingControls(_ text: String) -> String {
    ControlEscapes.escaping(text)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs, carriage returns and newlines.
  func trimmingASCIIWhitespace() -> String {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
    return String(self[first...last])
  }
}
