import FeedModel
import Pictures

/// A picture's size read from its first bytes, for a folder's files and for feeds that give
/// no sizes: the header is read from a prefix, and a second, longer prefix is asked for only
/// when the header is further in (a JPEG with a large EXIF block or embedded thumbnail).
package enum PictureSize {
  /// The first read: every PNG, GIF and WebP header, and nearly every JPEG's, is within it.
  package static let firstRead = 64 << 10
  /// The most a second read asks for; a header further in than this is not worth finding.
  package static let maxRead = 4 << 20
  /// Read past what the header reader asks for, so the second read is the last.
  package static let slack = 16 << 10

  /// What reading gave: the display size (EXIF orientation applied), or why there is none.
  package enum Outcome: Equatable, Sendable {
    case size(width: Double, height: Double)
    case unreadable(String)
  }

  /// What to do after a read of `asked` bytes gave `bytes`: answer, or read `n` bytes.
  package enum Step: Equatable {
    case done(Outcome)
    case read(Int)
  }

  package static func step(_ bytes: [UInt8], asked: Int) -> Step {
    switch PictureHeader.read(bytes) {
    case .header(let header):
      return .done(
        .size(width: Double(header.displayWidth), height: Double(header.displayHeight)))
    case .invalid(let error):
      return .done(.unreadable(error.description))
    case .needMoreBytes(let needed):
      guard bytes.count >= asked, needed > bytes.count else {
        return .done(.unreadable("the picture ends before its header"))
      }
      let next = needed + slack
      guard next <= maxRead, next > asked else {
        return .done(.unreadable("its header is more than \(ByteCountText(maxRead)) in"))
      }
      return .read(next)
    }
  }

  /// The size read from the first bytes of a picture fetched whole, as they arrive: nil while
  /// its header needs more of them; `ended`: no more will come.
  package static func arriving(_ bytes: [UInt8], ended: Bool) -> Outcome? {
    switch PictureHeader.read(bytes) {
    case .header(let header):
      return .size(width: Double(header.displayWidth), height: Double(header.displayHeight))
    case .invalid(let error):
      return .unreadable(error.description)
    case .needMoreBytes(let needed):
      if needed > maxRead {
        return .unreadable("its header is more than \(ByteCountText(maxRead)) in")
      }
      return ended ? .unreadable("the picture ends before its header") : nil
    }
  }

  /// Reads the size through `prefix(n)`, which gives the first `n` bytes (fewer at the end of
  /// the picture): a ranged request, or a file's start.
  package static func read<E: Error>(_ prefix: (Int) async throws(E) -> [UInt8]) async throws(E)
    -> Outcome
  {
    var asked = firstRead
    while true {
      switch step(try await prefix(asked), asked: asked) {
      case .done(let outcome): return outcome
      case .read(let count): asked = count
      }
    }
  }

  /// `read` through a synchronous reader (a local file).
  package static func read<E: Error>(_ prefix: (Int) throws(E) -> [UInt8]) throws(E) -> Outcome {
    var asked = firstRead
    while true {
      switch step(try prefix(asked), asked: asked) {
      case .done(let outcome): return outcome
      case .read(let count): asked = count
      }
    }
  }

  /// Whether `bytes` start like one of the pictures Cascade reads.
  package static func isPicture(_ bytes: [UInt8]) -> Bool { PictureFormat.sniff(bytes) != nil }

  /// Why `bytes`, a file's first 12 or more, are a picture Cascade does not decode (a HEIC, an
  /// AVIF, a camera's raw file); nil for any other file.
  package static func foreignPicture(_ bytes: [UInt8]) -> String? {
    ForeignPictureFormat.sniff(bytes).map { PictureError.foreignFormat($0).description }
  }
}
