import Pictures
import Testing

/// Animated GIFs and WebPs frame by frame: composed as browsers compose them, with their
/// delays and loop counts, bounded in frames.
@Suite struct AnimationDecoderTests {
  /// A GIF of `screen` size with a global palette of `colors`: each frame a graphic control
  /// (disposal, delay in hundredths) and a rectangle of one colour index.
  static func gif(
    screen: (Int, Int), colors: [(UInt8, UInt8, UInt8)], loops: Int? = nil,
    frames: [(
      left: Int, top: Int, width: Int, height: Int, index: UInt8, delay: Int,
      disposal: Int
    )]
  ) -> [UInt8] {
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    var out = Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0xF7, 0, 0]
    for i in 0..<256 {
      let color = i < colors.count ? colors[i] : (0, 0, 0)
      out += [color.0, color.1, color.2]
    }
    if let loops {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loops) + [0]
    }
    for frame in frames {
      out += [0x21, 0xF9, 4, UInt8(frame.disposal << 2)] + le16(frame.delay) + [0, 0]
      out +=
        [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width)
        + le16(frame.height) + [0]
      // 9-bit codes, a clear code every 254 pixels: the table never grows a 10th bit.
      var codes: [Int] = []
      for at in 0..<(frame.width * frame.height) {
        if at % 254 == 0 { codes.append(256) }
        codes.append(Int(frame.index))
      }
      codes.append(257)
      var data: [UInt8] = []
      var (bits, count) = (0, 0)
      for code in codes {
        bits |= code << count
        count += 9
        while count >= 8 {
          data.append(UInt8(bits & 0xFF))
          bits >>= 8
          count -= 8
        }
      }
      if count > 0 { data.append(UInt8(bits)) }
      out.append(8)
      var at = 0
      while at < data.count {
        let block = data[at..<min(data.count, at + 255)]
        out += [UInt8(block.count)] + block
        at += 255
      }
      out.append(0)
    }
    return out + [0x3B]
  }

  static let red: (UInt8, UInt8, UInt8) = (250, 0, 0)
  static let green: (UInt8, UInt8, UInt8) = (0, 250, 0)
  static let blue: (UInt8, UInt8, UInt8) = (0, 0, 250)

  func frames(_ bytes: [UInt8], fitting: (Int, Int) = (64, 64)) throws -> (
    [AnimationFrame], AnimationDecoder.Summary
  ) {
    var frames: [AnimationFrame] = []
    let summary = try AnimationDecoder.frames(
      bytes, fitting: (width: fitting.0, height: fitting.1), limits: PictureLimits()
    ) {
      frames.append($0)
      return true
    }
    return (frames, summary)
  }

  /// Disposal 2 clears a frame's area before the next; delays in hundredths become
  /// milliseconds; NETSCAPE2.0 gives the loop count.
  @Test func aFrameDisposedToTheBackgroundLeavesTransparency() throws {
    let bytes = Self.gif(
      screen: (4, 4), colors: [Self.red, Self.green], loops: 3,
      frames: [(0, 0, 4, 4, 0, 5, 2), (0, 0, 2, 2, 1, 20, 1)])
    let (frames, summary) = try frames(bytes)
    #expect(summary.frames == 2 && summary.loops == 3)
    #expect(frames.map(\.delay) == [50, 200])
    let second = frames[1].image
    #expect(second.pixel(x: 0, y: 0) == (0, 250, 0, 255))
    #expect(second.pixel(x: 3, y: 3).alpha == 0, "the red frame was disposed")
    #expect(frames[0].image.pixel(x: 3, y: 3) == (250, 0, 0, 255))
    #expect(AnimationDecoder.isAnimated(bytes))
  }

  /// Disposal 3 puts back what was there before the frame.
  @Test func aFrameDisposedToThePreviousPutsItBack() throws {
    let bytes = Self.gif(
      screen: (4, 4), colors: [Self.red, Self.green, Self.blue],
      frames: [(0, 0, 4, 4, 0, 10, 1), (0, 0, 2, 2, 1, 10, 3), (3, 3, 1, 1, 2, 10, 1)])
    let (frames, summary) = try frames(bytes)
    #expect(summary.frames == 3 && summary.loops == 0)
    let third = frames[2].image
    #expect(third.pixel(x: 0, y: 0) == (250, 0, 0, 255), "the green frame was taken back")
    #expect(third.pixel(x: 3, y: 3) == (0, 0, 250, 255))
  }

  /// A GIF of 10,000 frames costs the frame limit, not 10,000 frames; a delay of 0 (as fast
  /// as possible) is shown at 100 ms, as browsers do.
  @Test func tenThousandFramesStopAtTheLimit() throws {
    let bytes = Self.gif(
      screen: (2, 2), colors: [Self.red, Self.green],
      frames: (0..<10_000).map { (0, 0, 2, 2, UInt8($0 % 2), 0, 1) })
    let (frames, summary) = try frames(bytes)
    #expect(summary.frames == AnimationDecoder.maximumFrames)
    #expect(frames.count == AnimationDecoder.maximumFrames)
    #expect(frames.allSatisfy { $0.delay == 100 })
  }

  /// The frames' canvas pixels add up to at most the work bound: many tiny frames on a large
  /// canvas cost their canvas each, and stop there.
  @Test func manyFramesOnALargeCanvasStopAtTheWorkBound() throws {
    let bytes = Self.gif(
      screen: (100, 100), colors: [Self.red, Self.green],
      frames: (0..<50).map { (0, 0, 1, 1, UInt8($0 % 2), 0, 1) })
    var handed = 0
    let summary = try AnimationDecoder.frames(
      bytes, fitting: (10, 10), limits: PictureLimits(), maximumWork: 100 * 100 * 10
    ) { _ in
      handed += 1
      return true
    }
    #expect(summary.frames == 10 && handed == 10)
  }

  /// An animation whose canvas leaves fewer than `minimumFrames` within the work bound, or
  /// whose frames would hold more than the decoding budget, is drawn still, with a reason.
  @Test func aHugeCanvasIsTooLargeToMove() {
    let huge = Self.gif(
      screen: (7999, 7999), colors: [Self.red, Self.green],
      frames: (0..<3).map { (0, 0, 1, 1, UInt8($0 % 2), 0, 1) })
    #expect(AnimationDecoder.stillReason(huge) == "its 7999 × 7999 canvas is too large to move")
    let small = Self.gif(
      screen: (300, 200), colors: [Self.red, Self.green],
      frames: (0..<3).map { (0, 0, 1, 1, UInt8($0 % 2), 0, 1) })
    #expect(AnimationDecoder.stillReason(small) == nil)
  }

  /// Frames come shrunk to fit the box, aspect kept.
  @Test func framesAreShrunkToTheirBox() throws {
    let bytes = Self.gif(
      screen: (40, 20), colors: [Self.red, Self.green],
      frames: [(0, 0, 40, 20, 0, 10, 1), (0, 0, 40, 20, 1, 10, 1)])
    let (frames, _) = try frames(bytes, fitting: (10, 10))
    #expect(frames.allSatisfy { $0.image.width == 10 && $0.image.height == 5 })
  }

  @Test func anAnimatedWebPGivesEveryFrame() throws {
    let bytes = try TestPictures.bytes("webp-animated.webp")
    #expect(AnimationDecoder.isAnimated(bytes))
    let (frames, summary) = try frames(bytes)
    #expect(summary.frames == 2)
    #expect(frames[0].delay == 100 && frames[1].delay == 100)
    let yellow = frames[1].image.pixel(x: 1, y: 1)
    #expect(abs(Int(yellow.red) - TestPictures.yellow.red) <= 2)
    #expect(abs(Int(yellow.blue) - TestPictures.yellow.blue) <= 2)
  }

  @Test(arguments: [
    ("gif-animated.gif", true), ("gif-basic.gif", false), ("webp-lossy.webp", false),
    ("jpeg-baseline.jpg", false), ("png-rgb.png", false), ("gif-truncated.gif", false),
  ])
  func stillsAreNotAnimations(name: String, animated: Bool) throws {
    #expect(AnimationDecoder.isAnimated(try TestPictures.bytes(name)) == animated)
  }

  /// A frame claiming more pixels than the limits allow is refused before its rows are read.
  @Test func aFrameOverTheLimitsIsRefused() throws {
    let bytes = Self.gif(
      screen: (100, 100), colors: [Self.red],
      frames: [(0, 0, 100, 100, 0, 10, 1), (0, 0, 100, 100, 0, 10, 1)])
    #expect(throws: PictureError.self) {
      _ = try AnimationDecoder.frames(
        bytes, fitting: (10, 10), limits: PictureLimits(maxPixels: 100)
      ) { _ in true }
    }
  }
}
