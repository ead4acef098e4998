import BrowserCore
import BrowserShell
import FeedKit
import FeedModel
import LayoutEngine
import PictureKit

/// Every option of every command, in the order `--help` lists them.
///
/// An option that both commands take with the same meaning is declared once and sets both
/// commands' settings; one whose range differs between them (`--columns`: the browser's
/// screen holds at most 30) is declared once per command.
enum OptionTable {
  typealias Value = OptionSpec.Value

  static let all: [OptionSpec] =
    browser + pictures + printing + layout + style + feeds + limits + config

  /// Which config file is read, and printing the configuration: options of every command,
  /// and not config keys themselves.
  static let config: [OptionSpec] = [
    OptionSpec(
      name: "--config", alias: "-C", placeholder: "FILE", kind: .path,
      help: "read this config file instead of the first cascade/config.json found in "
        + "$XDG_CONFIG_HOME (else ~/.config), then $XDG_CONFIG_DIRS (else /etc/xdg); the "
        + "command line overrides it",
      commands: [.browse, .layout, .print, .items], group: .config, configurable: false,
      apply: { s, v in if case .text(let t) = v { s.configFile = t } }),
    OptionSpec(
      name: "--print-config", placeholder: "", kind: .flag,
      help: "print the configuration in force (defaults, config file, command line) as a "
        + "config file, first naming the config file read, and exit",
      commands: [.browse, .layout, .print, .items], group: .config, configurable: false,
      apply: { s, _ in s.printConfig = true }),
  ]

  static func options(for command: Command) -> [OptionSpec] {
    all.filter { $0.commands.contains(command) }
  }

  static let browser: [OptionSpec] = [
    OptionSpec(
      name: "--last", placeholder: "", kind: .flag,
      help: "reopen the feed browsed last, at the item where it was left (remembered under "
        + "$XDG_STATE_HOME/cascade)",
      commands: [.browse], group: .browser, configurable: false,
      apply: { s, _ in s.last = true }),
    OptionSpec(
      name: "--columns", placeholder: "N", kind: .integer(1...BrowserState.maximumColumns),
      help: "columns (default: one per 24 cells of the terminal's width)",
      commands: [.browse, .print],
      group: .browser, read: { $0.browser.columns.map(Value.integer) },
      apply: { s, v in if case .integer(let n) = v { s.browser.columns = n } },
      chooses: "the columns", unset: { $0.browser.columns = nil }),
    OptionSpec(
      name: "--column-width", placeholder: "N", kind: .number(1...10_000),
      help: "instead: as many columns N cells wide as fit, on every resize",
      commands: [.browse, .print], group: .browser,
      read: { $0.browser.columnWidth.map(Value.number) },
      apply: { s, v in if case .number(let x) = v { s.browser.columnWidth = x } },
      chooses: "the columns", unset: { $0.browser.columnWidth = nil }),
    OptionSpec(
      name: "--cell-aspect", placeholder: "X", kind: .number(0.25...8),
      help: "how many times taller than wide a terminal cell is", commands: [.browse, .print],
      group: .browser, read: { .number($0.browser.cellAspect) },
      apply: { s, v in
        if case .number(let x) = v {
          s.browser.cellAspect = x
          s.cellAspectGiven = true
        }
      }),
    OptionSpec(
      name: "--pull-threshold", placeholder: "N", kind: .integer(1...50),
      help: "rows of pull that refresh or load more", commands: [.browse], group: .browser,
      read: { .integer($0.browser.pullThreshold) },
      apply: { s, v in if case .integer(let n) = v { s.browser.pullThreshold = n } }),
    OptionSpec(
      name: "--count-timeout", placeholder: "SECONDS", kind: .number(0...60),
      help: "how long digits typed before a key (25G) wait for it, as vim's timeoutlen; only "
        + "after that do they set the columns (0 waits for ever)",
      commands: [.browse], group: .browser, read: { .number($0.browser.countTimeout) },
      apply: { s, v in if case .number(let x) = v { s.browser.countTimeout = x } }),
    OptionSpec(
      name: "--refresh-minutes", placeholder: "N", kind: .integer(1...1440),
      help: "refresh the feed in the background every N minutes; a refresh that comes while "
        + "you read further down waits until you are back at the top",
      commands: [.browse], group: .browser, read: { $0.browser.refreshMinutes.map(Value.integer) },
      apply: { s, v in if case .integer(let n) = v { s.browser.refreshMinutes = n } }),
    OptionSpec(
      name: "--slideshow-seconds", placeholder: "S", kind: .number(0.5...3600),
      help: "how long the slideshow (p) shows each picture",
      commands: [.browse], group: .browser, read: { .number($0.browser.slideshowSeconds) },
      apply: { s, v in if case .number(let x) = v { s.browser.slideshowSeconds = x } }),
    OptionSpec(
      name: "--save-dir", placeholder: "DIR", kind: .path,
      help: "where w saves pictures (default: the XDG pictures folder's cascade/, else "
        + "~/Pictures/cascade)",
      commands: [.browse], group: .browser, read: { $0.browser.saveFolder.map(Value.text) },
      apply: { s, v in if case .text(let t) = v { s.browser.saveFolder = t } }),
    OptionSpec(
      name: "--no-mouse", placeholder: "", kind: .flag,
      help: "do not ask the terminal for the mouse (clicks, the wheel): its own text "
        + "selection works as outside the browser",
      commands: [.browse], group: .browser, read: { $0.browser.mouse ? nil : .flag },
      apply: { s, _ in s.browser.mouse = false }),
    OptionSpec(
      name: "--no-separators", placeholder: "", kind: .flag,
      help: "no header row with the feed's name, no rows between pages",
      commands: [.browse, .print],
      group: .browser, read: { $0.browser.separators ? nil : .flag },
      apply: { s, _ in s.browser.separators = false }),
  ]

  static let pictures: [OptionSpec] = [
    OptionSpec(
      name: "--pictures", placeholder: "HOW", kind: .choice(PictureChoice.names),
      help: "how pictures are drawn: auto asks the environment, then the terminal (kitty "
        + "graphics, sixel, iTerm2), else symbols; or one of them by name, or off",
      commands: [.browse, .print], group: .pictures, read: { .text($0.pictures.protocolName) },
      apply: { s, v in if case .text(let t) = v { s.pictures.protocolName = t } }),
    OptionSpec(
      name: "--probe-budget", placeholder: "MS", kind: .integer(1...10_000),
      help: "how long to wait for the terminal's answers, once, before the browser starts",
      commands: [.browse, .print], group: .pictures,
      read: { .integer($0.pictures.probeBudget) },
      apply: { s, v in if case .integer(let n) = v { s.pictures.probeBudget = n } }),
    OptionSpec(
      name: "--probe", placeholder: "", kind: .flag,
      help: "print what the environment and the terminal say about pictures, what is chosen, "
        + "and exit (for bug reports)",
      commands: [.browse], group: .pictures, configurable: false,
      apply: { s, _ in s.pictures.probe = true }),
    OptionSpec(
      name: "--no-images", placeholder: "", kind: .flag,
      help: "start with pictures off (i turns them on)", commands: [.browse, .print],
      group: .pictures,
      read: { $0.browser.pictures ? nil : .flag },
      apply: { s, _ in s.browser.pictures = false }),
    OptionSpec(
      name: "--no-animation", placeholder: "", kind: .flag,
      help: "show animated GIFs and WebPs still, on their first frame, marked as moving (a "
        + "pauses and plays them)",
      commands: [.browse, .print], group: .pictures,
      read: { $0.browser.animations ? nil : .flag },
      apply: { s, _ in s.browser.animations = false }),
    OptionSpec(
      name: "--show-sensitive", placeholder: "", kind: .flag,
      help: "show pictures the feed marks sensitive (s toggles); else their placeholder",
      commands: [.browse, .print], group: .pictures,
      read: { $0.browser.showSensitive ? .flag : nil },
      apply: { s, _ in s.browser.showSensitive = true }),
    OptionSpec(
      name: "--color", placeholder: "MODE", kind: .choice(["auto", "direct", "256", "16", "none"]),
      help: "colours for pictures: as many as the terminal has (COLORTERM, tmux, XTVERSION, "
        + "terminfo), 24-bit (through the *-direct terminfo of the terminal's family), the 256 "
        + "or 16 palette, or no pictures",
      commands: [.browse, .print], group: .pictures, read: { .text($0.pictures.color) },
      apply: { s, v in if case .text(let t) = v { s.pictures.color = t } }),
    OptionSpec(
      name: "--max-pixels", placeholder: "N", kind: .integer(1...1_000_000_000),
      help: "largest picture, in pixels (refused from its header, before decoding)",
      commands: [.browse, .print], group: .pictures, read: { .integer($0.pictures.maxPixels) },
      apply: { s, v in if case .integer(let n) = v { s.pictures.maxPixels = n } }),
    OptionSpec(
      name: "--max-image-bytes", placeholder: "N", kind: .integer(1...Int(Int32.max)),
      help: "largest picture file, in bytes", commands: [.browse, .print], group: .pictures,
      sets: .pictureBytes,
      read: { .integer($0.pictures.maxImageBytes) },
      apply: { s, v in if case .integer(let n) = v { s.pictures.maxImageBytes = n } }),
    OptionSpec(
      name: "--picture-time", placeholder: "SECONDS", kind: .number(0.001...604_800),
      help: "give up on one picture's transfer after this long, for the next to go ahead",
      commands: [.browse, .print], group: .pictures, sets: .pictureTime,
      read: { .number($0.load.pictureTime) },
      apply: { s, v in if case .number(let x) = v { s.load.pictureTime = x } }),
    OptionSpec(
      name: "--cache-size", placeholder: "MIB", kind: .integer(1...1_000_000),
      help: "pictures fetched from the web, and the cells drawn of pictures, kept on disk, "
        + "under $XDG_CACHE_HOME/cascade",
      commands: [.browse, .print], group: .pictures, read: { .integer($0.pictures.diskCache) },
      apply: { s, v in if case .integer(let n) = v { s.pictures.diskCache = n } }),
    OptionSpec(
      name: "--memory-cache", placeholder: "MIB", kind: .integer(1...100_000),
      help: "pictures drawn as cells kept in memory", commands: [.browse], group: .pictures,
      read: { .integer($0.pictures.memoryCache) },
      apply: { s, v in if case .integer(let n) = v { s.pictures.memoryCache = n } }),
    OptionSpec(
      name: "--no-cache", placeholder: "", kind: .flag,
      help: "fetch and draw every picture (and feed page) again: no disk cache",
      commands: [.browse, .print],
      group: .pictures,
      read: { $0.pictures.noCache ? .flag : nil },
      apply: { s, _ in s.pictures.noCache = true }),
  ]

  static let printing: [OptionSpec] = [
    OptionSpec(
      name: "--width", placeholder: "W", kind: .integer(10...10_000),
      help: "the width in cells (default: the terminal's, else 80)", commands: [.print],
      group: .printing,
      read: { $0.print.width.map(Value.integer) },
      apply: { s, v in if case .integer(let n) = v { s.print.width = n } }),
    OptionSpec(
      name: "--height", placeholder: "H", kind: .integer(1...100_000),
      help: "the rows of the waterfall printed (default: the terminal's, else 24)",
      commands: [.print], group: .printing,
      read: { $0.print.height.map(Value.integer) },
      apply: { s, v in if case .integer(let n) = v { s.print.height = n } },
      chooses: "the rows printed", unset: { $0.print.height = nil }),
    OptionSpec(
      name: "--all", placeholder: "", kind: .flag,
      help: "the whole of the first page, however tall", commands: [.print], group: .printing,
      read: { $0.print.all ? .flag : nil },
      apply: { s, _ in s.print.all = true },
      chooses: "the rows printed", unset: { $0.print.all = false }),
  ]

  static let layout: [OptionSpec] = [
    OptionSpec(
      name: "--width", placeholder: "W", kind: .number(0.001...1e9),
      help: "the container width (required)", commands: [.layout], group: .layout,
      read: { $0.layout.width.map(Value.number) },
      apply: { s, v in if case .number(let x) = v { s.layout.width = x } }),
    OptionSpec(
      name: "--columns", placeholder: "C", kind: .integer(1...10_000), help: "column count",
      commands: [.layout], group: .layout,
      read: { .integer($0.layout.configuration.columnCount) },
      apply: { s, v in if case .integer(let n) = v { s.layout.configuration.columnCount = n } },
      // A count always has a value: the width, when given, wins over it.
      chooses: "the columns"),
    OptionSpec(
      name: "--column-width", placeholder: "N", kind: .number(0.001...1e9),
      help: "instead of a count: as many columns of width N as fit", commands: [.layout],
      group: .layout,
      read: { $0.layout.columnWidth.map(Value.number) },
      apply: { s, v in if case .number(let x) = v { s.layout.columnWidth = x } },
      chooses: "the columns", unset: { $0.layout.columnWidth = nil }),
    OptionSpec(
      name: "--column-spacing", placeholder: "S", kind: .number(0...1e9),
      help: "the gap between columns", commands: [.layout], group: .layout,
      read: { .number($0.layout.configuration.columnSpacing) },
      apply: { s, v in if case .number(let x) = v { s.layout.configuration.columnSpacing = x } }),
    OptionSpec(
      name: "--row-spacing", placeholder: "R", kind: .number(0...1e9),
      help: "the gap between items in a column", commands: [.layout], group: .layout,
      read: { .number($0.layout.configuration.rowSpacing) },
      apply: { s, v in if case .number(let x) = v { s.layout.configuration.rowSpacing = x } }),
    OptionSpec(
      name: "--insets", placeholder: "T,L,B,R",
      kind: .numbers(count: 4, range: 0...1e9, example: "10,10,10,10"),
      help: "free space around the items", commands: [.layout], group: .layout,
      read: { s in
        let i = s.layout.configuration.insets
        return .numbers([i.top, i.left, i.bottom, i.right])
      },
      apply: { s, v in
        if case .numbers(let n) = v {
          s.layout.configuration.insets = EdgeInsets(
            top: n[0], left: n[1], bottom: n[2], right: n[3])
        }
      }),
    OptionSpec(
      name: "--rect", placeholder: "X,Y,W,H",
      kind: .numbers(count: 4, range: -1e12...1e12, example: "0,0,375,667"),
      help: "print only the items overlapping this rect", commands: [.layout], group: .layout,
      read: { s in s.layout.rect.map { .numbers([$0.x, $0.y, $0.width, $0.height]) } },
      apply: { s, v in
        if case .numbers(let n) = v {
          s.layout.rect = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
      }),
    OptionSpec(
      name: "--height", placeholder: "H", kind: .number(0...1e9),
      help: "carousel and ring: the view's height (required for them)", commands: [.layout],
      group: .layout, read: { $0.layout.height.map(Value.number) },
      apply: { s, v in if case .number(let x) = v { s.layout.height = x } }),
    OptionSpec(
      name: "--offset", placeholder: "X", kind: .number(-1e12...1e12),
      help: "carousel: the scroll offset", commands: [.layout], group: .layout,
      read: { .number($0.layout.offset) },
      apply: { s, v in if case .number(let x) = v { s.layout.offset = x } }),
  ]

  static let style: [OptionSpec] = [
    OptionSpec(
      name: "--style", placeholder: "STYLE", kind: .choice(LayoutStyle.allCases.map(\.rawValue)),
      help: "waterfall: the shortest column; irregular: now and then two columns wide; "
        + "carousel: one row; ring: a circle (L cycles in the browser)",
      commands: [.browse, .layout, .print], group: .style,
      read: { .text($0.browser.style.rawValue) },
      apply: { s, v in
        if case .text(let t) = v, let style = LayoutStyle(rawValue: t) {
          s.browser.style = style
          s.layout.style = style
        }
      }),
    OptionSpec(
      name: "--order", placeholder: "ORDER", kind: .choice(ColumnOrder.allCases.map(\.rawValue)),
      help: "which column a picture goes to", commands: [.browse, .layout, .print], group: .style,
      read: { .text($0.browser.order.rawValue) },
      apply: { s, v in
        if case .text(let t) = v, let order = ColumnOrder(rawValue: t) {
          s.browser.order = order
          s.layout.configuration.order = order
        }
      }),
    OptionSpec(
      name: "--tie-tolerance", placeholder: "T", kind: .number(0...1e9),
      help: "bottoms within T of the shortest count as tied (browser: default one row)",
      commands: [.browse, .layout, .print], group: .style,
      read: { $0.browser.tieTolerance.map(Value.number) },
      apply: { s, v in
        if case .number(let x) = v {
          s.browser.tieTolerance = x
          s.layout.configuration.tieTolerance = x
        }
      }),
    OptionSpec(
      name: "--enlarge-probability", placeholder: "P", kind: .number(0...1),
      help: "irregular: the chance that a picture spans two columns",
      commands: [.browse, .layout, .print], group: .style,
      read: { .number($0.browser.enlargeProbability) },
      apply: { s, v in
        if case .number(let x) = v {
          s.browser.enlargeProbability = x
          s.layout.enlargement.probability = x
        }
      }),
    OptionSpec(
      name: "--seed", placeholder: "N", kind: .unsigned,
      help: "irregular: the seed of the draws",
      commands: [.browse, .layout, .print], group: .style,
      read: { .unsigned($0.browser.seed) },
      apply: { s, v in
        if case .unsigned(let n) = v {
          s.browser.seed = n
          s.layout.enlargement.seed = n
        }
      }),
  ]

  static let feeds: [OptionSpec] = [
    OptionSpec(
      name: "--format", placeholder: "FORMAT", kind: .choice(FeedFormat.allCases.map(\.rawValue)),
      help: "read pages in this format instead of telling it from their content",
      commands: [.browse, .layout, .print, .items], group: .feeds,
      read: { $0.load.format.map { Value.text($0.rawValue) } },
      apply: { s, v in if case .text(let t) = v { s.load.format = FeedFormat(rawValue: t) } }),
    OptionSpec(
      name: "--recursive", placeholder: "", kind: .flag,
      help: "a folder FEED: read its subfolders too", commands: [.browse, .layout, .print, .items],
      group: .feeds, read: { $0.load.recursive ? .flag : nil },
      apply: { s, _ in s.load.recursive = true }),
    OptionSpec(
      name: "--pictures-only", placeholder: "", kind: .flag,
      help: "leave out items without a picture, which are otherwise cards of their title, "
        + "date, author and summary", commands: [.browse, .print, .items], group: .feeds,
      sets: .picturesOnly,
      read: { $0.load.picturesOnly ? .flag : nil },
      apply: { s, _ in s.load.picturesOnly = true }),
    OptionSpec(
      name: "--sort", placeholder: "ORDER", kind: .choice(FolderOrder.allCases.map(\.rawValue)),
      help: "a folder FEED: by name, newest first, or largest first",
      commands: [.browse, .layout, .print, .items], group: .feeds,
      read: { .text($0.load.folderOrder.rawValue) },
      apply: { s, v in
        if case .text(let t) = v, let order = FolderOrder(rawValue: t) {
          s.load.folderOrder = order
        }
      }),
    // Not in the config file: a key given there would go to every feed's site.
    OptionSpec(
      name: "--header", alias: "-H", placeholder: "'NAME: VALUE'", kind: .header,
      help:
        "send this HTTP header (an API key, a token) with the FEED's requests, only to its own"
        + " site; repeat for more", commands: [.browse, .layout, .print, .items], group: .feeds,
      configurable: false,
      apply: { s, v in if case .text(let line) = v { s.load.headers.append(line) } }),
    // Not in the config file: secrets are shown only when asked for each time.
    OptionSpec(
      name: "--show-secrets", placeholder: "", kind: .flag,
      help: "write the passwords and tokens in URLs as they are, instead of masked",
      commands: [.items, .export], group: .feeds, configurable: false,
      apply: { s, _ in s.showSecrets = true }),
    OptionSpec(
      name: "--no-probe", placeholder: "", kind: .flag,
      help: "skip items the feed gives no size for, instead of reading the pictures' headers",
      commands: [.layout], group: .feeds, read: { $0.layout.noProbe ? .flag : nil },
      apply: { s, _ in s.layout.noProbe = true }),
  ]

  static let limits: [OptionSpec] = [
    OptionSpec(
      name: "--timeout", placeholder: "SECONDS", kind: .number(0.001...86_400),
      help: "wait this long to connect, and between reads",
      commands: [.browse, .layout, .print, .items],
      group: .limits, sets: .timeout, read: { .number($0.load.timeout) },
      apply: { s, v in if case .number(let x) = v { s.load.timeout = x } }),
    OptionSpec(
      name: "--total-time", placeholder: "SECONDS", kind: .number(0.001...604_800),
      help: "give up on one page after this long", commands: [.browse, .layout, .print, .items],
      group: .limits, sets: .totalTime, read: { $0.load.totalTime.map(Value.number) },
      apply: { s, v in if case .number(let x) = v { s.load.totalTime = x } }),
    OptionSpec(
      name: "--max-bytes", placeholder: "N", kind: .integer(1...Int(Int32.max)),
      help: "largest page body, in bytes", commands: [.browse, .layout, .print, .items],
      group: .limits,
      sets: .maxBytes,
      read: { .integer($0.load.maxBytes) },
      apply: { s, v in if case .integer(let n) = v { s.load.maxBytes = n } }),
    OptionSpec(
      name: "--max-items", placeholder: "N", kind: .integer(1...100_000_000),
      help: "most items in one page", commands: [.browse, .layout, .print, .items], group: .limits,
      sets: .maxItems,
      read: { .integer($0.load.maxItems) },
      apply: { s, v in if case .integer(let n) = v { s.load.maxItems = n } }),
    OptionSpec(
      name: "--max-depth", placeholder: "N", kind: .integer(1...100_000),
      help: "deepest nesting of JSON values", commands: [.browse, .layout, .print, .items],
      group: .limits,
      sets: .maxDepth,
      read: { .integer($0.load.maxDepth) },
      apply: { s, v in if case .integer(let n) = v { s.load.maxDepth = n } }),
    OptionSpec(
      name: "--max-string", placeholder: "N", kind: .integer(1...Int(Int32.max)),
      help: "longest JSON string, in bytes", commands: [.browse, .layout, .print, .items],
      group: .limits,
      sets: .maxStringLength,
      read: { .integer($0.load.maxStringLength) },
      apply: { s, v in if case .integer(let n) = v { s.load.maxStringLength = n } }),
    OptionSpec(
      name: "--max-pages", placeholder: "N", kind: .integer(1...100_000_000),
      help: "most pages loaded while paging", commands: [.browse, .layout, .print], group: .limits,
      sets: .maxPages,
      read: { .integer($0.load.maxPages) },
      apply: { s, v in if case .integer(let n) = v { s.load.maxPages = n } }),
  ]
}
