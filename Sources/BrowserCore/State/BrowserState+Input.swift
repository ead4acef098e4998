import LayoutEngine

/// Keys: scrolling, paging, pulls, and what a key does while a panel is up.
extension BrowserState {
  /// The most times a count repeats a movement: more would only stall the screen.
  static let maximumRepeat = 10_000

  /// Handles one action; returns what to do outside.
  mutating func handle(_ action: Action) -> [Effect] {
    // A repaint changes nothing of the state, in any panel, in a prompt or a count.
    if action == .repaint { return [.repaint] }
    // Any key but the slideshow's own stops a slideshow.
    if slideshow != nil, action != .slideshow { slideshow = nil }
    // Any action ends a key sequence the status line showed as pending.
    prefix.sequence = nil
    if panel != .none { return handleInPanel(action) }
    if prefetchHold == .untilMoved { prefetchHold = .none }
    if prefix.prompt != nil {
      handleInPrompt(action)
      return prefetchIfNeeded()
    }
    if case .digit(let d) = action { return typeDigit(d) }
    // Esc while a count is being typed takes back the half-typed key, as in vi and less; the
    // columns stay as they are.
    if action == .escape, let count = prefix.count {
      prefix = InputPrefix()
      message = "count \(count) dropped"
      return []
    }
    // `G` and `g` after a count go to that item (as vi's `25G` and `25gg` go to a line); a
    // movement after a count moves that many times (`5j`, `3 space`, `4l`).
    let count = takeCount(uses: action.takesCount)
    let times = action.takesCount ? min(count ?? 1, Self.maximumRepeat) : 1
    var effects: [Effect] = []
    // `G` holds the view at the end while sizes arrive above it, until the reader moves.
    pinnedToBottom = action == .bottom && count == nil ? true : pinnedToBottom && !action.moves
    switch action {
    case .top, .bottom:
      if let count {
        jump(to: count)
        break
      }
      pull.letGo()
      top = action == .top ? 0 : maxTop
      if !arrangement.scrollsVertically, !items.isEmpty {
        select(action == .top ? 0 : items.count - 1)
      }
    case .digit, .deleteBack:
      break
    case .prompt:
      pull.letGo()
      prefix.prompt = ""
    case .scroll(let rows), .wheel(let rows):
      if case .wheel = action, arrangement.slide(by: 4 * rows) {
        selection = arrangement.focus
      } else if arrangement.scrollsVertically {
        effects += scroll(by: rows * times)
      } else {
        step(by: rows.signum() * times)
      }
    case .page(let fraction):
      if arrangement.scrollsVertically {
        let rows = max(1, Int((Double(viewRows) * abs(fraction)).rounded(.down))) * times
        effects += scroll(by: fraction < 0 ? -rows : rows)
      } else {
        let count = max(1, visibleIndices().count - 1) * times
        step(by: fraction < 0 ? -count : count)
      }
    case .select(let move):
      pull.letGo()
      for _ in 0..<times { moveSelection(move) }
    case .details:
      pull.letGo()
      if selection == nil { selection = visibleIndices().first }
      if let s = selection { showPost(of: s) }
    case .open:
      pull.letGo()
      if selection == nil { selection = visibleIndices().first }
      if let s = selection, let target = openTarget(of: s) { effects.append(.open(target)) }
    case .copy(let target):
      pull.letGo()
      effects += copy(target)
    case .keep(let kind):
      pull.letGo()
      effects += keep(kind)
    case .columns(let change):
      pull.letGo()
      changeColumns(change)
    case .nextStyle:
      pull.letGo()
      switchStyle(to: style.next)
    case .remove:
      pull.letGo()
      removeSelected()
    case .undo:
      pull.letGo()
      undoRemoval()
    case .refresh:
      pull.letGo()
      effects += startLoad(.refresh, feed: feedShown)
    case .refreshAll:
      pull.letGo()
      effects += startLoad(.refresh)
    case .togglePictures:
      picturesShown.toggle()
      message = picturesShown ? "pictures on" : "pictures off"
    case .toggleSensitive:
      toggleSensitive()
    case .toggleAnimations:
      toggleAnimations()
    case .slideshow:
      pull.letGo()
      effects += toggleSlideshow()
    case .help:
      pull.letGo()
      showHelp()
    case .messages:
      pull.letGo()
      panel = .messages
    case .feeds:
      pull.letGo()
      showFeeds()
    case .search:
      pull.letGo()
      openSearch()
    case .nextMatch, .previousMatch:
      pull.letGo()
      goToMatch(forward: action == .nextMatch)
    case .escape where filter != nil:
      clearFilter()
    case .escape where failedSearchSerial == messages.serial && !messages.current.isEmpty:
      messages.expire(messages.serial)
    case .escape where !options.escapeQuits:
      break
    case .escape, .quit:
      effects.append(.quit)
    case .repaint:
      effects.append(.repaint)
    }
    keepSelectionInView()
    effects += prefetchIfNeeded()
    return effects
  }

  /// With the details (full screen) up, the keys that make sense for the item shown work on it
  /// (`BrowserState+FullScreen`), and the paging keys scroll a summary too long for the
  /// window; with the help up, the movement keys scroll it; any other key only closes the
  /// panel.
  mutating func handleInPanel(_ action: Action) -> [Effect] {
    if panel == .help, scrollHelp(action) { return [] }
    if case .feeds(let row) = panel, let effects = handleInFeeds(action, row: row) {
      return effects
    }
    if case .details(let i) = panel, i < items.count {
      let inPost = showsPostView(ofItem: i)
      if inPost, let effects = handleInPost(action, item: i) { return effects }
      if inPost, action == .columns(.fewer) { return [] }
      if let effects = handleInFullScreen(action, item: i) { return effects }
      switch action {
      case .open: return openTarget(of: i).map { [.open($0)] } ?? []
      // `n` `N` in a post are the next and previous post, as newsboat's `n` and mutt's.
      case .select(.left), .select(.previous), .scroll(-1), .previousMatch:
        if i > 0 { showDetails(of: i - 1) }
        return []
      case .select(.right), .select(.next), .scroll(1), .nextMatch:
        if i + 1 < items.count { showDetails(of: i + 1) }
        return i + 1 >= items.count - 1 ? prefetchIfNeeded() : []
      case .togglePictures:
        picturesShown.toggle()
        return []
      case .toggleSensitive:
        toggleSensitive()
        return []
      case .toggleAnimations:
        toggleAnimations()
        return []
      default: break
      }
    }
    return closePanel()
  }

  /// Closes the panel: for any key the panel does not take, bound to an action or not.
  mutating func closePanel() -> [Effect] {
    // The help or the messages opened from the full screen go back to it.
    if let back = panelReturn {
      panelReturn = nil
      panel = back
      return []
    }
    // The picture alone, opened from the post, goes back to the post.
    if case .details = panel, !showsPost, returnsToPost {
      (showsPost, returnsToPost) = (true, false)
      zoom = FullScreenZoom()
      return []
    }
    panel = .none
    (showsPost, returnsToPost, linkPrompt) = (false, false, nil)
    // Back in the waterfall at the same place, unless the reader went on to an item not there.
    if let s = selection, let rect = cellRect(of: s), rect.row < top || rect.bottom > top + viewRows
    {
      select(s)
    }
    return []
  }

  /// Shows item `i` in the details (full screen with its picture), and selects it.
  mutating func showDetails(of i: Int) {
    if panel != .details(i) {
      zoom = FullScreenZoom()
      detailsScroll = 0
    }
    selection = i
    panel = .details(i)
  }

  /// Ends a free scroll: the carousel snaps the box nearest the centre into it, and selects it.
  mutating func settle() -> [Effect] {
    guard arrangement.isSliding else { return [] }
    if let focus = arrangement.settle() { selection = focus }
    return prefetchIfNeeded()
  }

  mutating func scroll(by rows: Int) -> [Effect] {
    guard rows != 0 else { return [] }
    // Scrolling against a pull lets go of it and scrolls as well: the key does what it says.
    // A load a pull started keeps running, and scrolling goes on as usual meanwhile.
    switch pull.phase {
    case .pullingDown where rows > 0, .pullingUp where rows < 0, .endOfFeed where rows < 0:
      pull.letGo()
    default: break
    }
    if rows < 0 {
      if top == 0 {
        guard pull.pullDown() == .refresh else { return [] }
        return startLoad(.refresh, feed: feedShown)
      }
      pull.letGo()
      top = max(0, top + rows)
    } else {
      if top >= maxTop {
        let trigger = pull.pullUp(hasMore: hasMorePages)
        if pull.phase == .endOfFeed { message = "end of feed" }
        guard trigger == .loadMore else { return [] }
        return startLoad(.more)
      }
      pull.letGo()
      top = min(maxTop, top + rows)
    }
    return []
  }

  /// The styles that do not scroll vertically turn scrolling into steps from item to item.
  mutating func step(by count: Int) {
    guard !items.isEmpty, count != 0 else { return }
    var current = selection ?? arrangement.focus ?? 0
    for _ in 0..<abs(count) {
      guard
        let next = arrangement.item(
          count < 0 ? .previous : .next, from: current,
          itemCount: items.count)
      else { break }
      current = next
    }
    select(current)
  }
}
