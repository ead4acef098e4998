import Pictures
import TestSupport
import Testing

@Suite struct PictureHeaderTests {
  typealias P = TestPictures

  /// Every readable fixture's stored size and orientation, as the script made them.
  static let sizes: [String: (PictureFormat, Int, Int, Int)] = [
    "gif-animated.gif": (.gif, 8, 8, 1), "gif-basic.gif": (.gif, 8, 8, 1),
    "gif-frame-offset.gif": (.gif, 10, 8, 1), "gif-interlaced.gif": (.gif, 3, 20, 1),
    "gif-no-colormap.gif": (.gif, 4, 4, 1), "gif-transparent.gif": (.gif, 8, 8, 1),
    "gif-corrupt.gif": (.gif, 8, 8, 1), "gif-truncated.gif": (.gif, 8, 8, 1),
    "jpeg-baseline.jpg": (.jpeg, 32, 32, 1), "jpeg-big-exif.jpg": (.jpeg, 16, 8, 6),
    "jpeg-cmyk.jpg": (.jpeg, 32, 32, 1), "jpeg-cmyk-plain.jpg": (.jpeg, 32, 32, 1),
    "jpeg-grey.jpg": (.jpeg, 32, 32, 1),
    "jpeg-large.jpg": (.jpeg, 1024, 768, 1), "jpeg-progressive.jpg": (.jpeg, 32, 32, 1),
    "jpeg-corrupt.jpg": (.jpeg, 32, 32, 1), "jpeg-truncated.jpg": (.jpeg, 32, 32, 1),
    "png-10000x1.png": (.png, 10000, 1, 1), "png-1x1.png": (.png, 1, 1, 1),
    "png-grey-alpha.png": (.png, 8, 8, 1), "png-grey.png": (.png, 8, 8, 1),
    "png-huge-claim.png": (.png, 100_000, 100_000, 1), "png-interlaced.png": (.png, 13, 11, 1),
    "png-palette-trns.png": (.png, 8, 8, 1), "png-palette.png": (.png, 8, 8, 1),
    "png-rgb.png": (.png, 8, 8, 1), "png-rgb16.png": (.png, 9, 7, 1),
    "png-rgba.png": (.png, 8, 8, 1), "png-corrupt.png": (.png, 32, 32, 1),
    "png-truncated.png": (.png, 32, 32, 1), "png-wide16.png": (.png, 20000, 1, 1),
    "webp-alpha.webp": (.webp, 8, 8, 1), "webp-animated.webp": (.webp, 8, 8, 1),
    "webp-lossless.webp": (.webp, 13, 11, 1),
    "webp-lossy-alpha.webp": (.webp, 32, 32, 1), "webp-lossy.webp": (.webp, 32, 32, 1),
    "webp-orientation-6.webp": (.webp, 32, 16, 6), "webp-truncated.webp": (.webp, 32, 32, 1),
  ]

  @Test func everyFixtureIsListed() {
    let listed = Set(Self.sizes.keys).union((1...8).map { "jpeg-orientation-\($0).jpg" })
      .union(["webp-corrupt.webp"])
    #expect(Set(P.allNames) == listed)
  }

  @Test func headersGiveEachFixturesTrueSize() throws {
    for (name, (format, width, height, orientation)) in Self.sizes {
      let reading = PictureHeader.read(try P.bytes(name))
      let expected = PictureHeader(
        format: format, width: width, height: height, orientation: orientation)
      #expect(reading == .header(expected), "\(name)")
    }
  }

  @Test(arguments: 1...8)
  func jpegOrientationSwapsTheDisplaySize(orientation: Int) throws {
    let reading = PictureHeader.read(try P.bytes("jpeg-orientation-\(orientation).jpg"))
    guard case .header(let header) = reading else {
      Issue.record("no header: \(reading)")
      return
    }
    #expect(header.orientation == orientation)
    #expect((header.width, header.height) == (32, 16))
    let display = orientation >= 5 ? (16, 32) : (32, 16)
    #expect((header.displayWidth, header.displayHeight) == display)
  }

  @Test func sniffingReadsOnlyTheSignature() throws {
    for name in P.allNames {
      let bytes = try P.bytes(name)
      let format = PictureFormat.sniff(bytes)
      #expect(format?.rawValue == Self.formatName(name), "\(name)")
    }
    #expect(PictureFormat.sniff(Array("GIF88a".utf8)) == nil)
    #expect(PictureFormat.sniff([0xFF, 0xD8]) == nil)
    #expect(PictureFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
  }

  /// Every prefix of every small fixture: `needMoreBytes` (asking for more than it has) until
  /// the header is complete, then the whole file's answer — never a crash or another answer.
  @Test func everyPrefixAsksForMoreUntilTheHeaderIsThere() throws {
    for name in P.allNames {
      let bytes = try P.bytes(name)
      let whole = PictureHeader.read(bytes)
      var answered = false
      for length in 0...min(bytes.count, 4096) {
        let reading = PictureHeader.read(bytes[..<length])
        switch reading {
        case .needMoreBytes(let needed):
          #expect(!answered, "\(name): asks again at \(length) after answering")
          #expect(
            needed > length && needed <= max(bytes.count, 24), "\(name) at \(length): \(needed)")
        case .header, .invalid:
          if !answered { #expect(reading == whole, "\(name) at \(length): \(reading)") }
          answered = true
        }
        if answered { #expect(reading == whole, "\(name) at \(length)") }
      }
    }
  }

  /// A frame header 75 kB in: a 64 KiB probe asks for more — past both large segments at
  /// once — and a second read a little beyond that finds the header.
  @Test func bigExifNeedsMoreBytesThenReadsTheHeader() throws {
    let bytes = try P.bytes("jpeg-big-exif.jpg")
    guard case .needMoreBytes(let needed) = PictureHeader.read(bytes[..<65536]) else {
      Issue.record("a 64 KiB prefix answered")
      return
    }
    #expect(needed > 75_000 && needed < bytes.count)
    let length = needed + 256
    #expect(length < bytes.count)
    #expect(
      PictureHeader.read(bytes[..<length])
        == .header(PictureHeader(format: .jpeg, width: 16, height: 8, orientation: 6)))
  }

  @Test func headerReadingWorksOnASliceNotStartingAtZero() throws {
    let bytes = try P.bytes("png-rgb16.png")
    let padded = [0, 1, 2] + bytes
    #expect(
      PictureHeader.read(padded[3...]) == .header(PictureHeader(format: .png, width: 9, height: 7)))
  }

  @Test func randomBytesNeverCrashTheReader() {
    var generator = SplitMix64(seed: 17)
    let signatures: [[UInt8]] = [
      [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF87a".utf8),
      Array("RIFF\u{0}\u{1}\u{0}\u{0}WEBPVP8X".utf8),
    ]
    for round in 0..<2000 {
      let count = Int(generator.next() % 200)
      let tail = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let bytes = signatures[round % signatures.count] + tail
      if case .needMoreBytes(let needed) = PictureHeader.read(bytes) {
        #expect(needed > bytes.count, "round \(round), seed 17")
      }
    }
  }

  static func formatName(_ file: String) -> String {
    String(file.prefix { $0 != "-" })
  }
}
