import BrowserCore
import PictureKit

/// What the loop does with the pictures the terminal holds or shows over the frame: kitty's
/// uploads, which cells name, and the pictures drawn in pixels over the frame (sixel, iTerm2,
/// kitty placements). Each is nil when pictures are not drawn that way.
struct TerminalPictures {
  let uploads: KittyUploads?
  let overlay: OverlayPictures?
  let cache: PictureCache

  /// Draws `state` and sends the frame, with the uploads its cells need before it and the
  /// pictures over it after. Returns in how many milliseconds a moving picture in it changes
  /// (nil when none moves).
  func drawFrame(_ state: BrowserState, view: BrowserView, terminal: Terminal) -> Int? {
    if let overlay {
      var mark: Int?
      if case .details(let i) = state.panel, state.showsPostView(ofItem: i) {
        mark = i &* 1_000_003 &+ state.detailsScroll
      }
      overlay.redrawWhenTextMoves(mark)
    }
    var canvas = CursesCanvas(terminal: terminal)
    view.draw(state, pictures: cache.drawn(for: state), into: &canvas)
    // The pictures this frame's cells name were queued before they were cached, so before
    // the frame was drawn: sent now, they reach the terminal before their cells do.
    if let uploads { terminal.writeBetweenFrames(uploads.take()) }
    if let overlay {
      overlay.update(canvas.overlays, terminal: terminal) { () -> Bool in
        // ncurses takes a resize it has not reported yet (a SIGWINCH since the last key read)
        // as it sends the frame: the frame then went out at the new size.
        terminal.present()
        return terminal.size != state.screen
      }
    } else {
      terminal.present()
    }
    return canvas.nextFrame
  }

  /// Frees every kitty upload before the terminal leaves the alternate screen for a program
  /// run in the foreground (a terminal that leaves it keeps no kitty picture, as on Ctrl-Z).
  func dropUploads(_ terminal: Terminal) -> [Event] {
    guard let uploads else { return [] }
    terminal.writeBetweenFrames(uploads.deleteAll())
    cache.removeAll()
    return [.picturesLost]
  }

  /// Frees what the terminal holds before it goes back to the shell (Ctrl-Z): a terminal
  /// re-entering the alternate screen keeps no kitty picture; they are sent again once the
  /// browser is back.
  func leaveScreen(_ terminal: Terminal) -> [Event] {
    var events = dropUploads(terminal)
    if let overlay, overlay.lostWithTheScreen {
      terminal.writeBetweenFrames(overlay.removeAll())
      cache.removeAll()
      events.append(.picturesLost)
    }
    return events
  }

  /// Forgets the pictures drawn over the frame before curses repaints the whole screen (a
  /// resize, a return from the shell), taking off those a repaint would leave standing.
  func forgetDrawn(_ terminal: Terminal) {
    if let overlay { terminal.writeBetweenFrames(overlay.forgetDrawn()) }
  }

  /// Has the next frame clear the screen of everything the terminal shows, pictures
  /// included, and draw it whole (`Ctrl-L`): curses clears the screen (ED 2, which takes
  /// sixel and iTerm2 pictures with it, in Konsole too) and repaints every cell, and the
  /// pictures over the frame, forgotten, are each drawn again (kitty's placements deleted and
  /// their pictures sent again, as kitty before 0.28 frees them on the clear).
  func repaint(_ terminal: Terminal) {
    forgetDrawn(terminal)
    terminal.repaintAll()
  }

  /// Stops or plays the terminal's own animations (kitty plays them itself): `a` reaches them
  /// too.
  func play(_ playing: Bool, terminal: Terminal) {
    if let uploads { terminal.writeBetweenFrames(uploads.play(playing)) }
    if let overlay { terminal.writeBetweenFrames(overlay.play(playing)) }
  }

  /// Takes every picture off the terminal and frees it, as the browser ends.
  func removeAll(_ terminal: Terminal) {
    if let uploads { terminal.writeBetweenFrames(uploads.deleteAll()) }
    if let overlay { terminal.writeBetweenFrames(overlay.removeAll()) }
  }
}
