import BrowserCore
import FeedKit
import FeedModel
import PictureKit
import Pictures
import Testing

@testable import cascade_bench

/// What a scroll costs per protocol: kitty's placeholders move as text, with no picture sent
/// again; pictures drawn over the frame are sent again wherever they moved.
@Suite struct PixelTrafficTests {
  static func measure(_ pictureProtocol: PictureProtocol) throws -> PixelTraffic.Measurement {
    let items = (0..<12).map {
      FeedItem(imageURL: "p\($0).png", width: 400, height: Double(300 + $0 * 20), title: "P\($0)")
    }
    var state = BrowserState(
      options: BrowserOptions(columns: 3), screen: CanvasSize(columns: 60, rows: 24))
    let effects = state.update(
      .started(.replaced(items, skipped: SkipReport(), hasMore: false), title: nil))
    let keys = effects.compactMap { effect -> PictureKey? in
      if case .loadPicture(let key) = effect { return key }
      return nil
    }
    var pixels: [UInt8] = []
    for i in 0..<(32 * 24) {
      let x = UInt8(i % 32) * 8
      let y = UInt8(i / 32) * 10
      pixels += [x, y, 128, 255]
    }
    let image = RGBAImage(width: 32, height: 24, pixels: pixels)
    return try PixelTraffic.measure(
      state, keys: keys, image: { _ in image }, protocol: pictureProtocol,
      cell: PixelSize(width: 4, height: 8))
  }

  @Test func aKittyScrollSendsTextOnly() throws {
    let symbols = try Self.measure(.symbols)
    let kitty = try Self.measure(.kitty)
    #expect(kitty.pictures > 0)
    // The first screen carries the pictures; the scroll only moves placeholder cells.
    #expect(kitty.screenBytes > kitty.pictures * 100)
    #expect(kitty.scrollBytes < kitty.screenBytes / 4)
    #expect(kitty.scrollBytes <= max(symbols.scrollBytes * 2, 2048))
  }

  @Test(arguments: [PictureProtocol.sixel, .iterm])
  func aScrollRedrawsPicturesDrawnOverTheFrame(pictureProtocol: PictureProtocol) throws {
    let measured = try Self.measure(pictureProtocol)
    #expect(measured.scrollBytes > measured.screenBytes / 3)
  }
}
