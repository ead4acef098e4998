import FeedModel
import LayoutEngine

/// The options of the browser that the command line sets.
public struct BrowserOptions: Hashable, Sendable {
  /// The column count; nil picks one from the terminal's width (about one per 24 cells).
  public var columns: Int?
  /// Instead of a count: as many columns of this width as fit, following the terminal's width.
  public var columnWidth: Double?
  /// How many times taller than wide a terminal cell is.
  public var cellAspect: Double
  /// Rows of pull that start a refresh or a load of the next page.
  public var pullThreshold: Int
  /// The style the browser starts in.
  public var style: LayoutStyle
  public var order: ColumnOrder
  /// Column bottoms this close count as tied (layout units); nil is one row (`cellAspect`).
  public var tieTolerance: Double?
  /// The irregular style's chance of enlarging a picture, and the seed of its draws.
  public var enlargeProbability: Double
  public var seed: UInt64
  /// Whether the column styles show the feed's name and a row between loaded pages.
  public var separators: Bool
  /// The feed's name for the header until the feed gives its own (the source's display name).
  public var feedName: String?
  /// Whether boxes show their pictures (`i` toggles; `--no-images` starts without).
  public var pictures: Bool
  /// Whether pictures the feed marks sensitive are shown (`s` toggles; `--show-sensitive`
  /// starts with them); else their boxes show the placeholder and say so.
  public var showSensitive: Bool
  /// Whether Esc quits when there is nothing for it to close (no panel, filter or message):
  /// only when the config binds Esc to `quit`. One Esc too many after closing a search or the
  /// details ended the program; `q` and Ctrl-C quit.
  public var escapeQuits = false
  /// How long a count typed before a key (`25G`) waits for that key, in seconds after its last
  /// digit; 0 waits for ever. After it the digits' column count stands and the count is gone.
  public var countTimeout: Double = 1
  /// Whether the browser asks the terminal for the mouse: clicks select, the wheel scrolls.
  /// Without it the terminal's own text selection works (`--no-mouse`).
  public var mouse = true
  /// Whether the feed came from this machine: `o` opens an item's local path there (the
  /// shell resolves it), and only there.
  public var localFeed = false
  /// How long a slideshow (`p`) shows each picture, in seconds.
  public var slideshowSeconds: Double = 5
  /// Minutes between background refreshes of the feed (`--refresh-minutes`); nil refreshes
  /// only when asked. See `BrowserState+Refresh` for when one waits.
  public var refreshMinutes: Int?
  /// Where `w` saves pictures; nil for the default (the XDG pictures folder's `cascade`).
  public var saveFolder: String?
  /// Whether moving pictures (animated GIF and WebP) play (`--no-animation` starts without;
  /// `a` pauses them).
  public var animations = true
  /// How a load's error names the setting that raises a limit (the command line: its flag).
  public var settingNames = SettingNames.library
  /// The followed feeds, when `cascade` alone opened them all: what the feeds panel (`F`)
  /// lists; empty otherwise, and `F` says there are none.
  public var feeds: [FeedSummary] = []
  /// The items first seen on this visit, by `StableHash.of(item:)`: their boxes say `new`.
  public var newItems: Set<UInt64> = []
  /// The followed feeds still loading when the browser opened (`FeedOutcome.isLoading`), by
  /// name, with what was seen of each on earlier visits: their items, when they come, are new
  /// only when not seen.
  public var lateFeeds: [String: SeenBefore] = [:]

  public init(
    columns: Int? = nil, columnWidth: Double? = nil, cellAspect: Double = 2.0,
    pullThreshold: Int = 3, style: LayoutStyle = .waterfall, order: ColumnOrder = .shortest,
    tieTolerance: Double? = nil, enlargeProbability: Double = Enlargement.defaultProbability,
    seed: UInt64 = Enlargement.defaultSeed, separators: Bool = true, feedName: String? = nil,
    pictures: Bool = true, showSensitive: Bool = false
  ) {
    self.columns = columns
    self.columnWidth = columnWidth
    self.cellAspect = cellAspect
    self.pullThreshold = pullThreshold
    self.style = style
    self.order = order
    self.tieTolerance = tieTolerance
    self.enlargeProbability = enlargeProbability
    self.seed = seed
    self.separators = separators
    self.feedName = feedName
    self.pictures = pictures
    self.showSensitive = showSensitive
  }
}
