/// The full screen (the details) as a place to stay: the keys that make sense for the item
/// shown work on it there — copy, save, view, remove and undo, the messages and the help (which
/// come back to it) — and a slideshow moves through the items on its own.
extension BrowserState {
  /// What `action` does on the full screen of item `i`; nil for the keys it leaves to the
  /// panel's other handling (moving, opening, closing).
  mutating func handleInFullScreen(_ action: Action, item i: Int) -> [Effect]? {
    switch action {
    case .copy(let target):
      selection = i
      return copy(target)
    case .keep(let kind):
      selection = i
      return keep(kind)
    case .remove:
      selection = i
      removeSelected()
      if let s = selection, s < items.count { showDetails(of: s) } else { panel = .none }
      return prefetchIfNeeded()
    case .undo:
      undoRemoval()
      if let s = selection, s < items.count { showDetails(of: s) }
      return []
    case .help, .messages:
      panelReturn = panel
      if action == .help { showHelp() } else { panel = .messages }
      return []
    case .slideshow:
      return toggleSlideshow()
    case .columns(.more), .columns(.fewer):
      return zoom(in: action == .columns(.more), item: i)
    case .select(.left) where zoom.isZoomed: zoom.pan(dx: -1, dy: 0)
    case .select(.right) where zoom.isZoomed: zoom.pan(dx: 1, dy: 0)
    case .select(.up) where zoom.isZoomed, .scroll(-1) where zoom.isZoomed:
      zoom.pan(dx: 0, dy: -1)
    case .select(.down) where zoom.isZoomed, .scroll(1) where zoom.isZoomed:
      zoom.pan(dx: 0, dy: 1)
    default:
      return nil
    }
    return []
  }

  /// `+` and `-` on the full screen: the picture drawn larger, a window of it (the movement
  /// keys move the window), or back towards the whole picture.
  private mutating func zoom(in more: Bool, item i: Int) -> [Effect] {
    guard items[i].hasPicture, picturesShown else {
      message = "nothing to zoom: #\(i + 1) shows no picture"
      return []
    }
    zoom.zoom(in: more)
    let factor = zoom.factor
    let shown = factor == factor.rounded() ? "\(Int(factor))" : "\(factor)"
    message = zoom.isZoomed ? "zoom \(shown)×: the movement keys pan" : "zoom: whole picture"
    return []
  }

  /// `p`: starts a slideshow from the selected item, full screen, or stops the one running.
  mutating func toggleSlideshow() -> [Effect] {
    if slideshow != nil {
      slideshow = nil
      message = "slideshow stopped"
      return []
    }
    if case .details(let i) = panel { selection = i }
    if selection == nil { selection = visibleIndices().first }
    guard let s = selection, s < items.count else {
      message = "no items for a slideshow"
      return []
    }
    showDetails(of: s)
    (showsPost, returnsToPost) = (false, false)
    slideSerial += 1
    slideshow = slideSerial
    message =
      "slideshow: a picture every \(Self.seconds(options.slideshowSeconds)); any key stops it"
    return [.alarm(.slide(slideSerial), afterSeconds: options.slideshowSeconds)]
  }

  /// The slideshow's time for the next picture: the next item, full screen; at the end of the
  /// feed the slideshow ends (a page still to load is asked for, and waited for).
  mutating func nextSlide(_ serial: Int) -> [Effect] {
    guard slideshow == serial, case .details(let i) = panel else { return [] }
    var effects: [Effect] = []
    if i + 1 < items.count {
      showDetails(of: i + 1)
      effects = loadAheadOfSlideshow(at: i + 1)
    } else if hasMorePages, prefetchHold != .untilAsked {
      effects = loadAheadOfSlideshow(at: i)
      message = "slideshow: waiting for the next page…"
    } else {
      slideshow = nil
      message =
        hasMorePages
        ? "slideshow stopped: the next page could not be loaded"
        : "slideshow: that was the last item"
      return []
    }
    return effects + [.alarm(.slide(serial), afterSeconds: options.slideshowSeconds)]
  }

  /// The next page, asked for when the slideshow is a dozen items from the end of those
  /// loaded: the waterfall behind the full screen does not move, so its own prefetch (a
  /// screen from its end) never came and the slideshow waited at the last item for ever.
  private mutating func loadAheadOfSlideshow(at i: Int) -> [Effect] {
    // A load that failed is not tried again until the reader asks.
    guard hasMorePages, loading == nil, prefetchHold != .untilAsked, i + 12 >= items.count
    else { return [] }
    prefetchHold = .none
    return startLoad(.more)
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
