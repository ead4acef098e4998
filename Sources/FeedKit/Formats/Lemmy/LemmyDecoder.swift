import FeedModel

/// Lemmy posts (`/api/v3/post/list?community_name=…`, no account needed:
/// `{"posts": [{"post": {…}, "creator", "community", "counts"}], "next_page"}`). A post's
/// picture is its `thumbnail_url` (the instance's own copy, sized for a thumbnail), else its
/// `url` when that is a picture (`url_content_type` an image type, or a picture's file name).
/// The title is the post's `name`, the link the post itself (`ap_id`); an `nsfw` post's
/// picture is kept back until `s`. Sizes are read from the pictures. Pages follow
/// `next_page`, which Lemmy expects as `page_cursor` in the same URL (older instances page with
/// `page=N`: use a template). A text or link post without a picture is a text item of its
/// `body`. Every item keeps the post's `published` date and its creator's name.
enum LemmyDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let views = root["posts"]?.array else {
      throw .notAFeed(source: source, detail: "a Lemmy answer without a \"posts\" list")
    }
    let (items, skipped) = ShapedItem.list(
      views, noun: "post", missing: "no picture (a text or link post)"
    ) { view in
      guard let post = view["post"] else { return nil }
      let creator = view["creator"]
      let about = AboutText.about(
        date: post["published"]?.text,
        author: (creator?["display_name"] ?? creator?["name"])?.text,
        summary: post["body"]?.text)
      let id = post["ap_id"]?.text ?? post["id"]?.identifier
      guard let url = picture(of: post) else {
        return ShapedItem.text(
          title: post["name"]?.text, id: id, link: post["ap_id"]?.text, about: about,
          keepsText: true)
      }
      return ShapedItem.make(
        url: url, width: nil, height: nil, title: post["name"]?.text, id: id,
        link: post["ap_id"]?.text, sensitive: post["nsfw"]?.isTrue == true, about: about)
    }
    let next = root["next_page"]?.text.flatMap {
      NextPageQuery.url(source, setting: "page_cursor", to: $0)
    }
    return FeedDocument(items: items, skipped: skipped, next: next)
  }

  private static func picture(of post: JSONValue) -> String? {
    if let thumbnail = post["thumbnail_url"]?.text { return thumbnail }
    guard let url = post["url"]?.text else { return nil }
    let type = post["url_content_type"]?.text
    return ShapedItem.isImageType(type) || (type == nil && PictureName.matches(url: url))
      ? url : nil
  }
}
