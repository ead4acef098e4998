import FeedModel

/// The post view: `Enter` on an item shows its post — the picture beside or above the text,
/// the facts, the whole text scrolled with the movement keys — and `Enter` again (or `+`)
/// shows the picture alone, as the full screen always did, with zoom and pan. The post's whole
/// text is read when it is opened (`Effect.readPost`); until it comes, the summary stands in.
extension BrowserState {
  /// Opens the post of item `i`.
  mutating func showPost(of i: Int) {
    showDetails(of: i)
    showsPost = true
  }

  /// Whether the details of item `i` show its post: asked for, or the picture alone cannot be
  /// shown (pictures off, a text item, a slideshow of them).
  public func showsPostView(ofItem i: Int) -> Bool {
    showsPost || !(picturesShown && fullScreenPictureKey(forItem: i) != nil)
  }

  /// The layout of the post of item `i` on this screen.
  func postLayout(ofItem i: Int) -> PostLayout {
    let withPicture =
      picturesShown && i < items.count && items[i].hasPicture && !awaitsSize(i)
    return PostLayout(screen, withPicture: withPicture, cellAspect: geometry.cellAspect)
  }

  /// The post of item `i` as lines, at the width its layout gives.
  func postPage(ofItem i: Int, times: String = "×") -> PostPage {
    let item = items[i]
    let label = BoxLabel(item: item, number: i + 1)
    return PostPage(
      item: item, number: i + 1, count: items.count,
      feed: item.feed.map(URLSecrets.masked) ?? feedTitle,
      post: post?.key == item.postKey ? post?.text : nil, facts: pictureFacts(ofItem: i),
      failure: pictureFailure(ofItem: i), time: readerTime,
      pictureSize: label.size(times: times), times: times,
      width: postLayout(ofItem: i).text.width)
  }

  /// How many links the post of item `i` numbers (none until its whole text is read).
  public func postLinks(ofItem i: Int) -> Int {
    guard i < items.count, let post, post.key == items[i].postKey else { return 0 }
    return post.text.links.count
  }

  /// Asks for the whole text of the post shown, once; forgets the one read when no post is.
  mutating func reconcilePost() -> [Effect] {
    guard case .details(let i) = panel, i < items.count, showsPostView(ofItem: i),
      let key = items[i].postKey
    else {
      if panel == .none { (post, postAsked) = (nil, nil) }
      return []
    }
    guard postAsked != key else { return [] }
    postAsked = key
    return [.readPost(key: key, base: items[i].link)]
  }

  /// The whole text of a post came (nil: none was kept, and the summary stands).
  mutating func postRead(key: String, _ text: PostText?) {
    guard postAsked == key else { return }
    post = text.map { (key, $0) }
  }

  /// The keys of the post view of item `i`; nil for those left to the details' handling
  /// (the neighbours, closing, the keys that work on the item).
  mutating func handleInPost(_ action: Action, item i: Int) -> [Effect]? {
    if let typed = linkPrompt { return typeLinkNumber(action, typed: typed, item: i) }
    let page = postPage(ofItem: i)
    let room = postLayout(ofItem: i).textRows
    let last = max(0, page.lines.count - room)
    func scroll(_ delta: Int) { detailsScroll = min(last, max(0, detailsScroll + delta)) }
    switch action {
    case .scroll(let rows), .wheel(let rows): scroll(rows)
    case .select(.down): scroll(1)
    case .select(.up): scroll(-1)
    case .page(let fraction):
      let rows = max(1, Int((Double(max(1, room - 1)) * abs(fraction)).rounded(.down)))
      scroll(fraction < 0 ? -rows : rows)
    case .top: detailsScroll = 0
    case .bottom: detailsScroll = last
    case .details, .columns(.more):
      guard picturesShown, items[i].hasPicture else {
        message = "nothing to zoom: #\(i + 1) shows no picture"
        return []
      }
      showsPost = false
      returnsToPost = true
      if action == .columns(.more) { return handleInFullScreen(action, item: i) ?? [] }
    case .open:
      let links = post?.key == items[i].postKey ? post?.text.links ?? [] : []
      guard !links.isEmpty else { return nil }
      linkPrompt = ""
      message = "open: link 1–\(links.count) and Enter, or Enter for the post's page"
    case .digit: break
    default: return nil
    }
    return []
  }

  /// A number typed after `o`: link N opens once no longer number can follow (or at Enter);
  /// Enter alone opens the post's page; any other key gives up.
  private mutating func typeLinkNumber(_ action: Action, typed: String, item i: Int) -> [Effect] {
    let links = post?.text.links ?? []
    switch action {
    case .digit(let d):
      let now = typed + "\(d)"
      guard let number = Int(now), number <= links.count, number > 0 else {
        linkPrompt = nil
        message = "no link \(now): the post has \(counted(links.count, "link"))"
        return []
      }
      linkPrompt = now
      message = "open: link \(now)"
      return number * 10 > links.count ? openLink(number, of: links) : []
    case .deleteBack:
      linkPrompt = String(typed.dropLast())
      return []
    case .details:
      linkPrompt = nil
      guard let number = Int(typed) else {
        message = ""
        return openTarget(of: i).map { [.open($0)] } ?? []
      }
      return openLink(number, of: links)
    default:
      linkPrompt = nil
      message = "open: given up"
      return []
    }
  }

  private mutating func openLink(_ number: Int, of links: [String]) -> [Effect] {
    linkPrompt = nil
    guard number >= 1, number <= links.count else { return [] }
    message = "link \(number)"
    return [.open(links[number - 1])]
  }
}
