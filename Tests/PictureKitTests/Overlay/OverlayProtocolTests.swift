import Pictures
import Testing

@testable import PictureKit

/// Which protocols are drawn over the frame, named case by case.
@Suite struct OverlayProtocolTests {
  @Test(arguments: PictureProtocol.allCases)
  func aProtocolIsDrawnOverTheFrameOnlyWithADrawer(picture: PictureProtocol) {
    let overlay = OverlayProtocol(picture)
    #expect((overlay == nil) == [.symbols, .off].contains(picture))
    if let overlay {
      #expect(overlay.pictureProtocol == picture)
      let pictures = OverlayPictures(
        protocol: overlay, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
      #expect(pictures.protocolUsed == picture)
    }
  }

  /// Each protocol's own drawer, told by how it shows a moving picture (the switch fell to
  /// sixel for anything it did not name).
  @Test func eachProtocolGetsItsOwnDrawer() {
    func motion(_ overlay: OverlayProtocol) -> OverlayMotion {
      OverlayPictures(protocol: overlay, cell: PixelSize(width: 10, height: 20), budget: 1 << 20)
        .motion
    }
    #expect(motion(.sixel) == .frameByFrame(fullScreenOnly: true))
    #expect(motion(.iterm) == .playedByTerminal(frameLimit: 2))
    #expect(motion(.kitty) == .playedByTerminal(frameLimit: AnimationDecoder.maximumFrames))
  }
}
