/// What libjpeg-turbo will allocate and do for a JPEG beyond the pixels it writes, read from
/// the file's markers before it is decoded.
///
/// A progressive JPEG, or any with more than one scan, is decoded through coefficient buffers
/// for the whole picture, at its stored size whatever the DCT scale: 64 two-byte coefficients
/// per 8×8 block of each component. A 327-byte progressive CMYK file declaring 8000×8000 made
/// libjpeg-turbo allocate 512 MB; and each scan is a pass over all of them, so a file of
/// hundreds of tiny scans costs seconds of CPU.
struct JPEGWork: Equatable {
  /// Bytes of coefficient buffers: 0 for a single-scan sequential JPEG, which needs a row of
  /// blocks at a time.
  var coefficientBytes: Int
  /// The scans the file holds (start-of-scan markers).
  var scans: Int

  /// Scans a JPEG may have: libjpeg's own progressions use about 10, optimisers about 20.
  static let maximumScans = 100

  /// The work `bytes` asks for; nil when their markers cannot be walked (the decoder then says
  /// what is wrong).
  static func read(_ bytes: [UInt8]) -> JPEGWork? {
    var position = 2
    var progressive = false
    var blocks = 0
    var scans = 0
    func be16(_ at: Int) -> Int? {
      at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }
    while position + 1 < bytes.count {
      guard bytes[position] == 0xFF else {
        position += 1
        continue
      }
      let marker = Int(bytes[position + 1])
      position += 2
      switch marker {
      case 0xFF:
        position -= 1  // Fill byte.
        continue
      case 0x00, 0x01, 0xD0...0xD7:
        continue
      case 0xD9:
        return JPEGWork(coefficientBytes: coefficients(blocks, progressive, scans), scans: scans)
      default:
        break
      }
      guard let length = be16(position), length >= 2 else { return nil }
      if JPEGHeaderReader.isFrameHeader(marker) {
        progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        guard let frameBlocks = frameBlocks(bytes, at: position) else { return nil }
        blocks = frameBlocks
      }
      position += length
      if marker == 0xDA {
        scans += 1
        // Entropy-coded data: every 0xFF in it is stuffed (FF 00) or a restart marker, so
        // the next other marker ends it.
        while position + 1 < bytes.count {
          if bytes[position] == 0xFF, bytes[position + 1] != 0,
            !(0xD0...0xD7).contains(bytes[position + 1])
          {
            break
          }
          position += 1
        }
      }
    }
    // Cut short: what it holds so far.
    return JPEGWork(coefficientBytes: coefficients(blocks, progressive, scans), scans: scans)
  }

  private static func coefficients(_ blocks: Int, _ progressive: Bool, _ scans: Int) -> Int {
    progressive || scans > 1 ? blocks * 64 * 2 : 0
  }

  /// The 8×8 blocks of all components of the frame header whose length field is at `at`,
  /// each component's padded to whole MCUs as libjpeg allocates them.
  private static func frameBlocks(_ bytes: [UInt8], at: Int) -> Int? {
    guard at + 7 < bytes.count else { return nil }
    let height = Int(bytes[at + 3]) << 8 | Int(bytes[at + 4])
    let width = Int(bytes[at + 5]) << 8 | Int(bytes[at + 6])
    let count = Int(bytes[at + 7])
    guard count > 0, at + 8 + 3 * count <= bytes.count else { return nil }
    let sampling = (0..<count).map { index -> (h: Int, v: Int) in
      let factors = bytes[at + 8 + 3 * index + 1]
      return (max(1, Int(factors >> 4)), max(1, Int(factors & 0xF)))
    }
    let maxH = sampling.map(\.h).max() ?? 1
    let maxV = sampling.map(\.v).max() ?? 1
    let mcuColumns = (width + 8 * maxH - 1) / (8 * maxH)
    let mcuRows = (height + 8 * maxV - 1) / (8 * maxV)
    return sampling.reduce(0) { sum, factor in
      sum + mcuColumns * factor.h * mcuRows * factor.v
    }
  }
}
