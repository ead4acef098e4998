import Testing

@testable import Pictures

/// What the codecs allocate beyond the pixels they write is counted in the decode budget, or
/// kept from them.
@Suite struct CodecMemoryTests {
  /// `name`'s bytes with its frame header's marker set to `marker` and its size to
  /// `width`×`height`.
  static func reframed(_ name: String, marker: UInt8, width: Int, height: Int) throws -> [UInt8] {
    var bytes = try TestPictures.bytes(name)
    var position = 2
    while position + 8 < bytes.count {
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      if JPEGHeaderReader.isFrameHeader(Int(bytes[position + 1])) {
        bytes[position + 1] = marker
        bytes[position + 5] = UInt8(height >> 8)
        bytes[position + 6] = UInt8(height & 0xFF)
        bytes[position + 7] = UInt8(width >> 8)
        bytes[position + 8] = UInt8(width & 0xFF)
        return bytes
      }
      position += 2 + length
    }
    Issue.record("\(name) has no frame header")
    return bytes
  }

  /// A few hundred bytes of progressive CMYK declaring 8000×8000: libjpeg-turbo allocated
  /// 512 MB of coefficient buffers (1.46 GB for 24 of them in `cascade print`), while the
  /// budget counted only the pixels shown.
  @Test func aProgressiveJPEGsCoefficientBuffersAreCountedAndRefusedPastTheBudget() throws {
    let bytes = try Self.reframed("jpeg-cmyk.jpg", marker: 0xC2, width: 8000, height: 8000)
    #expect(bytes.count < 1_000)
    let work = try #require(JPEGWork.read(bytes))
    #expect(work.coefficientBytes == 4 * 1000 * 1000 * 128)
    let error = #expect(throws: PictureError.self) {
      try PictureDecoder.decode(bytes, fitting: (40, 40))
    }
    guard case .tooMuchMemory(.jpeg, let held, let budget)? = error else {
      Issue.record("expected tooMuchMemory, got \(String(describing: error))")
      return
    }
    #expect(held > 512_000_000 && budget == DecodeMemory.shared.budget)
    #expect(error?.description.contains("MiB all decoding may use at once") == true)
  }

  /// Where the first scan (SOS) of `bytes` starts.
  static func firstScan(_ bytes: [UInt8]) throws -> Int {
    var position = 2
    while position + 3 < bytes.count, bytes[position + 1] != 0xDA {
      position += 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
    }
    try #require(position + 3 < bytes.count)
    return position
  }

  /// Expects `bytes` refused before decoding, for coefficient buffers of about 512 MB.
  static func expectRefusedForCoefficients(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      JPEGWork.read(bytes)?.coefficientBytes == 4 * 1000 * 1000 * 128,
      sourceLocation: sourceLocation)
    let error = #expect(throws: PictureError.self, sourceLocation: sourceLocation) {
      try PictureDecoder.decode(bytes, fitting: (40, 40))
    }
    guard case .tooMuchMemory(.jpeg, _, _)? = error else {
      Issue.record(
        "expected tooMuchMemory, got \(String(describing: error))", sourceLocation: sourceLocation)
      return
    }
  }

  /// libjpeg reads a segment's length field and goes on when it is below 2; the marker walk
  /// stopped there, and the file's coefficient buffers went uncounted. So did a file cut
  /// inside a segment after its scans, which libjpeg decodes as far as it goes.
  @Test func aBogusSegmentOrACutAfterTheFrameStillCountsTheCoefficients() throws {
    let bytes = try Self.reframed("jpeg-cmyk.jpg", marker: 0xC2, width: 8000, height: 8000)
    let scan = try Self.firstScan(bytes)
    Self.expectRefusedForCoefficients(
      Array(bytes[..<scan]) + [0xFF, 0xE5, 0x00, 0x00] + Array(bytes[scan...]))
    Self.expectRefusedForCoefficients(Array(bytes.dropLast(2)) + [0xFF, 0xE5])
  }

  /// A sequential JPEG whose first scan holds fewer components than its frame is buffered
  /// whole by libjpeg, even when no other scan follows.
  @Test func aNonInterleavedSequentialJPEGCountsTheCoefficients() throws {
    let bytes = try Self.reframed("jpeg-cmyk.jpg", marker: 0xC0, width: 8000, height: 8000)
    let scan = try Self.firstScan(bytes)
    let length = Int(bytes[scan + 2]) << 8 | Int(bytes[scan + 3])
    // One component (the first, with its tables), then the spectral selection as it was.
    let oneComponent: [UInt8] =
      [0xFF, 0xDA, 0x00, 0x08, 0x01] + bytes[(scan + 5)...(scan + 6)]
      + bytes[(scan + 2 + length - 3)..<(scan + 2 + length)]
    let single = Array(bytes[..<scan]) + oneComponent + Array(bytes[(scan + 2 + length)...])
    #expect(JPEGWork.read(single)?.scans == 1)
    Self.expectRefusedForCoefficients(single)
  }

  /// A single-scan sequential JPEG needs no coefficient buffers; a progressive one's are
  /// counted by its components' sampling.
  @Test func sequentialJPEGsHoldNoCoefficientBuffers() throws {
    let baseline = try #require(JPEGWork.read(try TestPictures.bytes("jpeg-baseline.jpg")))
    #expect(baseline == JPEGWork(coefficientBytes: 0, scans: 1))
    let progressive = try #require(JPEGWork.read(try TestPictures.bytes("jpeg-progressive.jpg")))
    #expect(progressive.scans == 10)
    #expect(progressive.coefficientBytes > 0)
    _ = try PictureDecoder.decode(try TestPictures.bytes("jpeg-progressive.jpg"))
  }

  /// Hundreds of scans, each a pass over the whole picture (480 cost 2.8 s of CPU).
  @Test func aJPEGOfTooManyScansIsRefused() throws {
    var bytes = try TestPictures.bytes("jpeg-progressive.jpg")
    let end = bytes.count - 2
    let emptyScan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x01]
    bytes.insert(contentsOf: Array([[UInt8]](repeating: emptyScan, count: 200).joined()), at: end)
    let error = #expect(throws: PictureError.self) { try PictureDecoder.decode(bytes) }
    #expect(error == .tooManyScans(count: 210, limit: JPEGWork.maximumScans))
  }

  /// PNG bytes from the signature and IHDR of `png-rgb.png`, then `chunk`, then its other
  /// chunks.
  static func withChunk(_ chunk: [UInt8]) throws -> [UInt8] {
    let bytes = try TestPictures.bytes("png-rgb.png")
    let afterHeader = 8 + 12 + 13
    return Array(bytes[..<afterHeader]) + chunk + Array(bytes[afterHeader...])
  }

  /// libpng's crashers `huge_*_chunk.png`: a chunk declaring gigabytes in a small file took a
  /// gigabyte each.
  @Test func aChunkDeclaringMoreThanTheFileHoldsIsRefusedBeforeLibpng() throws {
    let huge: [UInt8] = [0x7F, 0xFF, 0xFF, 0x00] + Array("zTXt".utf8) + [0x61, 0x00, 0x00]
    let bytes = try Self.withChunk(huge)
    let error = #expect(throws: PictureError.self) { try PictureDecoder.decode(bytes) }
    guard case .corrupt(.png, let detail)? = error else {
      Issue.record("expected a corrupt PNG, got \(String(describing: error))")
      return
    }
    #expect(detail.contains("zTXt chunk declares 2147483392 bytes"))
  }

  /// Text and profile chunks never reach libpng, which would inflate them: what it is given
  /// is the picture without them.
  @Test func textChunksAreLeftOutOfWhatLibpngReads() throws {
    let text: [UInt8] = [0, 0, 0, 4] + Array("zTXtabcd".utf8) + [0, 0, 0, 0]
    let bytes = try Self.withChunk(text)
    #expect(try PNGChunks.forDecoding(bytes) == (try TestPictures.bytes("png-rgb.png")))
    #expect(try PictureDecoder.decode(bytes).width > 0)
  }

  /// `webp-lossless.webp` with its VP8L header saying `width`×`height`.
  static func losslessWebP(width: Int, height: Int) throws -> [UInt8] {
    var bytes = try TestPictures.bytes("webp-lossless.webp")
    try #require(bytes.count > 25 && bytes[20] == 0x2F)
    let old = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
    let bits = (width - 1) | (height - 1) << 14 | old & ~0xFFF_FFFF
    for index in 0..<4 { bytes[21 + index] = UInt8(truncatingIfNeeded: bits >> (8 * index)) }
    return bytes
  }

  /// libwebp decodes lossless data whole at the stored size, whatever the box: a 4 MB lossless
  /// picture of 7900 × 7900 for a box of a few cells took 284 MB while the budget counted the
  /// shrunk pixels.
  @Test func aLosslessWebPIsCountedAtItsStoredSize() throws {
    let bytes = try Self.losslessWebP(width: 7900, height: 7900)
    let header = PictureHeader(format: .webp, width: 7900, height: 7900, orientation: 1)
    #expect(WebPWork.read(bytes) == WebPWork(decoderBytes: 7900 * 7900 * 4))
    let held = try PictureDecoder.heldBytes(header, bytes, fitting: (40, 40), within: 256 << 20)
    #expect(held == 4 * 40 * 40 * 4 + 7900 * 7900 * 4)
    // Counted at the most libwebp may hold, a WebP over the budget waits to run alone.
    #expect(
      try PictureDecoder.heldBytes(header, bytes, fitting: (40, 40), within: 100 << 20) == held)
  }

  /// An alpha plane is decoded whole, and through a lossless stream when it is compressed; a
  /// lossy picture without alpha costs nothing besides its rows; an animation is counted as
  /// if its frames were lossless with alpha.
  @Test func aWebPsAlphaAndAnimationsAreCounted() throws {
    var alpha = try TestPictures.bytes("webp-lossy-alpha.webp")
    #expect(WebPWork.read(alpha) == WebPWork(decoderBytes: 32 * 32 * 5))
    let method = try #require(alpha.indices.first { alpha[$0...].starts(with: Array("ALPH".utf8)) })
    alpha[method + 8] &= ~0x03
    #expect(WebPWork.read(alpha) == WebPWork(decoderBytes: 32 * 32))
    #expect(WebPWork.read(try TestPictures.bytes("webp-lossy.webp")) == WebPWork(decoderBytes: 0))
    #expect(
      WebPWork.read(try TestPictures.bytes("webp-animated.webp"))
        == WebPWork(decoderBytes: 8 * 8 * 5))
  }

  /// libpng allocates through an allocator held to the decode's allowance: a 16-bit RGBA
  /// picture 20,000 pixels wide needs 320 kB of row buffers, so it decodes within its own
  /// allowance and is refused, saying so, within one of 256 kB.
  @Test func libpngsAllocationsAreHeldToTheAllowance() throws {
    let bytes = try TestPictures.bytes("png-wide16.png")
    let image = try PNGDecoder.decode(bytes, limits: PictureLimits())
    #expect(image.width == 20000 && image.pixels.prefix(4).elementsEqual([156, 78, 39, 255]))
    let error = #expect(throws: PictureError.self) {
      try PNGDecoder.decode(bytes, limits: PictureLimits(), allowance: 256 << 10)
    }
    guard case .codecMemory(.png, let asked, let allowance)? = error else {
      Issue.record("expected codecMemory, got \(String(describing: error))")
      return
    }
    #expect(asked > allowance && allowance == 256 << 10)
    #expect(error?.description.contains("more than the 256 KiB its decoder may hold") == true)
    // The allowance is reserved with the pixels.
    let header = PictureHeader(format: .png, width: 20000, height: 1, orientation: 1)
    #expect(
      try PictureDecoder.heldBytes(header, bytes, fitting: nil, within: 256 << 20)
        == 20000 * 4 + PNGDecoder.allowance(width: 20000))
  }
}
