import FeedModel
import FoundationEssentials

/// A Reddit listing (`/r/pics.json`, `/user/x/submitted.json`): each post's picture is its
/// `preview.images[0]` at a size suited to a terminal (the smallest resolution at least
/// `preferredWidth` wide, else the source), and a gallery post gives one item per picture from
/// its `media_metadata`, in `gallery_data` order. Unless asked for `raw_json=1`, Reddit
/// HTML-escapes its URLs and titles (`&amp;`, `&lt;`, `&#39;`); they are unescaped
/// (`HTMLText.decodingReferences`), but a title's `<b>` is its author's text, not markup. A crosspost shows the crossposted post's picture under its own title and
/// link. A post marked `over_18` or `spoiler` marks its pictures sensitive. A post that only
/// links to a picture (no preview yet) shows that picture. A text or link post is a text item of
/// its title and `selftext`. Every item keeps the post's date and author. Pages follow `after`,
/// which
/// Reddit expects as a query parameter of the same URL.
enum RedditDecoder {
  /// Wide enough for a full-screen terminal picture, far smaller than most originals.
  static let preferredWidth = 640.0

  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let children = root["data", "children"]?.array else {
      throw .notAFeed(source: source, detail: "a Reddit listing without \"data\".\"children\"")
    }
    var items: [FeedItem] = []
    var skipped = SkipReport()
    for (index, child) in children.enumerated() {
      guard let post = child["data"] else { continue }
      let pictures =
        pictures(of: post) ?? post["crosspost_parent_list"]?.array?.first.flatMap(pictures) ?? []
      let name = post["name"]?.text ?? post["id"]?.text
      let link = post["permalink"]?.text.map { "https://www.reddit.com" + $0 }
      let title = post["title"]?.text.map(HTMLText.decodingReferences)
      let about = AboutText.about(
        date: AboutText.date(seconds: post["created_utc"]?.number),
        author: post["author"]?.text.map { "u/" + $0 },
        summary: post["selftext"]?.text.map(HTMLText.decodingReferences))
      guard !pictures.isEmpty else {
        if let text = ShapedItem.text(
          title: title, id: name, link: link, about: about, keepsText: true)
        {
          items.append(text)
        } else {
          skipped.record("post \(index + 1): no picture (a text or link post)")
        }
        continue
      }
      let sensitive = post["over_18"]?.isTrue == true || post["spoiler"]?.isTrue == true
      for (number, picture) in pictures.enumerated() {
        let id = name.map { pictures.count > 1 ? "\($0)#\(number + 1)" : $0 }
        items.append(
          ShapedItem.make(
            url: picture.url, width: picture.width, height: picture.height,
            title: title, id: id, link: link, sensitive: sensitive, about: about))
      }
    }
    return FeedDocument(
      items: items, skipped: skipped,
      next: root["data", "after"]?.text.flatMap {
        NextPageQuery.url(source, setting: "after", to: $0)
      })
  }

  private struct Picture {
    var url: String
    var width: Double?
    var height: Double?
  }

  /// A post's own pictures: its gallery's, else its preview's, else the picture it links to
  /// (an `i.redd.it` or `i.imgur.com` link that Reddit gave no preview yet, its size read from
  /// the picture). A crosspost usually has none of them; its picture is the crossposted
  /// post's, the first of its `crosspost_parent_list`.
  private static func pictures(of post: JSONValue) -> [Picture]? {
    gallery(of: post) ?? preview(of: post).map { [$0] } ?? linked(by: post).map { [$0] }
  }

  /// The post's link when it is a picture: Reddit says so (`post_hint` `image`), or its name
  /// is a picture's.
  private static func linked(by post: JSONValue) -> Picture? {
    guard let url = (post["url_overridden_by_dest"] ?? post["url"])?.text else { return nil }
    guard let address = ShapedItem.webAddress(HTMLText.decodingReferences(url)),
      post["post_hint"]?.text == "image" || PictureName.matches(url: address)
    else { return nil }
    return Picture(url: address, width: nil, height: nil)
  }

  private static func preview(of post: JSONValue) -> Picture? {
    guard let image = post["preview", "images"]?.array?.first else { return nil }
    let resolutions = image["resolutions"]?.array ?? []
    let fitting = resolutions.first { ($0["width"]?.number ?? 0) >= preferredWidth }
    guard let chosen = fitting ?? image["source"], let url = chosen["url"]?.text else {
      return nil
    }
    return Picture(
      url: HTMLText.decodingReferences(url), width: chosen["width"]?.number,
      height: chosen["height"]?.number)
  }

  /// A gallery's pictures: `media_metadata` entries (`s` is the source, `p` the previews, with
  /// `u`, `x`, `y`), ordered by `gallery_data.items`.
  private static func gallery(of post: JSONValue) -> [Picture]? {
    guard let metadata = post["media_metadata"], let order = post["gallery_data", "items"]?.array
    else { return nil }
    let pictures = order.compactMap { entry -> Picture? in
      // An animated entry (a GIF) has still previews in `p` and its source as `gif`/`mp4`:
      // its first still at a fitting size stands for it.
      let kind = entry["media_id"]?.text.flatMap { metadata[$0]?["e"]?.text } ?? "Image"
      guard let id = entry["media_id"]?.text, let media = metadata[id],
        media["status"]?.text ?? "valid" == "valid", kind == "Image" || kind == "AnimatedImage"
      else { return nil }
      let previews = media["p"]?.array ?? []
      let fitting = previews.first { ($0["x"]?.number ?? 0) >= preferredWidth }
      guard let chosen = fitting ?? (kind == "Image" ? media["s"] : previews.last),
        let url = chosen["u"]?.text
      else { return nil }
      return Picture(
        url: HTMLText.decodingReferences(url), width: chosen["x"]?.number,
        height: chosen["y"]?.number)
    }
    return pictures.isEmpty ? nil : pictures
  }
}
