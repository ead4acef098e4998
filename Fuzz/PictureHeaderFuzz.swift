/// libFuzzer target: Cascade's own picture code on arbitrary bytes — sniffing, header reading
/// (JPEG segments, EXIF, PNG, GIF, WebP chunks), limits, orientation and scaling.
///
/// Compiled with the `Pictures` sources that import no C (see `run.sh`), so it reaches their
/// internals; the codecs are libraries of their own, fuzzed upstream. Every input must give an
/// answer that keeps the readers' promises; a trap, an overflow or a memory error is a crash
/// that libFuzzer reports.

#if canImport(Glibc)
  import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let control = Int(data[0])
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let whole = PictureHeader.read(bytes)
  check(whole, of: bytes[...])
  // A prefix either asks for more or gives the whole file's answer.
  let cut = bytes.count * control / 255
  let prefix = PictureHeader.read(bytes[..<cut])
  check(prefix, of: bytes[..<cut])
  if case .needMoreBytes = prefix {
  } else {
    require(prefix == whole, "prefix of \(cut) answered \(prefix), the whole file \(whole)")
  }
  // A slice that does not start at index 0 reads the same.
  let shifted = ([0x00] + bytes)[1...]
  require(PictureHeader.read(shifted) == whole, "a shifted slice reads differently")
  // The EXIF reader alone, on the bytes as a TIFF block and as an APP1 payload.
  let view = ByteView(bytes: bytes[...])
  for orientation in [EXIFOrientation.read(tiff: view), EXIFOrientation.read(payload: view)] {
    require((1...8).contains(orientation), "orientation \(orientation)")
  }
  _ = JPEGHeaderReader.hasAdobeMarker(view)
  if let format = PictureFormat.sniff(bytes) { _ = format.endsWhole(bytes[...]) }
  checkCodecWork(bytes, header: whole)
  checkPixels(bytes, control: control)
  return 0
}

/// What every reading promises.
private func check(_ reading: PictureHeader.Reading, of bytes: ArraySlice<UInt8>) {
  switch reading {
  case .header(let header):
    require(header.width > 0 && header.height > 0, "size \(header.width)x\(header.height)")
    require((1...8).contains(header.orientation), "orientation \(header.orientation)")
    require(PictureFormat.sniff(bytes) == header.format, "the format is not the sniffed one")
    let swapped = (header.displayWidth, header.displayHeight) == (header.height, header.width)
    require(header.orientation < 5 || swapped, "orientation 5...8 does not swap the sides")
    // The limits never trap on any size a header can claim.
    for maxPixels in [0, 1, 64_000_000, Int.max] {
      do throws(PictureError) {
        try PictureLimits(maxPixels: maxPixels).check(header, byteCount: bytes.count)
      } catch {
        require(!error.description.isEmpty, "an empty error description")
      }
    }
  case .needMoreBytes(let needed):
    require(needed > bytes.count, "asks for \(needed) bytes with \(bytes.count)")
  case .invalid(let error):
    require(!error.description.isEmpty, "an empty error description")
  }
}

/// What the decode budget reads of the codecs' own memory: never negative, never more than
/// the most the header's size allows, and PNG chunks only ever left out.
private func checkCodecWork(_ bytes: [UInt8], header reading: PictureHeader.Reading) {
  if let work = JPEGWork.read(bytes) {
    require(work.scans >= 0 && work.coefficientBytes >= 0, "negative JPEG work \(work)")
    // At most 255 components of 15×15 blocks an MCU, each block 128 bytes.
    let mcus = (65535 / 8 + 1) * (65535 / 8 + 1)
    require(work.coefficientBytes <= mcus * 225 * 255 * 128, "JPEG work \(work)")
  }
  let webp = WebPWork.read(bytes).decoderBytes
  if case .header(let header) = reading, header.format == .webp {
    require(webp >= 0 && webp <= 5 * header.width * header.height, "WebP work \(webp)")
  } else {
    require(webp == 0, "WebP work \(webp) without a WebP header")
  }
  do throws(PictureError) {
    let kept = try PNGChunks.forDecoding(bytes)
    require(kept.count <= bytes.count, "PNG chunks grew from \(bytes.count) to \(kept.count)")
    require(kept.prefix(8).elementsEqual(bytes.prefix(8)), "the PNG signature changed")
  } catch {
    require(!error.description.isEmpty, "an empty error description")
  }
}

/// A small picture made of the bytes: every orientation undone by its inverse gives it back,
/// and every scaling fits its target.
private func checkPixels(_ bytes: [UInt8], control: Int) {
  let width = 1 + control % 7
  let height = 1 + (control / 7) % 5
  guard bytes.count >= width * height * 4 else { return }
  let image = RGBAImage(width: width, height: height, pixels: Array(bytes[..<(width * height * 4)]))
  let inverse = [1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6]
  for (orientation, undo) in inverse {
    let back = image.oriented(orientation).oriented(undo)
    require(back == image, "orientation \(orientation) is not undone by \(undo)")
  }
  let target = (width: 1 + control % 3, height: 1 + control % 4)
  let scaled = image.scaled(toFit: target)
  require(scaled.width >= 1 && scaled.height >= 1, "scaled to nothing")
  require(scaled.width <= max(target.width, 1) || scaled.width == width, "too wide")
  require(scaled.height <= max(target.height, 1) || scaled.height == height, "too tall")
  require(scaled.pixels.count == scaled.width * scaled.height * 4, "pixel count")
  // Each scaled alpha lies between the smallest and largest source alphas.
  let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
  if let low = alphas.min(), let high = alphas.max() {
    for index in stride(from: 3, to: scaled.pixels.count, by: 4) {
      let alpha = scaled.pixels[index]
      require(alpha >= low && alpha <= high, "alpha \(alpha) outside \(low)...\(high)")
    }
  }
}

/// `precondition` that says why even in an optimised build, then aborts so that libFuzzer keeps
/// the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fputs("invariant broken: \(message())\n", stderr)
  abort()
}
