import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import PictureKit
import Pictures

/// Real pixels against symbols: the bytes of one screen of pictures and of a one-row scroll,
/// and the time from decoded pictures to the first fully drawn screen, per protocol, each
/// against the symbols path measured in the same run.
enum PixelScreenWorkloads {
  static func measure(quick: Bool, into report: inout Report) {
    // Four photo shapes, decoded once: the figures are about drawing, not decoding.
    let shapes = [(1600, 1200), (1200, 1600), (1600, 900), (1080, 1350)]
    let photos: [RGBAImage] = shapes.compactMap { w, h in
      PictureWorkload.photo(width: w, height: h).flatMap { try? PictureDecoder.decode($0) }
    }
    guard photos.count == shapes.count else { return }
    var items: [FeedItem] = []
    for i in 0..<60 {
      let (w, h) = shapes[i % shapes.count]
      items.append(
        FeedItem(
          imageURL: "p\(i).jpg", width: Double(w), height: Double(h), title: "Photo \(i)",
          id: "p\(i)"))
    }
    var state = BrowserState(
      options: BrowserOptions(columns: 10), screen: CanvasSize(columns: 200, rows: 60))
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    let keys = effects.compactMap { effect -> PictureKey? in
      if case .loadPicture(let key) = effect { return key }
      return nil
    }
    func image(_ key: PictureKey) -> RGBAImage? {
      let number = Int(key.url.dropFirst().prefix { $0.isNumber }) ?? 0
      return photos[number % photos.count]
    }
    func run(_ pictureProtocol: PictureProtocol) -> PixelTraffic.Measurement? {
      var best: PixelTraffic.Measurement?
      for _ in 0..<(quick ? 1 : 5) {
        guard
          let measured = try? PixelTraffic.measure(
            state, keys: keys, image: image, protocol: pictureProtocol)
        else { return nil }
        if best == nil || measured.seconds < best?.seconds ?? 0 { best = measured }
      }
      return best
    }
    guard let symbols = run(.symbols) else { return }
    print("pixels: \(symbols.pictures) pictures requested for the 200×60 screen")
    for pictureProtocol in [PictureProtocol.kitty, .sixel, .iterm] {
      guard let pixels = run(pictureProtocol) else { continue }
      let name = "pixels 200×60, \(pictureProtocol.rawValue)"
      report.add(
        Figure(
          name, "first screen KiB", Double(pixels.screenBytes) / 1024, unit: "KiB",
          baseline: ("symbols KiB", Double(symbols.screenBytes) / 1024), target: "report"))
      report.add(
        Figure(
          name, "one-row scroll KiB", Double(pixels.scrollBytes) / 1024, unit: "KiB",
          baseline: ("symbols KiB", Double(symbols.scrollBytes) / 1024),
          target: pictureProtocol == .kitty ? "≤ 1.5×" : "report"))
      report.add(
        Figure(
          name, "to first full screen", pixels.seconds * 1000, unit: "ms",
          baseline: ("symbols ms", symbols.seconds * 1000), target: "report"))
    }
  }
}
