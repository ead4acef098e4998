/// A picture whose size the state asks the shell to read from its header (`Effect.probeSizes`):
/// the item's position when asked and its URL, which says whether the answer still fits the
/// item at that position (a refresh or a removal may have moved it).
public struct SizeRequest: Hashable, Sendable {
  public var index: Int
  public var imageURL: String
  /// Whether the item's box is in view when asked: its picture is about to be drawn, so its
  /// probe goes with the pictures in view, ahead of probes and pictures around the view.
  public var inView: Bool
  /// Asked before and not answered yet: asked again only to move its probe up to the view's
  /// order if it still waits to start (`BrowserState.reconcileSizes`); it never starts one.
  public var again: Bool

  public init(index: Int, imageURL: String, inView: Bool = false, again: Bool = false) {
    self.index = index
    self.imageURL = imageURL
    self.inView = inView
    self.again = again
  }
}

/// What a size probe found (`Event.sizesProbed`): the display size, or why there is none.
public struct ProbedSize: Hashable, Sendable {
  public var request: SizeRequest
  public var width: Double
  public var height: Double
  /// Why the header could not be read; the sizes are 0 then.
  public var failure: String?

  public init(request: SizeRequest, width: Double, height: Double, failure: String? = nil) {
    self.request = request
    self.width = width
    self.height = height
    self.failure = failure
  }
}

/// The sizes asked for, found and not found, by picture URL: so a picture is probed once,
/// whatever happens to the items, and a refreshed page's unsized items take the sizes already
/// found without asking again.
struct SizeProbeBook {
  /// Probes at once: enough to hide latency, few enough not to crowd out the pictures.
  static let maxInFlight = 8

  var inFlight: Set<String> = []
  var found: [String: (width: Double, height: Double)] = [:]
  var failed: [String: String] = [:]
}
