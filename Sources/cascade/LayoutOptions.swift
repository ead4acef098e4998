import FeedKit
import WaterfallLayout

/// What `cascade layout` was asked for.
struct LayoutOptions: Equatable {
  static let usage = """
    usage: cascade layout [FEED] --width W [--columns C] [--column-spacing S]
                          [--row-spacing R] [--insets T,L,B,R] [--rect X,Y,W,H]
                          [--style waterfall|irregular|carousel|ring] [style options]
                          [--timeout SECONDS] [limits]

    Lays FEED out as a waterfall and prints the frames as JSON:
      {"contentSize": {"width": W, "height": H},
       "items": [{"index": 0, "x": 0, "y": 0, "width": 187.5, "height": 351.4}, ...]}
    `index` counts the items that were kept; skipped items are reported on stderr.

    FEED        a file, '-' for standard input, or a file/http/https URL;
                the bundled sample feed when left out
    --width     the container width (required)
    --columns   column count (default 2)
    --column-spacing, --row-spacing   gaps between columns / items (default 0)
    --insets    top,left,bottom,right (default 0,0,0,0)
    --rect      print only the items overlapping this rect (x,y,width,height)

    Limits on what is loaded (each error names the flag that raises it):
    \(LoadOptionFlags.usage)
    """

  var feed: String?
  var configuration: LayoutConfiguration
  var rect: Rect?
  var load = LoadOptions()
  var help = false

  init(arguments: [String]) throws(UsageError) {
    var scanner = ArgumentScanner(arguments, command: "cascade layout")
    var width: Double?
    var columns = 2
    var columnSpacing = 0.0
    var rowSpacing = 0.0
    var insets = EdgeInsets.zero
    while let option = scanner.nextOption() {
      switch option {
      case "--width": width = try scanner.number("--width")
      case "--columns": columns = try scanner.integer("--columns", in: 1...10_000)
      case "--column-spacing":
        columnSpacing = try scanner.number("--column-spacing", atLeast: 0)
      case "--row-spacing": rowSpacing = try scanner.number("--row-spacing", atLeast: 0)
      case "--insets":
        let v = try scanner.numbers("--insets", count: 4, example: "10,10,10,10")
        insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
      case "--rect":
        let v = try scanner.numbers("--rect", count: 4, example: "0,0,375,667")
        rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
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
    if help {
      configuration = LayoutConfiguration(containerWidth: 0)
      return
    }
    guard let width else {
      throw UsageError("--width is required", command: scanner.command)
    }
    configuration = LayoutConfiguration(
      columnCount: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing, insets: insets,
      containerWidth: width)
    do {
      try configuration.validate()
    } catch {
      throw UsageError(error.description, command: scanner.command)
    }
  }
}
