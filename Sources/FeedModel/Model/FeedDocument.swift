/// One decoded page of a feed.
public struct FeedDocument: Sendable {
  public var items: [FeedItem]
  public var skipped: SkipReport
  /// The top-level `"next"` link, as written (absolute, or relative to the page).
  public var next: String?
  /// The feed's own name, when the document gives one (`"title"` at the top level).
  public var title: String?

  public init(
    items: [FeedItem], skipped: SkipReport = SkipReport(), next: String? = nil,
    title: String? = nil
  ) {
    self.items = items
    self.skipped = skipped
    self.next = next
    self.title = title
  }
}
