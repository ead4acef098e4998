import CPictureCodecs
import Pictures

/// Decoding a large photo for a small box: `PictureDecoder` (DCT-scaled decode, orientation,
/// area-average shrink) against a full-size TurboJPEG decode of the same file, side by side.
///
/// A 4000×3000 JPEG for a 320×160-pixel box (a 40×20-cell box at chafa's 8×8 pixels per
/// cell): TurboJPEG decodes it at 1/8, and the whole pipeline should cost at most 1.15× that
/// decode alone. The ratio to a full decode is reported: a 1/8 decode still reads every
/// coefficient, which put ≤ 0.3× below the codec's own floor.
enum PictureWorkload {
  static func measure(quick: Bool, into report: inout Report) {
    let (width, height) = (4000, 3000)
    guard let jpeg = photo(width: width, height: height) else {
      print("pictures: TurboJPEG could not encode the test photo; skipped")
      return
    }
    let runs = quick ? 3 : 9
    let pipeline = {
      let image = try? PictureDecoder.decode(jpeg, fitting: (320, 160))
      Sink.take(image.map { Int($0.pixels[$0.pixels.count / 2]) } ?? -1)
    }
    let full = Stopwatch.pairedMedians(
      runs: runs, baseline: { Sink.take(decode(jpeg, width: width, height: height)) },
      work: pipeline)
    report.add(
      Figure(
        "picture 4000×3000 JPEG → 320×160 box", "decode + scale", full.work * 1000, unit: "ms",
        baseline: ("full TurboJPEG decode ms", full.baseline * 1000), target: "report it"))
    // The floor: TurboJPEG at 1/8 alone still Huffman-decodes the whole file; the pipeline's
    // own work (header, limits, orientation, area average) is what this ratio shows above 1.
    let eighth = Stopwatch.pairedMedians(
      runs: runs, baseline: { Sink.take(decode(jpeg, width: width / 8, height: height / 8)) },
      work: pipeline)
    report.add(
      Figure(
        "picture 4000×3000 JPEG → 320×160 box", "vs codec at 1/8", eighth.work * 1000,
        unit: "ms", baseline: ("TurboJPEG 1/8 decode ms", eighth.baseline * 1000),
        target: "≤ 1.15×"))
    let tenths = jpeg.count * 80 / (width * height)
    print("pictures: the JPEG is \(jpeg.count) bytes, \(tenths / 10).\(tenths % 10) bits per pixel")
  }

  /// A photo-like 4000×3000 JPEG (smooth gradients with fine texture, 4:2:0, quality 85),
  /// encoded here so the benchmark needs no file.
  static func photo(width: Int, height: Int) -> [UInt8]? {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let at = (y * width + x) * 3
        let texture = (x &* 7 &+ y &* 13) & 15
        rgb[at] = UInt8(truncatingIfNeeded: x * 255 / width + texture)
        rgb[at + 1] = UInt8(truncatingIfNeeded: y * 255 / height + texture)
        rgb[at + 2] = UInt8(truncatingIfNeeded: ((x + y) / 16) & 0xFF)
      }
    }
    guard let handle = tjInitCompress() else { return nil }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    defer { tjFree(buffer) }
    let status = rgb.withUnsafeBufferPointer {
      tjCompress2(
        handle, $0.baseAddress, Int32(width), 0, Int32(height), TJPF_RGB.rawValue, &buffer, &size,
        Int32(TJSAMP_420.rawValue), 85, 0)
    }
    guard status == 0, let buffer else { return nil }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
  }

  /// A baseline: the picture decoded by TurboJPEG alone into RGBA at `width`×`height` (its
  /// full size, or a size one of its scaling factors gives).
  static func decode(_ jpeg: [UInt8], width: Int, height: Int) -> Int {
    guard let handle = tjInitDecompress() else { return -1 }
    defer { tjDestroy(handle) }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = jpeg.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer {
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), $0.baseAddress, Int32(width), 0,
          Int32(height), TJPF_RGBA.rawValue, 0)
      }
    }
    return status == 0 ? Int(pixels[pixels.count / 2]) : -1
  }
}
