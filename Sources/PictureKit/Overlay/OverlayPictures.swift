import BrowserCore
import Glibc
import Locking
import Pictures

/// Pictures drawn over curses' frame — sixel, iTerm2's inline files, kitty's placements (an
/// `OverlayDrawer` each) — kept as the loader's threads made them, and what was drawn where,
/// kept by the main thread.
///
/// Curses owns the cells; these pictures sit on top of blank ones. Around each frame the
/// pictures gone, moved or cut otherwise are taken off first and those new, moved or cut
/// otherwise drawn after (see `OverlayPlan`). A resize forgets everything drawn, since curses
/// clears the whole screen then.
///
/// Inside tmux the sequences go as they are, never in tmux's passthrough: sixel is then drawn
/// by tmux itself (its device attributes said so), which places it in the pane; iTerm2's
/// files and kitty's placements are never chosen there (`PictureDecision`).
public final class OverlayPictures: Sendable {
  private struct Store {
    var serial: UInt32 = 0
    var kept: [UInt32: KeptOverlay] = [:]
    var order: [UInt32] = []
    var total = 0
    /// Bytes for the terminal before the next drawing: the freeing of pictures forgotten.
    var pending: [UInt8] = []
    /// The pictures whose transmission the terminal holds (kitty's): each is sent when first
    /// drawn, and again after a repaint, since kitty before 0.28 frees every picture on the
    /// screen clear (ED 2) curses repaints with — one sent before the first frame's clear,
    /// or before a resize, came back as an empty box.
    var sent: Set<UInt32> = []
    /// Whether the animations the terminal plays are playing (`a`): one sent while they
    /// are stopped is stopped too.
    var playing = true
    /// Parts drawn lately (a picture cut at the view's edge), by picture and rows: scrolling
    /// back and forth does not encode them again.
    var parts: [PartKey: [UInt8]] = [:]
    var partOrder: [PartKey] = []
    var partBytes = 0
  }

  private struct PartKey: Hashable {
    var id: UInt32
    var rows: Range<Int>
    var columns: Range<Int>
    var frame: Int
    var copy: Int
  }

  /// Parts kept at most: a sixel picture's frames (the full-screen view playing one), its rows
  /// at the view's edges.
  package static let partsKept = 160
  /// The bytes of parts kept at most.
  package static let partBytesKept = 32 << 20

  public let protocolUsed: PictureProtocol
  /// The size of a cell in pixels: pictures are scaled once to their cells' pixels.
  public let cell: PixelSize
  /// The bytes of pictures kept; the oldest go first, and a picture whose bytes are gone is
  /// simply not drawn (its blank area shows) until it is loaded again.
  public let budget: Int
  /// Whether the terminal keeps these pictures whatever text covers them, until the screen
  /// is cleared (`PictureDecision.picturesOutliveText`, Konsole before 26.08).
  public let outliveText: Bool
  private let drawer: any OverlayDrawer
  private let store = Locked(Store())
  /// The main thread's: what is on screen now.
  private let drawn = Locked<[OverlayPlacement]>([])
  /// What the text beside the pictures showed last (`redrawWhenTextMoves`), and whether the
  /// next frame draws every picture again.
  private let textMark = Locked<(mark: Int?, redraw: Bool)>((nil, false))

  /// How the protocol shows a moving picture.
  package var motion: OverlayMotion { drawer.motion }

  /// Whether the terminal drops these pictures when the program leaves the alternate screen.
  public var lostWithTheScreen: Bool { drawer.lostWithTheScreen }

  /// What takes every picture off the screen if the program dies before it can.
  public var crashCleanup: [UInt8] { drawer.crashCleanup }

  /// - Parameters:
  ///   - protocol: sixel, iTerm2, or kitty (placed without placeholders).
  ///   - outliveText: whether the terminal keeps pictures under text until a screen clear.
  public init(protocol: OverlayProtocol, cell: PixelSize, budget: Int, outliveText: Bool = false) {
    protocolUsed = `protocol`.pictureProtocol
    self.cell = cell
    self.budget = budget
    self.outliveText = outliveText
    switch `protocol` {
    case .sixel: drawer = SixelDrawer(cell: cell)
    case .iterm: drawer = ITermDrawer()
    case .kitty: drawer = KittyPlacementDrawer()
    }
  }

  /// Keeps `image`, scaled to its `columns` × `rows` cells' pixels, ready to draw; returns its
  /// id, nil when it cannot be encoded for the terminal.
  /// `animation`, when given, is the rest of a moving picture whose first frame is `image`.
  public func keep(
    _ image: RGBAImage, columns: Int, rows: Int, animation: PixelAnimation? = nil
  ) -> UInt32? {
    let id = store.withLock { store in
      store.serial &+= 1
      if store.serial == 0 { store.serial = 1 }
      return store.serial
    }
    let made =
      animation.map { drawer.keep(image, animation: $0, columns: columns, rows: rows, id: id) }
      ?? drawer.keep(image, columns: columns, rows: rows, id: id)
    guard let kept = made else { return nil }
    store.withLock { store in
      store.kept[id] = kept
      store.order.append(id)
      store.total += kept.byteCount
      while store.total > budget, store.order.count > 1 {
        let oldest = store.order.removeFirst()
        if let gone = store.kept.removeValue(forKey: oldest) {
          store.total -= gone.byteCount
          if store.sent.remove(oldest) != nil { store.pending += drawer.forget(id: oldest) }
        }
      }
    }
    return id
  }

  /// What stops or plays again every picture the terminal plays as an animation (`a`); those
  /// sent later follow.
  public func play(_ playing: Bool) -> [UInt8] {
    store.withLock { store in
      store.playing = playing
      return store.sent.sorted().filter { store.kept[$0]?.moving == true }
        .flatMap { drawer.play(id: $0, playing: playing) }
    }
  }

  /// The bytes that draw picture `id` whole at the cursor (sent to the terminal first where
  /// it holds pictures and has not this one), if it is still kept.
  public func sequence(_ id: UInt32) -> [UInt8]? {
    let upload = transmission(id)
    return store.withLock { $0.kept[id].map { upload + $0.whole } }
  }

  /// Picture `id`'s transmission, stopped if animations are, when the terminal does not hold
  /// it yet; empty otherwise. The terminal holds it from then on.
  private func transmission(_ id: UInt32) -> [UInt8] {
    store.withLock { store in
      guard let kept = store.kept[id], !kept.upload.isEmpty, store.sent.insert(id).inserted
      else { return [] }
      let stopped = kept.moving && !store.playing
      return kept.upload + (stopped ? drawer.play(id: id, playing: false) : [])
    }
  }

  /// The bytes waiting for the terminal before pictures are drawn (the freeing of pictures
  /// forgotten), taken.
  public func takePending() -> [UInt8] {
    store.withLock { store in
      defer { store.pending = [] }
      return store.pending
    }
  }

  /// The bytes that draw `placement`'s rows of its picture at the cursor, if it is kept.
  private func drawing(_ placement: OverlayPlacement) -> [UInt8]? {
    let key = PartKey(
      id: placement.id, rows: placement.rows, columns: placement.columns, frame: placement.frame,
      copy: placement.copy)
    let found = store.withLock { store -> (KeptOverlay, [UInt8]?)? in
      guard let kept = store.kept[placement.id] else { return nil }
      let whole =
        placement.rows == 0..<kept.rows && placement.columns == 0..<kept.columns
        && placement.frame == 0 && placement.copy == 0
      return (kept, whole ? kept.whole : store.parts[key])
    }
    guard let (kept, ready) = found else { return nil }
    if let ready { return ready }
    let part = drawer.draw(kept, placement: placement)
    store.withLock { store in
      guard store.kept[placement.id] != nil, store.parts.updateValue(part, forKey: key) == nil
      else { return }
      store.partOrder.append(key)
      store.partBytes += part.count
      while store.partOrder.count > Self.partsKept || store.partBytes > Self.partBytesKept,
        !store.partOrder.isEmpty
      {
        store.partBytes -=
          store.parts.removeValue(forKey: store.partOrder.removeFirst())?.count ?? 0
      }
    }
    return part
  }

  /// The bytes that draw `placement` where it goes, the picture sent first where the terminal
  /// holds pictures and has not this one: the cursor saved, moved to the area's top left
  /// (1-based), the drawing, the cursor restored. Nil when the picture is not kept (or draws
  /// as nothing).
  private func placing(_ placement: OverlayPlacement) -> [UInt8]? {
    guard let sequence = drawing(placement), !sequence.isEmpty else { return nil }
    return transmission(placement.id)
      + Array("\u{1B}7\u{1B}[\(placement.area.row + 1);\(placement.area.column + 1)H".utf8)
      + sequence + Array("\u{1B}8".utf8)
  }

  /// Erase in display (ED 2): the whole screen, and with it every picture of a terminal that
  /// keeps pictures under text (`outliveText`).
  private static let clearScreen = Array("\u{1B}[2J".utf8)

  /// `update` for a terminal that keeps pictures whatever text covers them (Konsole before
  /// 26.08): only a screen clear takes one away, and a picture erases the text of its cells
  /// and of the column after them as it lands, below its text. So pictures go first: where
  /// one must go (`clear`), the screen is cleared and every picture in `current` drawn
  /// again, else only those new (`draw`); then the frame writes every row they touched whole,
  /// borders and all, over pictures that stay under it. A picture drawn again whole over
  /// itself (a moving picture's next frame) replaces the one it covers there.
  private func updateUnderText(
    _ current: [OverlayPlacement], draw: [OverlayPlacement], clear: Bool, before: [UInt8],
    terminal: some FrameWriter, present: () -> Bool
  ) -> Int {
    var bytes = before
    var rows: [Range<Int>] = []
    if clear {
      bytes += Self.clearScreen
      store.withLock { $0.sent = [] }
      rows.append(0..<Int(Int32.max))
    }
    for placement in clear ? current : draw {
      guard let placed = placing(placement) else { continue }
      bytes += placed
      if !clear { rows.append(placement.area.row..<(placement.area.row + placement.area.height)) }
    }
    terminal.writeBetweenFrames(bytes)
    for range in rows { terminal.rewriteRows(range) }
    if present() {
      let cleared = forgetDrawn()
      terminal.writeBetweenFrames(cleared)
      return bytes.count + cleared.count
    }
    return bytes.count
  }

  /// Draws every picture again after the next frame when `mark` (what the text beside them
  /// shows: the post view's item and line) changed. Curses scrolls such text with the
  /// terminal's line insert and delete or rewrites its rows whole, which moves or wipes the
  /// pixels of a picture that did not move in the frame. Nil: no such text.
  package func redrawWhenTextMoves(_ mark: Int?) {
    textMark.withLock { last in
      if mark != nil, last.mark != mark { last.redraw = true }
      last.mark = mark
    }
  }

  /// Forgets what was drawn: curses repaints the whole screen (a resize, a return from the
  /// shell). Returns what takes off pictures that a repaint leaves standing (kitty's
  /// placements), to be written before it.
  @discardableResult
  package func forgetDrawn() -> [UInt8] {
    drawn.withLock { $0 = [] }
    store.withLock { $0.sent = [] }
    return drawer.clearScreen()
  }

  /// What takes every picture drawn off the screen and frees what the terminal holds of
  /// them, dropping what waits: for quitting and suspending.
  package func removeAll() -> [UInt8] {
    let placed = drawn.withLock { drawn in
      defer { drawn = [] }
      return drawn
    }
    var bytes: [UInt8] = []
    if outliveText, !placed.isEmpty {
      bytes += Self.clearScreen
    } else {
      for placement in placed { bytes += drawer.erase(placement, staying: false) }
    }
    return store.withLock { store in
      for id in store.sent.sorted() { bytes += drawer.forget(id: id) }
      store = Store(playing: store.playing)
      return bytes.isEmpty ? [] : Array("\u{1B}7".utf8) + bytes + Array("\u{1B}8".utf8)
    }
  }

  /// Sends a frame whose pictures over it are `current`: takes off the pictures gone, moved or
  /// cut otherwise, has curses send the frame (`present`), then draws the pictures new, moved
  /// or cut otherwise. Returns the bytes written for pictures, for measuring. A picture in
  /// several boxes is several placements (their `copy` is counted here).
  ///
  /// `present` returns whether the frame went out at another size than it was drawn for:
  /// curses notices a resize as it sends a frame, and then clears the screen and repaints it
  /// at the new size. The pictures were placed for the old one; drawn, they would land where
  /// no box is, and once the resize's own event forgot what was drawn, nothing would take them
  /// off. None is drawn then: the resized frame that follows draws them all.
  @discardableResult
  package func update(
    _ current: [OverlayPlacement], terminal: some FrameWriter, present: () -> Bool
  ) -> Int {
    let current = OverlayPlacement.counted(current)
    let plan = drawn.withLock { drawn in
      defer { drawn = current }
      return OverlayPlan(previous: drawn, current: current)
    }
    var before = takePending()
    // A moving picture's next frame is drawn over the one before, in the same place: taking
    // that one off first would make it flicker.
    let spots = Set(current.map(\.spot))
    let erase = plan.erase.filter { !spots.contains($0.spot) }
    if outliveText {
      return updateUnderText(
        current, draw: plan.draw, clear: !erase.isEmpty, before: before, terminal: terminal,
        present: present)
    }
    if !erase.isEmpty {
      let staying = Set(current.map(\.copyKey))
      before += Array("\u{1B}7".utf8)
      for placement in erase {
        before += drawer.erase(placement, staying: staying.contains(placement.copyKey))
      }
      before += Array("\u{1B}8".utf8)
    }
    terminal.writeBetweenFrames(before)
    if present() {
      let cleared = forgetDrawn()
      terminal.writeBetweenFrames(cleared)
      return before.count + cleared.count
    }
    var bytes: [UInt8] = []
    // What was drawn is still taken off as planned; what stays is drawn again too.
    let redraw = textMark.withLock { last in
      defer { last.redraw = false }
      return last.redraw
    }
    // After the frame: a clear in it would free a transmission sent before.
    for placement in redraw ? current : plan.draw { bytes += placing(placement) ?? [] }
    terminal.writeBetweenFrames(bytes)
    return before.count + bytes.count
  }
}

extension OverlayPictures {
  /// The same, for a frame always sent at the size it was drawn for (`cascade print`, tests).
  @discardableResult
  package func update(
    _ current: [OverlayPlacement], terminal: some FrameWriter, present: () -> Void
  ) -> Int {
    update(current, terminal: terminal) { () -> Bool in
      present()
      return false
    }
  }

  /// The overlay settings when `decision` chose sixel, iTerm2, or kitty on a terminal without
  /// Unicode placeholders; nil otherwise.
  public convenience init?(_ decision: PictureDecision?, budget: Int) {
    guard let decision, decision.drawsOverFrame, let chosen = OverlayProtocol(decision.chosen)
    else { return nil }
    self.init(
      protocol: chosen, cell: decision.cellPixels, budget: budget,
      outliveText: decision.picturesOutliveText)
  }
}
