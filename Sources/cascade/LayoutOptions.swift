import FeedKit
import LayoutEngine

/// What `cascade layout` was asked for.
struct LayoutOptions {
  static let usage = """
    usage: cascade layout [FEED] --width W [--columns C | --column-width N]
                          [--column-spacing S] [--row-spacing R] [--insets T,L,B,R]
                          [--rect X,Y,W,H] [--style STYLE] [style options] [limits]

    Lays FEED out and prints the frames as JSON:
      {"contentSize": {"width": W, "height": H},
       "items": [{"index": 0, "x": 0, "y": 0, "width": 187.5, "height": 351.4}, ...]}
    `index` counts the items that were kept; skipped items are reported on stderr.

    FEED              a file, '-' for standard input, or a file/http/https URL;
                      the bundled sample feed when left out
    --width W         the container width (required)
    --columns C       column count (default 2)
    --column-width N  instead of a count: as many columns of width N as fit (at least 1)
    --column-spacing S, --row-spacing R    gaps between columns / items (default 0)
    --insets T,L,B,R  free space around the items (default 0,0,0,0)
    --rect X,Y,W,H    print only the items overlapping this rect

    --style waterfall   every item into the shortest column (the default)
            irregular   now and then an item spans two columns ("span": 2)
            carousel    one row of boxes 0.6·H square, shrunk by their distance
                        from the view's centre; prints the boxes in view at
                        --offset, in view coordinates, with their "scale"
            ring        boxes 0.2·min(W,H) square on a circle in a W×H view
    --order shortest|left-to-right|right-to-left    which column an item goes to
    --tie-tolerance T         bottoms within T of the shortest count as tied
    --enlarge-probability P   irregular: the chance of an enlargement (default 0.67)
    --seed N                  irregular: the draws' seed (fixed by default)
    --height H                carousel and ring: the view's height (required)
    --offset X                carousel: the scroll offset (default 0)

    Limits on what is loaded (each error names the flag that raises it):
    \(LoadOptionFlags.usage)
    """

  var feed: String?
  var style = LayoutStyle.waterfall
  var configuration: LayoutConfiguration
  var columnWidth: Double?
  var rect: Rect?
  var height: Double?
  var offset = 0.0
  var load = LoadOptions()
  var help = false

  init(arguments: [String]) throws(UsageError) {
    var scanner = ArgumentScanner(arguments, command: "cascade layout")
    var width: Double?
    var c = LayoutConfiguration(containerWidth: 0)
    var enlargement = Enlargement()
    while let option = scanner.nextOption() {
      switch option {
      case "--width": width = try scanner.number(option)
      case "--columns": c.columnCount = try scanner.integer(option, in: 1...10_000)
      case "--column-width": columnWidth = try scanner.number(option, atLeast: 0.001)
      case "--column-spacing": c.columnSpacing = try scanner.number(option, atLeast: 0)
      case "--row-spacing": c.rowSpacing = try scanner.number(option, atLeast: 0)
      case "--insets":
        let v = try scanner.numbers(option, count: 4, example: "10,10,10,10")
        c.insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
      case "--rect":
        let v = try scanner.numbers(option, count: 4, example: "0,0,375,667")
        rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      case "--style": style = try scanner.choice(option, LayoutStyle.self)
      case "--order": c.order = try scanner.choice(option, ColumnOrder.self)
      case "--tie-tolerance": c.tieTolerance = try scanner.number(option, atLeast: 0)
      case "--enlarge-probability":
        enlargement.probability = try scanner.number(option, in: 0...1)
      case "--seed": enlargement.seed = try scanner.unsigned(option)
      case "--height": height = try scanner.number(option, atLeast: 0)
      case "--offset": offset = try scanner.number(option)
      case "--help", "-h":
        try scanner.flag()
        help = true
      default:
        guard try LoadOptionFlags.parse(option, &scanner, into: &load) else {
          throw scanner.unknown(option)
        }
      }
    }
    guard scanner.positionals.count <= 1 else {
      throw UsageError(
        "expected at most one FEED, got \(scanner.positionals.count)", command: scanner.command)
    }
    feed = scanner.positionals.first
    configuration = c
    if help { return }
    guard let width else { throw UsageError("--width is required", command: scanner.command) }
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
        throw UsageError("--style \(style.rawValue) needs --height", command: scanner.command)
      }
    case .waterfall, .irregular:
      do {
        try configuration.validate()
      } catch {
        throw UsageError(error.description, command: scanner.command)
      }
    }
  }
}
