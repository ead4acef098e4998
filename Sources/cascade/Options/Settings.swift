import BrowserCore
import FeedKit
import LayoutEngine

/// Everything a command line sets; each command reads its part.
struct Settings: Sendable {
  /// The FEED arguments, in the order given: none opens the feeds followed (else the sample
  /// feed), several one waterfall of all their items.
  var feeds: [String] = []
  var help = false
  /// `--version` anywhere on the command line, as `--help` is.
  var version = false
  /// `-C FILE`: the config file to read instead of the default one.
  var configFile: String?
  /// `--print-config`: print the effective configuration instead of running.
  var printConfig = false
  /// The config file that was read (`-C FILE`, or the first found), or the places looked in
  /// when none was: what `--print-config` says its settings came from.
  var configSource = ConfigSource.none(searched: [])
  /// `cascade items --show-secrets`: write URLs' passwords and tokens as they are.
  var showSecrets = false
  /// `--last`: reopen the feed browsed last, at the same place.
  var last = false
  var browser = {
    var options = BrowserOptions()
    // Messages name the option that raises a limit.
    options.settingNames = .commandLine
    return options
  }()
  /// Whether the command line or the config file gave `--cell-aspect`: else the terminal's
  /// own cells, when it says their size, shape the boxes.
  var cellAspectGiven = false
  var load = {
    var options = LoadOptions()
    options.settingNames = .commandLine
    return options
  }()
  var layout = LayoutSettings()
  var pictures = PictureOptions()
  var print = PrintOptions()
  /// The interface's colours from the config file's `"theme"`.
  var theme = ThemeColors()
  /// The keys the config file's `"keys"` gives actions, in place of their own.
  var keys: [Action: [[Key]]] = [:]
}

/// What `cascade print` prints.
struct PrintOptions: Sendable {
  var width: Int?
  var height: Int?
  var all = false
}

/// How pictures are drawn and kept.
struct PictureOptions: Sendable {
  var color = "auto"
  var noCache = false
  var maxPixels = 64_000_000
  var maxImageBytes = 32 << 20
  /// MiB of fetched pictures kept on disk.
  var diskCache = 512
  /// MiB of drawn pictures kept in memory.
  var memoryCache = 64
  /// `--pictures`: auto, or a protocol by name.
  var protocolName = "auto"
  /// Milliseconds to wait for the terminal's answers.
  var probeBudget = 250
  /// `--probe`: report and exit.
  var probe = false
}

/// What `cascade layout` reads besides the feed and the limits.
struct LayoutSettings: Sendable {
  var width: Double?
  var configuration = LayoutConfiguration(containerWidth: 0)
  var columnWidth: Double?
  var rect: Rect?
  var height: Double?
  var offset = 0.0
  var style = LayoutStyle.waterfall
  var enlargement = Enlargement()
  /// Skip unsized items rather than read their sizes from the pictures.
  var noProbe = false
}
