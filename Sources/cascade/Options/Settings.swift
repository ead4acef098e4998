import BrowserCore
import FeedKit
import LayoutEngine

/// Everything a command line sets; each command reads its part.
struct Settings: Sendable {
  var feed: String?
  var help = false
  var browser = BrowserOptions()
  var load = LoadOptions()
  var layout = LayoutSettings()
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
}
