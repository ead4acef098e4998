import PictureCells
import Testing

@testable import PictureKit

/// The one factory of pixel drawing the browser and `cascade print` share: what it makes for
/// each decision.
@Suite struct PixelPicturesTests {
  @Test func eachDecisionGetsItsOwnDrawingAndNoOther() {
    let kitty = PictureDecision(
      choice: .auto, environment: [:], answers: PictureDecisionTests.kitty)
    let placed = PictureDecision(
      choice: .auto, environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], answers: nil)
    let sixel = PictureDecision(choice: .only(.sixel), environment: [:], answers: nil)
    let symbols = PictureDecision(choice: .only(.symbols), environment: [:], answers: nil)
    #expect(kitty.kittyPlaceholders && !placed.kittyPlaceholders)

    let placeholders = PixelPictures(kitty, colorMode: .direct, budget: 1 << 20)
    #expect(placeholders.kitty != nil && placeholders.overlay == nil)
    let atCells = PixelPictures(placed, colorMode: .direct, budget: 1 << 20)
    #expect(atCells.kitty == nil && atCells.overlay?.protocolUsed == .kitty)
    let sixels = PixelPictures(sixel, colorMode: .palette256, budget: 1 << 20)
    #expect(sixels.kitty == nil && sixels.overlay?.protocolUsed == .sixel)
    for decision in [symbols, nil] {
      let none = PixelPictures(decision, colorMode: .direct, budget: 1 << 20)
      #expect(none.kitty == nil && none.overlay == nil)
    }
    // Sixteen colours cannot carry kitty's image ids: symbols, not placeholders.
    let few = PixelPictures(kitty, colorMode: .palette16, budget: 1 << 20)
    #expect(few.kitty == nil && few.overlay == nil)
  }
}
