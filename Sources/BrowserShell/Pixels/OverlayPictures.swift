import Glibc
import Synchronization

/// Pictures drawn over curses' frame with sixel or iTerm2's inline files: their bytes, made by
/// the loader's threads, and what was drawn where, kept by the main thread.
///
/// Curses owns the cells; these pictures sit on top of blank ones. Around each frame the
/// pictures gone or moved are erased first and those new or moved drawn after (see
/// `OverlayPlan`). A resize forgets everything drawn, since curses clears the whole screen
/// then.
///
/// Inside tmux the sequences go as they are, never in tmux's passthrough: sixel is then drawn
/// by tmux itself (its device attributes said so), which places it in the pane; iTerm2's
/// files are never chosen there (`PictureDecision`).
public final class OverlayPictures: Sendable {
  private struct Store {
    var serial: UInt32 = 0
    var bytes: [UInt32: [UInt8]] = [:]
    var order: [UInt32] = []
    var total = 0
  }

  public let protocolUsed: PictureProtocol
  /// The size of a cell in pixels: pictures are scaled once to their cells' pixels.
  public let cell: PixelSize
  /// The bytes of encoded pictures kept; the oldest go first, and a picture whose bytes are
  /// gone is simply not drawn (its blank area shows) until it is loaded again.
  public let budget: Int
  private let store = Mutex(Store())
  /// The main thread's: what is on screen now.
  private let drawn = Mutex<[OverlayPlacement]>([])

  public init(protocol: PictureProtocol, cell: PixelSize, budget: Int) {
    protocolUsed = `protocol`
    self.cell = cell
    self.budget = budget
  }

  /// Keeps a picture's escape sequence (a sixel string or an OSC 1337 file); returns its id.
  func keep(_ sequence: [UInt8]) -> UInt32 {
    store.withLock { store in
      store.serial &+= 1
      let id = store.serial
      store.bytes[id] = sequence
      store.order.append(id)
      store.total += sequence.count
      while store.total > budget, store.order.count > 1 {
        let oldest = store.order.removeFirst()
        store.total -= store.bytes.removeValue(forKey: oldest)?.count ?? 0
      }
      return id
    }
  }

  /// The escape sequence kept as `id`, if it is still kept.
  public func sequence(_ id: UInt32) -> [UInt8]? {
    store.withLock { $0.bytes[id] }
  }

  /// Forgets what was drawn: curses repaints the whole screen (a resize).
  func forgetDrawn() { drawn.withLock { $0 = [] } }

  /// Sends a frame whose pictures over it are `current`: erases the pictures gone or moved,
  /// has curses send the frame (`present`), then draws the pictures new or moved. Returns the
  /// bytes written for pictures, for measuring.
  @discardableResult
  func update(_ current: [OverlayPlacement], terminal: Terminal, present: () -> Void) -> Int {
    let plan = drawn.withLock { drawn in
      defer { drawn = current }
      return OverlayPlan(previous: drawn, current: current)
    }
    let erasing = plan.erasing
    terminal.writeBetweenFrames(erasing)
    present()
    var bytes: [UInt8] = []
    for placement in plan.draw {
      guard let sequence = store.withLock({ $0.bytes[placement.id] }) else { continue }
      // Save the cursor, go to the area's top left (1-based), draw, restore the cursor.
      bytes += Array("\u{1B}7\u{1B}[\(placement.area.row + 1);\(placement.area.column + 1)H".utf8)
      bytes += sequence
      bytes += Array("\u{1B}8".utf8)
    }
    terminal.writeBetweenFrames(bytes)
    return erasing.count + bytes.count
  }
}

extension OverlayPictures {
  /// The overlay settings when `decision` chose sixel or iTerm2; nil otherwise.
  public convenience init?(_ decision: PictureDecision?, budget: Int) {
    guard let decision, decision.chosen == .sixel || decision.chosen == .iterm else { return nil }
    self.init(protocol: decision.chosen, cell: decision.cellPixels, budget: budget)
  }
}
