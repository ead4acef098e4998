/// A feed a person follows: its address (a URL or a path, as a FEED argument), the name they
/// gave it, and the folder it is filed in (`Photography/Film`, from OPML's nested outlines).
public struct Subscription: Hashable, Sendable {
  public var feed: String
  public var name: String?
  /// The folders it is in, outermost first; empty at the top.
  public var folders: [String]

  public init(feed: String, name: String? = nil, folders: [String] = []) {
    self.feed = feed
    self.name = name
    self.folders = folders
  }
}
