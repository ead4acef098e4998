import TestSupport
import Testing

@testable import Pictures

@Suite struct PictureErrorTests {
  typealias P = TestPictures

  @Test(arguments: [
    "jpeg-truncated.jpg", "png-truncated.png", "gif-truncated.gif",
    "webp-truncated.webp",
  ])
  func truncatedFilesAreTruncated(name: String) throws {
    let format = try #require(PictureFormat.sniff(try P.bytes(name)))
    #expect(throws: PictureError.truncated(format)) { try P.decode(name) }
  }

  /// Every scan there and only the end marker (FF D9) missing, as some cameras and scripts
  /// write them: the whole picture, not "no picture". A file cut inside its data is still
  /// truncated (`truncatedFilesAreTruncated`).
  @Test(arguments: ["jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-cmyk.jpg"])
  func aJPEGWithoutItsEndMarkerIsWhole(name: String) throws {
    let bytes = try P.bytes(name)
    #expect(bytes.suffix(2).elementsEqual([0xFF, 0xD9]))
    let whole = try PictureDecoder.decode(bytes)
    let unended = try PictureDecoder.decode(Array(bytes.dropLast(2)))
    #expect(unended.width == whole.width && unended.height == whole.height)
    #expect(unended.pixels == whole.pixels)
  }

  @Test(arguments: [
    "jpeg-corrupt.jpg", "png-corrupt.png", "gif-corrupt.gif",
    "webp-corrupt.webp",
  ])
  func corruptFilesAreErrorsNotPictures(name: String) throws {
    let error = #expect(throws: PictureError.self) { try P.decode(name) }
    let description = try #require(error).description
    #expect(!description.isEmpty)
    #expect(error != .unsupportedFormat)
  }

  /// Every prefix of every small good picture: the whole picture's size, or `truncated` (or,
  /// should the cut happen to end like a whole file, another error; or, shorter than the
  /// signature, not a picture) — never a crash.
  @Test func everyPrefixIsThePictureOrTruncated() throws {
    var checked = 0
    for name in P.allNames {
      let bytes = try P.bytes(name)
      guard bytes.count <= 2048, let whole = try? PictureDecoder.decode(bytes),
        let format = PictureFormat.sniff(bytes)
      else { continue }
      for length in stride(from: 0, to: bytes.count, by: 3) {
        let prefix = Array(bytes[..<length])
        do {
          let image = try PictureDecoder.decode(prefix)
          #expect((image.width, image.height) == (whole.width, whole.height), "\(name) \(length)")
        } catch .unsupportedFormat {
          // Too short to tell the format by.
          #expect(length < format.signatureLength, "\(name) at \(length)")
        } catch .empty {
          #expect(length == 0)
        } catch .truncated(let truncated) {
          #expect(truncated == format, "\(name) at \(length)")
        } catch {
          #expect(format.endsWhole(prefix[...]), "\(name) at \(length): \(error)")
        }
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  @Test func hugeClaimIsRefusedByThePixelLimit() throws {
    #expect(
      throws: PictureError.tooManyPixels(width: 100_000, height: 100_000, limit: 64_000_000)
    ) { try P.decode("png-huge-claim.png") }
    let error = PictureError.tooManyPixels(width: 100_000, height: 100_000, limit: 64_000_000)
    #expect(error.description.contains("--max-pixels"))
  }

  @Test func limitsAreCheckedBeforeDecoding() throws {
    let small = PictureLimits(maxPixels: 1000, maxBytes: 1 << 20)
    #expect(throws: PictureError.tooManyPixels(width: 1024, height: 768, limit: 1000)) {
      try P.decode("jpeg-large.jpg", limits: small)
    }
    let bytes = try P.bytes("jpeg-large.jpg")
    let few = PictureLimits(maxPixels: 64_000_000, maxBytes: 100)
    #expect(throws: PictureError.tooManyBytes(count: bytes.count, limit: 100)) {
      try PictureDecoder.decode(bytes, limits: few)
    }
    #expect(PictureError.tooManyBytes(count: 1, limit: 0).description.contains("--max-image-bytes"))
  }

  @Test func notAPictureIsAnUnsupportedFormat() {
    let text = Array("<html>not a picture</html>".utf8)
    #expect(throws: PictureError.unsupportedFormat) { try PictureDecoder.decode(text) }
    #expect(PictureError.unsupportedFormat.description.contains("not a JPEG, PNG, GIF or WebP"))
  }

  /// The formats Cascade knows by name and does not decode are named in the box, with what to
  /// do; files that only look alike (an MP4's ftyp, text starting "BM") are not pictures.
  @Test func foreignPicturesAreNamed() {
    func file(_ head: [UInt8]) -> [UInt8] { head + [UInt8](repeating: 0x11, count: 500) }
    let ftyp: [UInt8] = [0, 0, 0, 0x18] + Array("ftyp".utf8)
    let cases: [([UInt8], ForeignPictureFormat)] = [
      (ftyp + Array("heic".utf8), .heif), (ftyp + Array("mif1".utf8), .heif),
      (ftyp + Array("avif".utf8), .avif), ([0xFF, 0x0A, 0xFA, 0x7F], .jpegXL),
      ([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], .jpegXL),
      (Array("BM".utf8) + [0x36, 0x10, 0x0E, 0, 0, 0, 0, 0, 0x36, 0], .bmp),
      (Array("II*".utf8) + [0], .tiff), (Array("MM".utf8) + [0, 0x2A], .tiff),
    ]
    for (head, format) in cases {
      #expect(ForeignPictureFormat.sniff(file(head)) == format, "\(head)")
      #expect(throws: PictureError.foreignFormat(format)) { try PictureDecoder.decode(file(head)) }
    }
    #expect(
      PictureError.foreignFormat(.heif).description
        == "a HEIC/HEIF picture, which Cascade does not decode; convert it to JPEG, PNG, GIF or "
        + "WebP to see it")
    #expect(PictureError.foreignFormat(.avif).description.hasPrefix("an AVIF picture, "))
    let lookalikes: [[UInt8]] = [
      ftyp + Array("isom".utf8), ftyp + Array("mp42".utf8), Array("BMW notes, 2024".utf8),
      Array("II".utf8), [0xFF, 0x0A],
    ]
    for head in lookalikes {
      #expect(ForeignPictureFormat.sniff(head.count > 4 ? file(head) : head) == nil, "\(head)")
    }
    #expect(throws: PictureError.unsupportedFormat) {
      try PictureDecoder.decode(file(ftyp + Array("isom".utf8)))
    }
  }

  /// A prefix of a file is told what the whole file is, or asked for more: the first 4 bytes of
  /// a BMP answered "not a picture" where the whole answered "a BMP picture" (found by the
  /// pictures fuzz target).
  @Test func aPrefixOfAForeignPictureWaitsForTheBytesThatDecide() {
    let ftyp: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8)
    let files: [[UInt8]] = [
      Array("BMMMM".utf8) + [0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0x1F, 0x60, 0x82],
      ftyp + [UInt8](repeating: 7, count: 20),
      [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 1, 2, 3],
    ]
    for file in files {
      let whole = PictureHeader.read(file[...])
      for count in 0..<file.count {
        let reading = PictureHeader.read(file.prefix(count))
        if case .needMoreBytes = reading { continue }
        #expect("\(reading)" == "\(whole)", "\(count) bytes of \(file)")
      }
    }
  }

  /// Random bytes, and random bytes behind each format's signature, are errors, never crashes.
  @Test func randomBytesAreErrors() {
    var generator = SplitMix64(seed: 16)
    let signatures: [[UInt8]] = [
      [], [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      Array("GIF89a".utf8), Array("RIFF\u{0}\u{1}\u{0}\u{0}WEBPVP8L".utf8),
    ]
    for round in 0..<200 {
      let signature = signatures[round % signatures.count]
      let count = Int(generator.next() % 400)
      let bytes = signature + (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let limits = PictureLimits(maxPixels: 1 << 20)
      #expect(throws: PictureError.self, "round \(round), seed 16") {
        try PictureDecoder.decode(bytes, limits: limits)
      }
    }
  }
}

extension PictureErrorTests {
  /// An empty file said "not a JPEG, PNG…", as if it held something else.
  @Test func anEmptyFileIsEmpty() throws {
    #expect(throws: PictureError.empty) { try PictureDecoder.decode([]) }
    #expect(PictureError.empty.description.contains("empty"))
  }

  /// A JPEG cut inside its data showed nothing: the part that decoded is the picture now, at
  /// its whole size, the rows that came as in the whole file.
  @Test func aJPEGCutInsideItsDataShowsThePartThatDecoded() throws {
    let bytes = try P.bytes("jpeg-large.jpg")
    let whole = try PictureDecoder.decode(bytes)
    let cut = Array(bytes.prefix(bytes.count * 2 / 3))
    let part = try PictureDecoder.decode(cut)
    #expect((part.width, part.height) == (whole.width, whole.height))
    // The first rows decoded as in the whole file.
    let firstRows = whole.width * 4 * 8
    #expect(part.pixels.prefix(firstRows) == whole.pixels.prefix(firstRows))
    // Cut before any scan, nothing decoded: still truncated.
    let scanStart = try #require(JPEGDecoder.scanStart(bytes))
    #expect(throws: PictureError.truncated(.jpeg)) {
      try PictureDecoder.decode(Array(bytes.prefix(scanStart)))
    }
  }
}
