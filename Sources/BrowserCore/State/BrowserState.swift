import FeedModel
import LayoutEngine

/// The browser as a value: the items and their layout, the view's place, the selection, what
/// is loading, the messages, the search filter, and removals.
///
/// Every input is one `Event` through `update(_:)`, which answers with the `Effect`s the shell
/// carries out (a load, opening a link, quitting); their results come back as events. Drawing
/// reads the state (`BrowserView`). Nothing here touches the terminal, the network or a clock,
/// so every behaviour of the browser can be tested by driving this value. Where boxes go and
/// how the selection moves is the current style's business (`Arrangement`); the state keeps
/// what all styles share.
///
/// The viewport is the content rows `top ..< top + viewRows` (shifted on screen by a pull); the
/// last screen row is the status line. See `CellGeometry` for how layout units become cells.
public struct BrowserState: Sendable {
  /// The items shown: the feed's, less the ones removed with `d`.
  public internal(set) var items: [FeedItem] = []
  public internal(set) var screen: CanvasSize
  public internal(set) var columnCount: Int
  /// The first content row in view.
  public internal(set) var top = 0
  /// The place a window too small to show any box keeps (`anchor()` before it shrank), so
  /// that growing back shows the same boxes: the tiny view's own top, in a layout of its own,
  /// took the view elsewhere and the selection with it.
  var placeWhileHidden: (index: Int, screenRow: Int)?
  public internal(set) var selection: Int?
  public internal(set) var pull: PullGesture
  public internal(set) var panel = Panel.none
  /// The panel to go back to when the one shown closes: the full screen, after the help or
  /// the messages were opened from it.
  var panelReturn: Panel?
  /// The running slideshow's number, nil when none runs; `slideSerial` numbers them.
  public internal(set) var slideshow: Int?
  var slideSerial = 0
  /// How far the full screen is zoomed into its picture (`+` `-`), and where.
  var zoom = FullScreenZoom()
  /// The first line of the help shown, when the window is too short for all of it.
  public internal(set) var helpScroll = 0
  /// The first line of the post shown (`PostPage`), when it is too long for the window.
  public internal(set) var detailsScroll = 0
  /// The latest message for the status line (empty once it expired), and the last few in
  /// full (`m`).
  public internal(set) var messages = MessageLog()
  public internal(set) var message: String {
    get { messages.current }
    set { messages.say(newValue) }
  }
  public internal(set) var loading: LoadRequest?
  public internal(set) var hasMorePages = false
  /// The feed's own name once a load gave one.
  public internal(set) var feedTitle: String?
  public let geometry: CellGeometry
  var arrangement: any Arrangement
  var options: BrowserOptions
  var requestedColumns: Int?
  var generation = 0
  /// Where pages 2, 3, … start in `items`.
  var pageStarts: [Int] = []
  /// Removed items, the last removed on top.
  var removals: [Removal] = []
  /// The page the running load shows while it is decoded (`FeedUpdate.partial`), if it does:
  /// its items join that page, not a page of their own.
  var streamedPage: StreamedPage?
  /// How far the running load has got, while one runs and says.
  public internal(set) var loadProgress: LoadProgress.Snapshot?
  /// The reader's clock and time zone, which dates are shown in: the shell sets them (the C
  /// library's `localtime_r`, and now before each frame); UTC with no clock until it does.
  public var readerTime = ReaderTime.utc
  /// Whether the item in the details is shown as its post (picture and whole text), not its
  /// picture alone over the screen (`BrowserState+Post`).
  public internal(set) var showsPost = false
  /// Whether Esc on the picture alone goes back to the post it was opened from.
  var returnsToPost = false
  /// The whole text of the post shown, once read, and its item's `postKey`.
  var post: (key: String, text: PostText)?
  /// The `postKey` whose text was last asked for.
  var postAsked: String?
  /// The link number typed after `o` in the post view, nil when none is being typed.
  public internal(set) var linkPrompt: String?
  /// A count or the `:` prompt being typed.
  public internal(set) var prefix = InputPrefix()
  /// The number of the last digit typed: a count's timeout (`Alarm.count`) ends only
  /// the count it was set for.
  var countSerial = 0
  /// Whether prefetching waits for the reader (after a failure, after a refresh).
  var prefetchHold = PrefetchHold.none
  /// The search prompt's text while it is open.
  public internal(set) var searchPrompt: String?
  /// How long moving pictures have played, in milliseconds: which frame each shows is a
  /// function of it (`CellAnimation.frame(at:)`).
  public internal(set) var animationClock = 0
  /// Whether the view is held at the end (`G`): sizes that arrive above it and change the
  /// boxes' shapes do not move the reader off the end, until they move or a page is added.
  var pinnedToBottom = false
  /// Whether the reader last moved up: the screen ahead is then the one above, fetched and
  /// probed before the one below.
  var readingUp = false
  /// The ranking of the pictures wanted last sent (`Effect.rankPictures`).
  var pictureRanking = PictureRanking()
  /// Whether `a` paused the moving pictures.
  public internal(set) var animationsPaused = false
  /// The feed filtered by a search, with the whole feed kept aside.
  var filter: SearchFilter?
  /// The followed feed shown alone (`F`, then Enter), while the filter shows it; and the item
  /// selected in each feed when it was left, by identity, to come back to.
  public internal(set) var feedShown: String?
  var feedPlaces: [String: String] = [:]
  /// Of the followed feeds, every item shown on this visit, and those a refresh brought
  /// since it began (new as well), by feed name: the shell records these as seen when the
  /// browser ends.
  var visitItems: Set<UInt64> = []
  public internal(set) var arrivals: [String: [UInt64]] = [:]
  var arrived: Set<UInt64> = []
  /// Whether the background refresh's time came and it waits for the reader to be at rest
  /// (`BrowserState+Refresh`).
  var refreshDue = false
  /// What was searched for last, for `n` and `N`.
  public internal(set) var lastQuery: String?
  /// The message that said a search matched nothing, while it is shown: Esc then dismisses
  /// it rather than quitting, one key after a search the reader got wrong.
  var failedSearchSerial: Int?
  /// Whether boxes show their pictures.
  public internal(set) var picturesShown: Bool
  /// Whether pictures the feed marks sensitive are shown (`BrowserOptions.showSensitive`).
  public internal(set) var sensitiveShown: Bool
  /// The pictures asked for, around the view: what the view may draw, and what to cancel when
  /// it scrolls away.
  public internal(set) var pictures: [PictureKey: PictureStatus] = [:]
  /// The sizes read from pictures for items the feed gave none (`BrowserState+Sizes`).
  var sizeProbes = SizeProbeBook()
  /// The format, decoded size and file size of the pictures read lately, for the details.
  var pictureFacts = PictureFactBook()

  public static let maximumColumns = 30

  public init(options: BrowserOptions = BrowserOptions(), screen: CanvasSize) {
    let aspect = options.cellAspect.isFinite && options.cellAspect > 0 ? options.cellAspect : 2
    geometry = CellGeometry(cellAspect: aspect)
    pull = PullGesture(threshold: options.pullThreshold)
    requestedColumns = options.columns
    self.options = options
    self.screen = screen
    picturesShown = options.pictures
    sensitiveShown = options.showSensitive
    columnCount = 1
    arrangement = Self.arrangement(for: options.style)
    relayout(keepingPlace: false)
  }

  static func arrangement(for style: LayoutStyle) -> any Arrangement {
    switch style {
    case .waterfall, .irregular: ColumnArrangement(style: style)
    case .carousel: CarouselArrangement()
    case .ring: RingArrangement()
    }
  }

  /// Takes one event; returns what to do outside.
  public mutating func update(_ event: Event) -> [Effect] {
    // What a picture's bytes said changes the details' text only: nothing laid out or asked
    // for, so the reconciling below (once per event) is not run for it.
    if case .pictureFacts(let url, let facts) = event {
      pictureFacts.record(facts, for: url)
      return []
    }
    let said = messages.serial
    let before = top
    var effects = handle(event)
    switch event {
    case .action, .click: if top != before { readingUp = top < before }
    default: break
    }
    effects += reconcileBackgroundRefresh()
    effects = reconcileSizes() + effects
    effects += reconcilePost()
    effects += reconcilePictures()
    // A new message (not one that is only waiting for a load) expires after a while.
    if messages.serial != said, !message.isEmpty {
      effects.append(.expireMessage(messages.serial, afterSeconds: MessageLog.lifetime))
    }
    return effects
  }

  private mutating func handle(_ event: Event) -> [Effect] {
    switch event {
    case .messageExpired(let serial):
      // While a load runs its message stays: the load's end says what happened.
      if loading == nil { messages.expire(serial) }
      return []
    case .alarm(.count(let serial)):
      countExpired(serial)
      return []
    case .alarm(.slide(let serial)):
      return nextSlide(serial)
    case .alarm(.refresh):
      refreshDue = true
      return []
    case .started(let update, let title):
      return start(with: update, title: title) + armBackgroundRefresh()
    case .action(let action): return handle(action)
    case .click(let click): return self.click(click)
    case .typed(let key): return typeInSearch(key)
    case .unboundKey:
      // A key that means nothing ends a count half-typed before it, as in vi.
      if prefix.count != nil || prefix.sequence != nil, prefix.prompt == nil {
        if let count = prefix.count { message = "count \(count) dropped" }
        prefix = InputPrefix()
      }
      return panel == .none ? [] : closePanel()
    case .postRead(let key, let text):
      postRead(key: key, text)
      return []
    case .sequencePending(let keys):
      sequencePending(keys)
      return []
    case .resized(let size): return resize(to: size)
    case .idle: return settle()
    case .loaded(let update, let request, let title):
      // A page or a refresh lands on the whole feed: a filter gives it back first. The rest of
      // a page shown while it loads joins it as it comes, filtered like it.
      let narrowed = feedShown
      if loading == request, filter != nil, streamedPage == nil {
        switch update {
        case .replaced, .appended: clearFilter()
        case .partial, .endOfFeed, .ended, .failed, .superseded: break
        }
      }
      let refreshed = loading == request && request.kind == .refresh
      var effects = apply(update, to: request, title: title)
      if refreshed, case .replaced = update, let narrowed {
        // The feed shown alone stays so, its place kept, with what the refresh said.
        let said = message
        showFeed(narrowed)
        message = said
        effects += prefetchIfNeeded()
      }
      guard refreshed, case .replaced = update else { return effects }
      // A refresh reads the pictures again too: the ones drawn may have changed on the server.
      pictures = [:]
      return [.revalidatePictures] + effects
    case .loadProgress(let snapshot):
      loadProgress = loading == nil ? nil : snapshot
      if streamedPage != nil { reserveForStreamedPage(snapshot) }
      return []
    case .kept(let request, let outcome):
      kept(request, outcome)
      return []
    case .copied(let text, let request, let outcome):
      copied(text, request, outcome: outcome)
      return []
    case .opened(let url, let failure):
      let shown = URLSecrets.masked(url)
      message = failure?.message(for: shown) ?? "opened \(DisplayText(shown, maximumWidth: 80))"
      return []
    case .pictureLoaded(let key, let failure):
      if pictures[key] != nil { pictures[key] = failure.map(PictureStatus.failed) ?? .ready }
      return []
    case .pictureFacts(let url, let facts):
      pictureFacts.record(facts, for: url)
      return []
    case .sizesProbed(let results):
      return applyProbed(results)
    case .animationTick(let milliseconds):
      if animationsPlaying { animationClock &+= max(0, milliseconds) }
      return []
    case .picturesLost:
      // Forgotten here, the wanted ones are asked for afresh once this event is handled.
      pictures = [:]
      return []
    case .notice(let text):
      message = text
      return []
    }
  }

  // MARK: Derived geometry

  public var style: LayoutStyle { arrangement.style }

  /// The column layout, when a column style shows.
  public var layout: WaterfallLayout? { (arrangement as? ColumnArrangement)?.layout }

  /// Rows for boxes: all but the status line.
  public var viewRows: Int { max(0, screen.rows - 1) }

  /// The height of the laid-out content in rows.
  public var contentRows: Int { arrangement.contentRows }

  public var maxTop: Int { max(0, contentRows - viewRows) }

  /// The position: 0 at the top (or the first item), 100 at the bottom (or the last item, and
  /// when everything fits).
  public var percent: Int {
    if !arrangement.scrollsVertically {
      guard items.count > 1 else { return 100 }
      return (selection ?? 0) * 100 / (items.count - 1)
    }
    return maxTop == 0 ? 100 : top * 100 / maxTop
  }

  /// Whether a free scroll (the carousel's wheel) waits for `settle()`.
  public var isSliding: Bool { arrangement.isSliding }

  /// Content rows shown, given the pull's shift.
  var visibleContentRows: Range<Int> {
    let first = top - pull.shift
    return first..<(first + viewRows)
  }

  /// The boxes with at least one cell in view, pictures and full-width rows; only these are
  /// ever drawn.
  /// - Complexity: that of `WaterfallLayout.indices(in:)` for the waterfalls, independent of the
  ///   item count; O(boxes in view) for the others.
  public func visibleBoxes() -> [PlacedBox] {
    arrangement.boxes(inRows: visibleContentRows)
  }

  /// The items with at least one cell in view, in item order.
  public func visibleIndices() -> [Int] {
    visibleBoxes().compactMap(\.item).sorted()
  }

  /// Where the view writes out the selected item's title and size, if the style leaves room.
  public var caption: CellRect? { arrangement.caption }

  public func cellRect(of index: Int) -> CellRect? {
    arrangement.cellRect(ofItem: index)
  }
}
