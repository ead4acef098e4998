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
    default:
      return nil
    }
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
      effects = prefetchIfNeeded()
    } else if hasMorePages {
      effects = prefetchIfNeeded()
    } else {
      slideshow = nil
      message = "slideshow: that was the last item"
      return []
    }
    return effects + [.alarm(.slide(serial), afterSeconds: options.slideshowSeconds)]
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
