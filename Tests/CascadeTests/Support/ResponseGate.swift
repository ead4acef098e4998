import Foundation
import Locking
import Pictures
import TestSupport
import Testing

/// Holds a loopback server's answers (a route's handler waits in `pass`) until the test has seen
/// what the browser shows before they arrive, so that no timing decides what the first screens
/// show.
final class ResponseGate: Sendable {
  private let isOpen = Locked(false)

  func open() { isOpen.withLock { $0 = true } }

  /// Blocks the calling server thread until the gate opens, or `limit` seconds.
  func pass(limit: Double) {
    let deadline = Date().addingTimeInterval(limit)
    while !isOpen.withLock({ $0 }), Date() < deadline { usleep(10_000) }
  }

  /// Serves `widePicture()` at `/p/N.png` of `server` for each N of `numbers`, with ranges,
  /// each answer held until the gate opens and then `latency` seconds more, as a slow network.
  func servePictures(_ numbers: ClosedRange<Int>, on server: TestHTTPServer, latency: Double = 0)
    throws
  {
    let png = try Self.widePicture()
    for i in numbers {
      server.route("/p/\(i).png") { [self] request in
        pass(limit: 120)
        usleep(useconds_t(latency * 1_000_000))
        return .ranged(png, for: request)
      }
    }
  }

  /// A 2:1 PNG, a gradient with blue at half, made by the project's own encoder: a picture
  /// the browser decodes and draws, whose colours are never a placeholder's dark red.
  static func widePicture() throws -> [UInt8] {
    let (width, height) = (64, 32)
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x * 4), UInt8(y * 8), 128, 255] }
    }
    return try #require(PNGEncoder.encode(RGBAImage(width: width, height: height, pixels: pixels)))
  }
}
