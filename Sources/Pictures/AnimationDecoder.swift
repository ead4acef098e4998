import CPictureCodecs

/// The frames of an animated GIF or WebP, each composed on the animation's canvas (a GIF's
/// disposal methods and transparency; libwebp's own animation decoder) and shrunk to fit a
/// box, handed over one at a time: a caller turns each into cells or pixels at the size it is
/// shown and drops it, so an animation's frames are never all held at full size.
///
/// Bounded: at most `maximumFrames` frames are read (the animation then loops over those), the
/// canvas is within `PictureLimits` and reserved in `DecodeMemory` like any decode, and a
/// frame's descriptor is checked against the limits before its rows are read.
public enum AnimationDecoder {
  /// Frames read at most from one animation.
  public static let maximumFrames = 400

  /// The most canvas pixels one animation's frames may add up to (2^28: about half a second
  /// of composing and shrinking on one core). Every frame is composed on the whole canvas and
  /// shrunk from it, so a small file of many tiny frames on a huge canvas (10,000 one-pixel
  /// frames on 7999 × 7999, 230 KB) cost a minute of CPU; the frames after the bound are
  /// dropped and the animation loops over those read.
  public static let maximumWork = 1 << 28

  /// Fewer frames than this within `maximumWork` and the animation is drawn still: a few
  /// frames of a longer animation, looping, would not be it.
  public static let minimumFrames = 16

  /// Why the animation in `bytes` is drawn still, in words for a person; nil when it may move.
  ///
  /// Its canvas is so large that composing its frames would hold more than the decoding
  /// budget (`DecodeMemory`: such a decode runs alone, and every other picture waits for all
  /// its frames), or that fewer than `minimumFrames` frames fit in `maximumWork`.
  public static func stillReason(_ bytes: [UInt8]) -> String? {
    guard case .header(let header) = PictureHeader.read(bytes) else { return nil }
    let held = canvasBytes(header, bytes)
    let pixels = header.width * header.height
    guard held > DecodeMemory.shared.budget || pixels * minimumFrames > maximumWork else {
      return nil
    }
    return "its \(header.width) × \(header.height) canvas is too large to move"
  }

  /// What composing the frames of `header`'s animation holds: a GIF's canvas and the copy kept
  /// for frames disposed to the one before; libwebp's two canvases, each frame copied out of
  /// them, and a frame's lossless data decoded whole (`WebPWork`).
  static func canvasBytes(_ header: PictureHeader, _ bytes: [UInt8]) -> Int {
    switch header.format {
    case .gif: return header.width * header.height * 8
    case .webp: return header.width * header.height * 12 + WebPWork.read(bytes).decoderBytes
    default: return header.width * header.height * 4
    }
  }

  /// What `frames` found.
  public struct Summary: Sendable, Equatable {
    /// Frames handed over.
    public var frames: Int
    /// How many times the animation plays; 0 for forever.
    public var loops: Int
  }

  /// Whether `bytes` are an animation, told from the container without decoding a frame for
  /// WebP, and for GIF from a second image in the file.
  public static func isAnimated(_ bytes: [UInt8]) -> Bool {
    switch PictureFormat.sniff(bytes) {
    case .webp:
      return bytes.withUnsafeBufferPointer { source in
        var data = WebPData(bytes: source.baseAddress, size: source.count)
        guard let demuxer = WebPDemux(&data) else { return false }
        defer { WebPDemuxDelete(demuxer) }
        return WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT) > 1
      }
    case .gif:
      return GIFAnimation.imageCount(bytes, atMost: 2) > 1
    default:
      return false
    }
  }

  /// Hands each frame of the animation in `bytes`, shrunk to fit `target` (aspect kept), to
  /// `frame`, at most `maximumFrames` of them and no more than `maximumWork` canvas pixels in
  /// all (at least one frame); `frame` returns false to stop early.
  public static func frames(
    _ bytes: [UInt8], fitting target: (width: Int, height: Int), limits: PictureLimits,
    maximumFrames: Int = maximumFrames, maximumWork: Int = maximumWork,
    _ frame: (AnimationFrame) -> Bool
  ) throws(PictureError) -> Summary {
    try limits.check(byteCount: bytes.count)
    let header: PictureHeader
    switch PictureHeader.read(bytes) {
    case .header(let read): header = read
    case .needMoreBytes:
      guard let format = PictureFormat.sniff(bytes) else { throw .unsupportedFormat }
      throw .truncated(format)
    case .invalid(let error): throw error
    }
    try limits.check(header, byteCount: bytes.count)
    let maximumFrames = min(
      maximumFrames, max(1, maximumWork / max(1, header.width * header.height)))
    let held = canvasBytes(header, bytes)
    switch header.format {
    case .gif:
      return try DecodeMemory.shared.holding(held) {
        () throws(PictureError) -> Summary in
        try GIFAnimation.frames(
          bytes, screen: header, fitting: target, limits: limits, maximumFrames: maximumFrames,
          frame)
      }
    case .webp:
      return try DecodeMemory.shared.holding(held) {
        () throws(PictureError) -> Summary in
        try WebPAnimation.frames(
          bytes, fitting: target, maximumFrames: maximumFrames, frame)
      }
    default:
      throw .unsupportedFeature(header.format, detail: "it is not an animation")
    }
  }
}

/// A GIF's frames through giflib's record-level API, composed as browsers do.
enum GIFAnimation {
  /// The images in the file, counted up to `atMost` (their data skipped, not decoded).
  static func imageCount(_ bytes: [UInt8], atMost: Int) -> Int {
    var count = 0
    _ = try? walk(bytes) { gif, _ in
      count += 1
      // Skip the image's data.
      var code: Int32 = 0
      var block: UnsafeMutablePointer<GifByteType>?
      guard DGifGetCode(gif, &code, &block) == GIF_OK else { return false }
      while block != nil {
        guard DGifGetCodeNext(gif, &block) == GIF_OK else { return false }
      }
      return count < atMost
    } extensions: { _, _ in
    }
    return count
  }

  /// The graphic control of the next image: disposal, delay and transparent index.
  struct Control {
    var disposal = 0
    var delay = 0
    var transparent: Int?
  }

  static func frames(
    _ bytes: [UInt8], screen: PictureHeader, fitting target: (width: Int, height: Int),
    limits: PictureLimits, maximumFrames: Int, _ frame: (AnimationFrame) -> Bool
  ) throws(PictureError) -> AnimationDecoder.Summary {
    let (width, height) = (screen.width, screen.height)
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var control = Control()
    var loops = 0
    var handed = 0
    var failure: PictureError?
    try walk(bytes) { gif, _ in
      do throws(PictureError) {
        let image = gif.pointee.Image
        let (left, top) = (Int(image.Left), Int(image.Top))
        let (frameWidth, frameHeight) = (Int(image.Width), Int(image.Height))
        try limits.check(
          PictureHeader(format: .gif, width: frameWidth, height: frameHeight), byteCount: 0)
        let kept = control.disposal == 3 ? canvas : nil
        try draw(
          gif, into: &canvas, screen: (width, height), at: (left, top),
          size: (frameWidth, frameHeight), transparent: control.transparent)
        let shown = RGBAImage(width: width, height: height, pixels: canvas)
        handed += 1
        let more = frame(
          AnimationFrame(
            image: shown.scaled(toFit: target),
            delay: AnimationFrame.shownDelay(control.delay * 10)))
        // What the frame leaves for the next one.
        switch control.disposal {
        case 2:
          clear(&canvas, screen: (width, height), at: (left, top), size: (frameWidth, frameHeight))
        case 3:
          if let kept { canvas = kept }
        default: break
        }
        control = Control()
        return more && handed < maximumFrames
      } catch {
        failure = error
        return false
      }
    } extensions: { code, block in
      if code == GRAPHICS_EXT_FUNC_CODE, block.count >= 4 {
        control.disposal = Int((block[0] >> 2) & 7)
        control.delay = Int(block[1]) | Int(block[2]) << 8
        control.transparent = block[0] & 1 != 0 ? Int(block[3]) : nil
      } else if code == APPLICATION_EXT_FUNC_CODE, block.count >= 3, block[0] == 1 {
        // NETSCAPE2.0's sub-block: 1, then the loop count (0: forever).
        loops = Int(block[1]) | Int(block[2]) << 8
      }
    }
    if let failure, handed == 0 { throw failure }
    guard handed > 0 else { throw .corrupt(.gif, detail: "the file ends without a single frame") }
    return AnimationDecoder.Summary(frames: handed, loops: loops)
  }

  /// Reads records: `image` for each image descriptor (which must consume the image's data and
  /// say whether to go on), `extensions` for each extension's sub-blocks (the first one's
  /// bytes, and each following one's).
  @discardableResult
  static func walk(
    _ bytes: [UInt8],
    image: (UnsafeMutablePointer<GifFileType>, Int) -> Bool,
    extensions: (Int32, [UInt8]) -> Void
  ) throws(PictureError) -> Bool {
    try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> Bool in
      guard let base = source.baseAddress else { throw .truncated(.gif) }
      var reader = MemoryReader(base: base, count: source.count)
      return try withUnsafeMutablePointer(to: &reader) { (reader) throws(PictureError) -> Bool in
        var openError: Int32 = 0
        guard let gif = DGifOpen(reader, MemoryReader.read, &openError) else {
          throw GIFDecoder.failure(openError)
        }
        defer {
          var closeError: Int32 = 0
          DGifCloseFile(gif, &closeError)
        }
        var images = 0
        while true {
          var record = UNDEFINED_RECORD_TYPE
          // A file cut after its first frames plays the frames it has.
          guard DGifGetRecordType(gif, &record) == GIF_OK else {
            if images > 0 { return true }
            throw GIFDecoder.failure(gif.pointee.Error)
          }
          switch record {
          case IMAGE_DESC_RECORD_TYPE:
            guard DGifGetImageDesc(gif) == GIF_OK else {
              if images > 0 { return true }
              throw GIFDecoder.failure(gif.pointee.Error)
            }
            images += 1
            guard image(gif, images) else { return true }
          case EXTENSION_RECORD_TYPE:
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
              if images > 0 { return true }
              throw GIFDecoder.failure(gif.pointee.Error)
            }
            var first = true
            while let current = block {
              let length = Int(current[0])
              // The graphic control and the application's data are read from their blocks;
              // NETSCAPE2.0's loop count is in the block after the application's name.
              if first || code == APPLICATION_EXT_FUNC_CODE {
                extensions(code, Array(UnsafeBufferPointer(start: current + 1, count: length)))
              }
              first = false
              guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                if images > 0 { return true }
                throw GIFDecoder.failure(gif.pointee.Error)
              }
            }
          case TERMINATE_RECORD_TYPE:
            return true
          default:
            if images > 0 { return true }
            throw .corrupt(.gif, detail: "an unknown record before the first frame")
          }
        }
      }
    }
  }

  /// Draws the image whose descriptor was just read onto `canvas`, its transparent pixels
  /// leaving what is there.
  private static func draw(
    _ gif: UnsafeMutablePointer<GifFileType>, into canvas: inout [UInt8],
    screen: (width: Int, height: Int), at origin: (left: Int, top: Int),
    size: (width: Int, height: Int), transparent: Int?
  ) throws(PictureError) {
    let image = gif.pointee.Image
    guard let map = image.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors
    else { throw .corrupt(.gif, detail: "a frame has no colour map, local or global") }
    let palette = UnsafeBufferPointer(start: colors, count: max(0, Int(map.pointee.ColorCount)))
    guard size.width > 0, size.height > 0 else { return }
    var line = [GifPixelType](repeating: 0, count: size.width)
    for y in GIFDecoder.rowOrder(height: size.height, interlaced: image.Interlace) {
      let read = line.withUnsafeMutableBufferPointer {
        DGifGetLine(gif, $0.baseAddress, Int32(size.width))
      }
      guard read == GIF_OK else { throw GIFDecoder.failure(gif.pointee.Error) }
      let row = origin.top + y
      guard row < screen.height else { continue }
      for x in 0..<size.width where origin.left + x < screen.width {
        let index = Int(line[x])
        guard index != transparent, index < palette.count else { continue }
        let at = (row * screen.width + origin.left + x) * 4
        let color = palette[index]
        (canvas[at], canvas[at + 1], canvas[at + 2], canvas[at + 3]) =
          (color.Red, color.Green, color.Blue, 255)
      }
    }
  }

  /// Clears a frame's area to transparent (disposal 2: "restore to background").
  private static func clear(
    _ canvas: inout [UInt8], screen: (width: Int, height: Int), at origin: (left: Int, top: Int),
    size: (width: Int, height: Int)
  ) {
    let right = min(screen.width, origin.left + size.width)
    let bottom = min(screen.height, origin.top + size.height)
    guard origin.left < right, origin.top < bottom else { return }
    for row in origin.top..<bottom {
      let start = (row * screen.width + origin.left) * 4
      let end = (row * screen.width + right) * 4
      for at in start..<end { canvas[at] = 0 }
    }
  }
}

/// An animated WebP's frames through libwebp's animation decoder, which composes them.
enum WebPAnimation {
  static func frames(
    _ bytes: [UInt8], fitting target: (width: Int, height: Int), maximumFrames: Int,
    _ frame: (AnimationFrame) -> Bool
  ) throws(PictureError) -> AnimationDecoder.Summary {
    try bytes.withUnsafeBufferPointer { (source) throws(PictureError) -> AnimationDecoder.Summary in
      var data = WebPData(bytes: source.baseAddress, size: source.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else {
        throw .decoder(.webp, message: "libwebp's animation decoder is not the version built for")
      }
      options.color_mode = MODE_RGBA
      options.use_threads = 0
      guard let decoder = WebPAnimDecoderNew(&data, &options) else {
        throw .decoder(.webp, message: "the animation could not be read")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
        throw .decoder(.webp, message: "the animation could not be read")
      }
      let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
      var handed = 0
      var previous: Int32 = 0
      while handed < maximumFrames, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
          if handed > 0 { break }
          throw .decoder(.webp, message: "the first frame could not be decoded")
        }
        let shown = RGBAImage(
          width: width, height: height,
          pixels: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)))
        handed += 1
        let delay = AnimationFrame.shownDelay(Int(timestamp - previous))
        previous = timestamp
        guard frame(AnimationFrame(image: shown.scaled(toFit: target), delay: delay)) else {
          break
        }
      }
      guard handed > 0 else { throw .decoder(.webp, message: "the animation has no frame") }
      return AnimationDecoder.Summary(frames: handed, loops: Int(info.loop_count))
    }
  }
}
