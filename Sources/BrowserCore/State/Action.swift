/// What a key asks the browser to do.
public enum Action: Hashable, Sendable {
  /// Scroll by rows (positive is down).
  case scroll(Int)
  /// Scroll by a fraction of a page (positive is down).
  case page(Double)
  case wheel(Int)
  case top, bottom
  case select(SelectionMove)
  case details
  case open
  /// `w` / `v`: save the selected item's picture / show it in the picture viewer.
  case keep(KeepRequest.Kind)
  /// `y` / `Y`: copy the selected item's image URL / link.
  case copy(CopyTarget)
  case columns(ColumnChange)
  /// `L`: the next layout style.
  case nextStyle
  /// `d`: remove the selected item from the view.
  case remove
  /// `u`: bring back the last removed item.
  case undo
  case refresh
  /// `R`: every followed feed read again, whichever the view shows.
  case refreshAll
  /// `i`: pictures in the boxes on or off.
  case togglePictures
  /// Shows or hides the pictures the feed marks sensitive.
  case toggleSensitive
  /// `a`: pauses or resumes every animation.
  case toggleAnimations
  case help
  /// `p`: a slideshow from the selected item, full screen; `p` again stops it.
  case slideshow
  /// A digit key: part of a count before a key (`25G`), and `1`…`9` set the column count.
  case digit(Int)
  /// `:`: opens the prompt for an item number.
  case prompt
  /// Backspace: the prompt's last digit.
  case deleteBack
  /// `m`: the last messages, in full.
  case messages
  /// `F`: the followed feeds, with their new counts; Enter there shows one feed's items.
  case feeds
  /// `/`: type text to filter the feed by.
  case search
  /// `n` / `N`: the next / previous item matching the last search.
  case nextMatch, previousMatch
  /// Esc: closes a panel, clears a search, drops a count; quits only where the config
  /// bound Esc to `quit` (`BrowserOptions.escapeQuits`).
  case escape
  /// `Ctrl-L`: everything drawn again, pictures included, over a screen cleared of what the
  /// terminal kept (a garbled screen's remedy, as in vim, less and htop).
  case repaint
  case quit
}

public enum SelectionMove: Hashable, Sendable {
  case left, right, next, previous
  /// The box above or below: the one sharing the most columns, nearest vertically.
  case up, down
}

public enum ColumnChange: Hashable, Sendable {
  case more, fewer
  case exactly(Int)
}

extension Action {
  /// Whether the action moves the view or the selection (a place the reader chose, which a
  /// view held at the end by `G` gives way to).
  var moves: Bool {
    switch self {
    case .scroll, .page, .wheel, .top, .bottom, .select, .columns, .nextStyle, .search,
      .nextMatch, .previousMatch, .prompt, .remove, .undo, .refresh, .refreshAll:
      true
    default: false
    }
  }
}
