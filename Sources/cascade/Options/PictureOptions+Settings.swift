import BrowserShell
import FeedKit
import FoundationEssentials
import PictureKit
import Pictures

extension PictureOptions {
  /// The settings the picture loader runs with, for pictures of a feed from `source`.
  func settings(for source: FeedSource, load: LoadOptions) -> PictureSettings {
    var settings = PictureSettings(source: source)
    settings.color = ColorChoice(rawValue: color) ?? .auto
    settings.limits = PictureLimits(maxPixels: maxPixels, maxBytes: maxImageBytes)
    settings.load = load
    settings.memoryBudget = memoryCache << 20
    if !noCache {
      settings.diskCache = CacheFolder.opened(
        "pictures", budget: diskCache << 20, environment: ProcessInfo.processInfo.environment,
        cache: "picture cache", keeps: "pictures")
    }
    return settings
  }
}
