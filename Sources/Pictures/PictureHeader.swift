/// A picture's format, stored size and EXIF orientation, read from its first bytes without
/// decoding it.
///
/// Feeds without sizes get them from here: a ranged request fetches a prefix of the picture,
/// and `read` says the size, or how many bytes would reach it, or why the picture is unusable.
public struct PictureHeader: Sendable, Equatable {
  public var format: PictureFormat
  /// The stored width, in pixels, before the orientation is applied.
  public var width: Int
  /// The stored height, in pixels, before the orientation is applied.
  public var height: Int
  /// The EXIF orientation, 1...8 (1 when the picture has none).
  public var orientation: Int

  public init(format: PictureFormat, width: Int, height: Int, orientation: Int = 1) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
  }

  /// Whether the orientation turns the picture a quarter: 5...8 swap width and height.
  public var swapsSides: Bool { (5...8).contains(orientation) }

  /// The width as shown, once the orientation is applied.
  public var displayWidth: Int { swapsSides ? height : width }

  /// The height as shown, once the orientation is applied.
  public var displayHeight: Int { swapsSides ? width : height }

  /// What reading a prefix of a picture gave.
  public enum Reading: Sendable, Equatable {
    case header(PictureHeader)
    /// The header is further in: at least this many bytes from the start of the file are
    /// needed to get further. Reading again with that many either answers or asks for more
    /// (a JPEG can have several segments before its frame header, and only their lengths are
    /// known before they are read), so a prober should fetch a few kB beyond this figure to
    /// answer in one more request.
    case needMoreBytes(Int)
    case invalid(PictureError)
  }

  /// Reads the header from `bytes`, the whole file or any prefix of it.
  ///
  /// Reads only the bytes it needs and never past the end of `bytes`; a file shorter than its
  /// header answers `needMoreBytes` until enough of it is there.
  ///
  /// - Complexity: O(number of segments or chunks before the header), at most O(`bytes.count`).
  public static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
    let view = ByteView(bytes: bytes)
    guard let format = PictureFormat.sniff(bytes) else {
      let head = Array(bytes.prefix(12))
      if PictureFormat.couldStart(head) {
        return .needMoreBytes(
          PictureFormat.allCases.map(\.signatureLength).filter {
            $0 > head.count
          }.min() ?? 12)
      }
      // A prefix that could still be a format Cascade names asks for the bytes that decide, so
      // that it is told what the whole file would be.
      if ForeignPictureFormat.couldStart(head) { return .needMoreBytes(12) }
      return .invalid(
        ForeignPictureFormat.sniff(head).map { .foreignFormat($0) } ?? .unsupportedFormat)
    }
    let reading: Reading
    switch format {
    case .jpeg: reading = JPEGHeaderReader.read(view)
    case .png: reading = readPNG(view)
    case .gif: reading = readGIF(view)
    case .webp: reading = WebPHeaderReader.read(view)
    }
    if case .header(let header) = reading, header.width <= 0 || header.height <= 0 {
      return .invalid(
        .corrupt(format, detail: "the header says \(header.width)×\(header.height)"))
    }
    return reading
  }

  /// Reads the header from `bytes`, the whole file or any prefix of it.
  public static func read(_ bytes: [UInt8]) -> Reading { read(bytes[...]) }

  /// PNG: the IHDR chunk must come first, right after the 8-byte signature.
  private static func readPNG(_ view: ByteView) -> Reading {
    guard view.has(24, at: 0) else { return .needMoreBytes(24) }
    guard view.matches(Array("IHDR".utf8), at: 12) else {
      return .invalid(.corrupt(.png, detail: "the first chunk is not IHDR"))
    }
    guard let width = view.be32(16), let height = view.be32(20) else { return .needMoreBytes(24) }
    // PNG sizes are at most 2³¹ − 1.
    guard width <= Int(Int32.max), height <= Int(Int32.max) else {
      return .invalid(.corrupt(.png, detail: "the size \(width)×\(height) is out of range"))
    }
    return .header(PictureHeader(format: .png, width: width, height: height))
  }

  /// GIF: the logical screen's size follows the 6-byte signature.
  private static func readGIF(_ view: ByteView) -> Reading {
    guard let width = view.le16(6), let height = view.le16(8) else { return .needMoreBytes(10) }
    guard width == 0 || height == 0 else {
      return .header(PictureHeader(format: .gif, width: width, height: height))
    }
    // A screen of 0 × 0, which some encoders write: browsers size the picture by its first
    // frame, and so does Cascade (it was refused, "the header says 0×0", with the frame whole).
    guard let flags = view.u8(10) else { return .needMoreBytes(13) }
    var offset = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
    while true {
      guard let introducer = view.u8(offset) else { return .needMoreBytes(offset + 1) }
      switch introducer {
      case 0x21:
        // An extension: its label, then data sub-blocks up to an empty one.
        offset += 2
        while true {
          guard let size = view.u8(offset) else { return .needMoreBytes(offset + 1) }
          offset += 1 + size
          if size == 0 { break }
        }
      case 0x2C:
        guard let left = view.le16(offset + 1), let top = view.le16(offset + 3),
          let frameWidth = view.le16(offset + 5), let frameHeight = view.le16(offset + 7)
        else { return .needMoreBytes(offset + 9) }
        return .header(
          PictureHeader(
            format: .gif, width: max(width, left + frameWidth),
            height: max(height, top + frameHeight)))
      default:
        return .header(PictureHeader(format: .gif, width: width, height: height))
      }
    }
  }
}
