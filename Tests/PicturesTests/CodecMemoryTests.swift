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
}
