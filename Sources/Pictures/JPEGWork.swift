/// What libjpeg-turbo will allocate and do for a JPEG beyond the pixels it writes, read from
/// the file's markers before it is decoded.
///
/// A progressive JPEG, or a sequential one in more than one scan (whose first scan leaves out a
/// component), is decoded through coefficient buffers for the whole picture, at its stored size whatever the DCT scale: 64 two-byte coefficients
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

  /// The work `bytes` asks for, walking their markers as libjpeg does; nil when they hold no
  /// frame header (the decoder then says what is wrong).
  ///
  /// A segment whose length field is below 2 is stepped over as libjpeg steps over it (it
  /// reads the field and goes on), and a file cut inside a segment counts what came before:
  /// stopping the walk there would count no coefficient buffers for a file libjpeg still
  /// decodes through them.
  static func read(_ bytes: [UInt8]) -> JPEGWork? {
    var position = 2
    var progressive = false
    var frame: (blocks: Int, components: Int)?
    var firstScanComponents: Int?
    var scans = 0
    func be16(_ at: Int) -> Int? {
      at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }
    walk: while position + 1 < bytes.count {
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
        break walk
      default:
        break
      }
      guard let length = be16(position) else { break }
      if JPEGHeaderReader.isFrameHeader(marker) {
        progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        guard let read = frameBlocks(bytes, at: position) else { return nil }
        frame = read
      }
      if marker == 0xDA {
        scans += 1
        if firstScanComponents == nil, position + 2 < bytes.count {
          firstScanComponents = Int(bytes[position + 2])
        }
      }
      position += max(2, length)
      if marker == 0xDA {
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
    guard let frame else { return nil }
    // libjpeg buffers the whole picture's coefficients for a progressive frame, and for a
    // sequential one whose first scan leaves out a component (a non-interleaved file),
    // whether or not the other scans follow.
    let buffered =
      progressive || scans > 1 || (firstScanComponents.map { $0 < frame.components } ?? false)
    return JPEGWork(coefficientBytes: buffered ? frame.blocks * 64 * 2 : 0, scans: scans)
  }

  /// The 8×8 blocks of all components of the frame header whose length field is at `at`,
  /// each component's padded to whole MCUs as libjpeg allocates them, and the components.
  private static func frameBlocks(_ bytes: [UInt8], at: Int) -> (blocks: Int, components: Int)? {
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
    let blocks = sampling.reduce(0) { sum, factor in
      sum + mcuColumns * factor.h * mcuRows * factor.v
    }
    return (blocks, count)
  }
}
