import FeedKit
import FeedModel

@testable import BrowserCore

enum Fixtures {
  /// The bundled sample feed, decoded.
  static var sample: [FeedItem] {
    (try? LiberalJSONDecoder.decode(SampleFeed.bytes, source: "sample"))?.items ?? []
  }

  /// `count` items with a repeating pattern of shapes and plain titles.
  static func items(_ count: Int, prefix: String = "item") -> [FeedItem] {
    let shapes: [(Double, Double)] = [(600, 600), (1200, 2249), (1800, 1200), (800, 1600)]
    return (0..<count).map { i in
      let (w, h) = shapes[i % shapes.count]
      return FeedItem(
        imageURL: "https://example.com/\(prefix)/\(i + 1).jpg", width: w, height: h,
        title: "\(prefix) \(i + 1)", id: "\(prefix)-\(i + 1)",
        link: "https://example.com/\(prefix)/\(i + 1)")
    }
  }

  static func state(
    _ items: [FeedItem], columns: Int? = nil, size: CanvasSize = CanvasSize(columns: 80, rows: 24),
    hasMore: Bool = false, threshold: Int = 3
  ) -> BrowserState {
    var state = BrowserState(
      options: BrowserOptions(columns: columns, pullThreshold: threshold, pictures: false),
      screen: size)
    state.start(with: items, skipped: SkipReport(), hasMore: hasMore)
    return state
  }
}

extension Fixtures {
  /// A started browser with these options.
  static func state(
    _ items: [FeedItem], options: BrowserOptions,
    size: CanvasSize = CanvasSize(columns: 80, rows: 24), hasMore: Bool = false,
    title: String? = nil
  ) -> BrowserState {
    var state = BrowserState(options: options, screen: size)
    state.start(with: items, skipped: SkipReport(), hasMore: hasMore, title: title)
    return state
  }
}

/// A feed that answers each load from a script, for tests without files or HTTP.
actor ScriptedFeed {
  private var refreshes: [FeedUpdate]
  private var mores: [FeedUpdate]

  init(refreshes: [FeedUpdate], mores: [FeedUpdate] = []) {
    self.refreshes = refreshes
    self.mores = mores
  }

  func refresh() async -> FeedUpdate {
    refreshes.isEmpty ? .superseded : refreshes.removeFirst()
  }

  func loadMore() async -> FeedUpdate {
    mores.isEmpty ? .endOfFeed : mores.removeFirst()
  }
}
