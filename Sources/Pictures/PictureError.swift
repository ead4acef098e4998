/// Why a picture cannot be read or decoded: an error for that picture alone.
///
/// A corrupt, truncated, lying or hostile file costs its own box, never the program, so every
/// case says what was wrong and what could be done about it.
public enum PictureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The first bytes are no picture signature Cascade knows.
  case unsupportedFormat
  /// The file or the server's answer has no bytes at all.
  case empty
  /// A picture in a format Cascade knows by name and does not decode (HEIC, AVIF, …).
  case foreignFormat(ForeignPictureFormat)
  /// The header contradicts itself or the format (what is wrong, in `detail`).
  case corrupt(PictureFormat, detail: String)
  /// The file ends before the picture does.
  case truncated(PictureFormat)
  /// A picture the format allows but Cascade does not decode (an animated WebP, a 12-bit JPEG).
  case unsupportedFeature(PictureFormat, detail: String)
  /// The header claims more pixels than `--max-pixels` allows.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The file is larger than `--max-image-bytes` allows.
  case tooManyBytes(count: Int, limit: Int)
  /// The codec library refused the data, in its own words.
  case decoder(PictureFormat, message: String)
  /// Decoding would take more memory than all decoding together may use.
  case tooMuchMemory(PictureFormat, bytes: Int, budget: Int)
  /// A JPEG with more scans than `JPEGWork.maximumScans`: each is a pass over the picture.
  case tooManyScans(count: Int, limit: Int)
  /// The codec library asked for more memory, besides the pixels, than one decode of the
  /// picture may hold (`asked` bytes in all; the allowance is reserved with the pixels).
  case codecMemory(PictureFormat, asked: Int, allowance: Int)

  public var description: String {
    switch self {
    case .unsupportedFormat:
      return "not a JPEG, PNG, GIF or WebP picture (told from its first bytes)"
    case .empty:
      return "the picture is empty: the file (or the server's answer) has no bytes"
    case .foreignFormat(let format):
      return
        "\(format.picture), which Cascade does not decode; "
        + "convert it to JPEG, PNG, GIF or WebP to see it"
    case .corrupt(let format, let detail):
      return "a corrupt \(format) picture: \(detail)"
    case .truncated(let format):
      return "a truncated \(format) picture: the file ends before the picture does"
    case .unsupportedFeature(let format, let detail):
      return "a \(format) picture Cascade cannot decode: \(detail)"
    case .tooManyPixels(let width, let height, let limit):
      return
        "the picture is \(width)×\(height), more than --max-pixels \(limit) allows; "
        + "raise --max-pixels to show it"
    case .tooManyBytes(let count, let limit):
      return
        "the picture is \(count) bytes, more than --max-image-bytes \(limit) allows; "
        + "raise --max-image-bytes to show it"
    case .decoder(let format, let message):
      return "the \(format) decoder refused the picture: \(message)"
    case .tooMuchMemory(let format, let bytes, let budget):
      return
        "decoding this \(format) picture would take \(bytes >> 20) MiB, more than the "
        + "\(budget >> 20) MiB all decoding may use at once"
    case .tooManyScans(let count, let limit):
      return
        "a JPEG picture of \(count) scans, more than \(limit): each scan is a pass over the "
        + "whole picture"
    case .codecMemory(let format, let asked, let allowance):
      return
        "decoding this \(format) picture asked for \(shownBytes(asked)), more than the "
        + "\(shownBytes(allowance)) its decoder may hold besides the pixels"
    }
  }
}

/// A byte count as it is read: MiB from one MiB up, else KiB.
private func shownBytes(_ bytes: Int) -> String {
  bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(max(1, bytes >> 10)) KiB"
}
