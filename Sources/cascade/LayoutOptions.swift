import FeedKit
import LayoutEngine

/// What `cascade layout` was asked for.
struct LayoutOptions {
  var feeds: [String] = []
  var style = LayoutStyle.waterfall
  var configuration: LayoutConfiguration
  var columnWidth: Double?
  var rect: Rect?
  var height: Double?
  var offset = 0.0
  var load = LoadOptions()
  var help = false
  /// Skip items without a size instead of probing their pictures.
  var noProbe = false
  /// Everything the command line and the config file set, for `--print-config`.
  var settings: Settings

  init(arguments: [String]) throws(UsageError) {
    settings = try OptionParser.parse(arguments, for: .layout)
    let command = Command.layout.rawValue
    let c = settings.layout.configuration
    let width = settings.layout.width
    let enlargement = settings.layout.enlargement
    style = settings.layout.style
    columnWidth = settings.layout.columnWidth
    rect = settings.layout.rect
    height = settings.layout.height
    offset = settings.layout.offset
    load = settings.load
    help = settings.help || FeedArgument.asksForHelp(settings.feeds)
    noProbe = settings.layout.noProbe
    feeds = settings.feeds
    configuration = c
    if help || settings.version || settings.printConfig { return }
    guard let width else { throw UsageError("--width is required", command: command) }
    configuration.containerWidth = width
    if style == .irregular { configuration.enlargement = enlargement }
    if let columnWidth {
      configuration.columnCount = LayoutConfiguration.columnCount(
        fitting: columnWidth, containerWidth: width, columnSpacing: c.columnSpacing,
        insets: c.insets)
    }
    switch style {
    case .carousel, .ring:
      guard height != nil else {
        throw UsageError("--style \(style.rawValue) needs --height", command: command)
      }
    case .waterfall, .irregular:
      do {
        try configuration.validate()
      } catch {
        throw UsageError(error.description, command: command)
      }
    }
  }
}
