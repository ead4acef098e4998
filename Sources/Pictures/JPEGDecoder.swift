import CPictureCodecs

/// JPEG through TurboJPEG's `tj*` API, which reports errors by return value.
enum JPEGDecoder {
  static func decode(
    _ bytes: [UInt8], covering cover: (width: Int, height: Int)?, limits: PictureLimits
  ) throws(PictureError) -> RGBAImage {
    guard let handle = tjInitDecompress() else {
      throw .decoder(.jpeg, message: "TurboJPEG could not start a decompressor")
    }
    defer { tjDestroy(handle) }
    return try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> RGBAImage in
      guard let base = source.baseAddress else { throw .truncated(.jpeg) }
      let size = UInt(source.count)
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0
      else { throw error(handle) }
      try limits.check(
        PictureHeader(format: .jpeg, width: Int(width), height: Int(height)),
        byteCount: bytes.count)
      let scaled = scaledSize(width: Int(width), height: Int(height), covering: cover)
      let cmyk =
        colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
      let format = cmyk ? TJPF_CMYK : TJPF_RGBA
      var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * 4)
      // A progressive JPEG can hold thousands of tiny scans, each a pass over the whole
      // picture: TurboJPEG refuses more than 500, so a small file cannot cost minutes. A picture
      // decoded for a few terminal cells is shrunk again afterwards, so the fast (slightly less
      // exact) IDCT and chroma upsampling cost nothing that can be seen there.
      let fast = cover == nil ? 0 : TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE
      func decompress(_ base: UnsafePointer<UInt8>, _ size: UInt) -> Int32 {
        pixels.withUnsafeMutableBufferPointer { target in
          tjDecompress2(
            handle, base, size, target.baseAddress, Int32(scaled.width), 0,
            Int32(scaled.height), format.rawValue, TJFLAG_LIMITSCANS | fast)
        }
      }
      if decompress(base, size) != 0 {
        // A warning still leaves a whole picture, except when the data ran out.
        let message = String(cString: tjGetErrorStr2(handle))
        guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
          throw .decoder(.jpeg, message: message)
        }
        if message.contains("Premature end") {
          // Every scan there and only the end marker missing (some cameras and scripts write
          // none): with the marker added, the picture decodes without a word.
          guard !bytes.suffix(2).elementsEqual([0xFF, 0xD9]) else { throw .truncated(.jpeg) }
          let ended = bytes + [0xFF, 0xD9]
          let status = ended.withUnsafeBufferPointer { ended in
            ended.baseAddress.map { decompress($0, UInt(ended.count)) } ?? -1
          }
          // A file cut inside its scans still only warns: the part that decoded is there, the
          // rest grey, as a web browser shows a picture that stopped loading. Cut before any
          // scan began, nothing decoded, and it stays truncated.
          if status != 0 {
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), Self.hasScan(bytes)
            else { throw .truncated(.jpeg) }
          }
        }
      }
      if cmyk {
        let inverted = JPEGHeaderReader.hasAdobeMarker(ByteView(bytes: bytes[...]))
        convertCMYK(&pixels, inverted: inverted)
      }
      return RGBAImage(width: scaled.width, height: scaled.height, pixels: pixels)
    }
  }

  /// Whether a scan (SOS, FF DA) begins in `bytes` with data after its header: some of the
  /// picture's pixels are there.
  static func hasScan(_ bytes: [UInt8]) -> Bool {
    scanStart(bytes).map { $0 < bytes.count } ?? false
  }

  /// Where the first scan's data begins (after the SOS header), nil when no scan header is
  /// whole in `bytes`.
  static func scanStart(_ bytes: [UInt8]) -> Int? {
    var at = 2
    while at + 3 < bytes.count {
      guard bytes[at] == 0xFF else { return nil }
      let marker = bytes[at + 1]
      if marker == 0xFF {
        at += 1
        continue
      }
      let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      if marker == 0xDA { return at + 2 + length <= bytes.count ? at + 2 + length : nil }
      at += 2 + length
    }
    return nil
  }

  /// The smallest size TurboJPEG can decode `width`×`height` at (at most 1:1) that is still
  /// at least `cover` on both sides; the full size without `cover`.
  static func scaledSize(
    width: Int, height: Int, covering cover: (width: Int, height: Int)?
  ) -> (width: Int, height: Int) {
    guard let cover else { return (width, height) }
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
    var best = (width: width, height: height)
    for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
      let (num, denom) = (Int(factor.num), Int(factor.denom))
      guard num > 0, denom > 0, num <= denom else { continue }
      // TJSCALED: the scaled side, rounded up.
      let side = { (dimension: Int) in (dimension * num + denom - 1) / denom }
      let candidate = (width: side(width), height: side(height))
      if candidate.width >= cover.width, candidate.height >= cover.height,
        candidate.width * candidate.height < best.width * best.height
      {
        best = candidate
      }
    }
    return best
  }

  /// CMYK (or YCCK, which TurboJPEG turns into CMYK) to RGBA in place. Adobe's writers, which
  /// mark their files with an APP14 `Adobe` segment, store the inks inverted (0 is full ink);
  /// other writers store them as they are.
  static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var at = 0
      while at + 3 < buffer.count {
        var (c, m, y, k) = (
          Int(buffer[at]), Int(buffer[at + 1]), Int(buffer[at + 2]), Int(buffer[at + 3])
        )
        if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
        // Now 255 means no ink: red = (1 − cyan)(1 − black).
        buffer[at] = UInt8((c * k + 127) / 255)
        buffer[at + 1] = UInt8((m * k + 127) / 255)
        buffer[at + 2] = UInt8((y * k + 127) / 255)
        buffer[at + 3] = 255
        at += 4
      }
    }
  }

  private static func error(_ handle: tjhandle) -> PictureError {
    let message = String(cString: tjGetErrorStr2(handle))
    return .decoder(.jpeg, message: message)
  }
}
