/// What one picture may cost, checked before any pixel memory is allocated.
///
/// The pixel limit is checked against the size the header claims, so a 100 kB file that says it
/// is 100,000×100,000 is refused at once instead of asking for 40 GB.
public struct PictureLimits: Sendable, Equatable {
  /// Most pixels (width × height, as stored) a picture may have: `--max-pixels`.
  public var maxPixels: Int
  /// Most bytes a picture's file may have: `--max-image-bytes`.
  public var maxBytes: Int

  public init(maxPixels: Int = 64_000_000, maxBytes: Int = 32 << 20) {
    self.maxPixels = maxPixels
    self.maxBytes = maxBytes
  }

  /// Throws when `header` or the file's `byteCount` is above a limit.
  func check(_ header: PictureHeader, byteCount: Int) throws(PictureError) {
    try check(byteCount: byteCount)
    // Whatever the limit, the RGBA buffer's byte count must be a number.
    let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    let (_, bytesOverflow) = pixels.multipliedReportingOverflow(by: 4)
    if overflow || bytesOverflow || pixels > maxPixels {
      throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
    }
  }

  /// Throws when the file's `byteCount` is above `maxBytes`.
  func check(byteCount: Int) throws(PictureError) {
    if byteCount > maxBytes { throw .tooManyBytes(count: byteCount, limit: maxBytes) }
  }
}
