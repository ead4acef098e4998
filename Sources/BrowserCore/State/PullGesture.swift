/// Pull to refresh and pull to load more, as a state machine of scroll steps.
///
/// At the top of the feed each further scroll up pulls the content down a row, with a banner
/// above it; at `threshold` rows it asks for a refresh and shows `refreshing…` until the load
/// ends. At the bottom the same happens upwards for the next page (or `end of feed`). Anything
/// else lets go.
public struct PullGesture: Hashable, Sendable {
  public enum Phase: Hashable, Sendable {
    case idle
    /// Rows pulled down at the top so far (below the threshold).
    case pullingDown(Int)
    case refreshing
    /// Rows pulled up at the bottom so far (below the threshold).
    case pullingUp(Int)
    case loadingMore
    /// Pulled past the threshold with no more pages: the banner says so until let go.
    case endOfFeed
  }

  /// What a completed pull asks for.
  public enum Trigger: Hashable, Sendable {
    case refresh, loadMore
  }

  public private(set) var phase = Phase.idle
  public let threshold: Int

  public init(threshold: Int = 3) { self.threshold = max(1, threshold) }

  /// One scroll step up while at the top.
  public mutating func pullDown() -> Trigger? {
    switch phase {
    case .refreshing, .loadingMore: return nil
    case .pullingDown(let rows):
      if rows + 1 >= threshold {
        phase = .refreshing
        return .refresh
      }
      phase = .pullingDown(rows + 1)
    default:
      if threshold <= 1 {
        phase = .refreshing
        return .refresh
      }
      phase = .pullingDown(1)
    }
    return nil
  }

  /// One scroll step down while at the bottom.
  public mutating func pullUp(hasMore: Bool) -> Trigger? {
    switch phase {
    case .refreshing, .loadingMore, .endOfFeed: return nil
    case .pullingUp(let rows):
      if rows + 1 >= threshold { return reachedBottom(hasMore: hasMore) }
      phase = .pullingUp(rows + 1)
    default:
      if threshold <= 1 { return reachedBottom(hasMore: hasMore) }
      phase = .pullingUp(1)
    }
    return nil
  }

  private mutating func reachedBottom(hasMore: Bool) -> Trigger? {
    phase = hasMore ? .loadingMore : .endOfFeed
    return hasMore ? .loadMore : nil
  }

  /// Any other input: a pull that has not triggered springs back.
  public mutating func letGo() {
    switch phase {
    case .pullingDown, .pullingUp, .endOfFeed: phase = .idle
    case .idle, .refreshing, .loadingMore: break
    }
  }

  /// The load a pull started has ended: the content settles back.
  public mutating func loadEnded() {
    if phase == .refreshing || phase == .loadingMore { phase = .idle }
  }

  /// Rows the content is moved down (positive) or up (negative) on screen.
  public var shift: Int {
    switch phase {
    case .idle: 0
    case .pullingDown(let rows): rows
    case .refreshing: 1
    case .pullingUp(let rows): -rows
    case .loadingMore, .endOfFeed: -1
    }
  }
}
