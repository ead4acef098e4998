/// A picture format Cascade decodes, told from the file's first bytes.
///
/// Never from a URL's extension or a `Content-Type`: servers and feeds get those wrong often,
/// and the decoder chosen must be the one the bytes are written for.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case jpeg
  case png
  case gif
  case webp

  /// The name a person knows the format by.
  public var description: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .gif: "GIF"
    case .webp: "WebP"
    }
  }

  /// The format whose signature `bytes` start with, or nil when they start with none (or are
  /// too short to hold a whole signature: 3 bytes for JPEG, 6 for GIF, 8 for PNG, 12 for WebP).
  public static func sniff(_ bytes: some Collection<UInt8>) -> PictureFormat? {
    let head = Array(bytes.prefix(12))
    for format in allCases where head.count >= format.signatureLength {
      if format.matches(head) { return format }
    }
    return nil
  }

  /// Whether `head` could still become this format's signature with more bytes: every byte it
  /// has agrees with the signature, but it is shorter.
  static func couldStart(_ head: [UInt8]) -> Bool {
    allCases.contains { format in
      head.count < format.signatureLength && format.agrees(with: head)
    }
  }

  /// Whether `bytes` are a whole picture of the format their first bytes claim, as far as can be
  /// told without decoding: what a cache may keep. An HTML page a captive portal answered with
  /// is no picture, and a picture cut short does not end as its format ends; both would be
  /// served again on every later run. A JPEG may carry bytes after its end (a phone's motion
  /// photo): its EOI need only follow the start of its last scan.
  public static func isWholePicture(_ bytes: [UInt8]) -> Bool {
    guard let format = sniff(bytes) else { return false }
    guard format == .jpeg else { return format.endsWhole(bytes[...]) }
    var index = bytes.count - 2
    var end: Int?
    while index >= 0 {
      if bytes[index] == 0xFF {
        if bytes[index + 1] == 0xD9, end == nil { end = index }
        // Entropy-coded data stuffs every 0xFF, so a marker found here is a real one.
        if bytes[index + 1] == 0xDA { return end != nil }
      }
      index -= 1
    }
    return false
  }

  /// Whether `bytes` end as a whole file of this format does: a JPEG with EOI, a PNG with its
  /// IEND chunk, a GIF with its trailer, a WebP as long as its RIFF header says.
  ///
  /// Codecs report running out of data in many words (a missing marker, a bad descriptor); a
  /// failure on a file that does not end whole is told as truncation, which says what to do.
  func endsWhole(_ bytes: ArraySlice<UInt8>) -> Bool {
    switch self {
    case .jpeg: return bytes.suffix(2).elementsEqual([0xFF, 0xD9])
    case .png:
      return bytes.suffix(12).elementsEqual([
        0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
      ])
    case .gif: return bytes.last == 0x3B
    case .webp:
      guard let size = ByteView(bytes: bytes).le32(4) else { return false }
      return size + 8 <= bytes.count
    }
  }

  var signatureLength: Int {
    switch self {
    case .jpeg: 3
    case .png: 8
    case .gif: 6
    case .webp: 12
    }
  }

  private func matches(_ head: [UInt8]) -> Bool {
    agrees(with: Array(head.prefix(signatureLength)))
  }

  /// Whether every byte of `head` (at most the signature's length) agrees with the signature.
  private func agrees(with head: [UInt8]) -> Bool {
    for (offset, byte) in head.prefix(signatureLength).enumerated() {
      switch self {
      case .jpeg:
        if byte != [0xFF, 0xD8, 0xFF][offset] { return false }
      case .png:
        if byte != [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A][offset] { return false }
      case .gif:
        // "GIF87a" or "GIF89a".
        let allowed: [UInt8] =
          switch offset {
          case 0: [0x47]
          case 1: [0x49]
          case 2: [0x46]
          case 3: [0x38]
          case 4: [0x37, 0x39]
          default: [0x61]
          }
        if !allowed.contains(byte) { return false }
      case .webp:
        // "RIFF", any 4-byte size, "WEBP".
        let riff: [UInt8] = [0x52, 0x49, 0x46, 0x46]
        let webp: [UInt8] = [0x57, 0x45, 0x42, 0x50]
        if offset < 4, byte != riff[offset] { return false }
        if offset >= 8, byte != webp[offset - 8] { return false }
      }
    }
    return true
  }
}
