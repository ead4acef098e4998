import FeedModel

/// JSON Feed 1.0 and 1.1 (jsonfeed.org): each item's picture is its `image`, else its first
/// `attachments[]` entry with an image `mime_type`, else the first `<img>` of its
/// `content_html` (a photo blog's feed often has its pictures only there, as RSS and Atom
/// feeds do), else its `banner_image`. JSON Feed's own fields give no picture sizes, so only
/// an `<img>` that declares `width` and `height` is sized. An item with no picture is a text
/// item. Every item keeps its `date_published` (else `date_modified`), its first author's name
/// and its `summary` (else `content_text`, else `content_html` as text). Pages follow
/// `next_url`.
enum JSONFeedDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let entries = root["items"]?.array else {
      throw .notAFeed(source: source, detail: "a JSON Feed without an \"items\" list")
    }
    let (items, skipped) = ShapedItem.list(
      entries, noun: "item",
      missing: "no \"image\", image attachment, <img> in \"content_html\" or \"banner_image\""
    ) { entry in
      let title = entry["title"]?.text
      let id = entry["id"]?.identifier
      let link = entry["url"]?.text ?? entry["external_url"]?.text
      let about = about(of: entry)
      let item =
        picture(of: entry).map { picture in
          ShapedItem.make(
            url: picture.url, width: picture.width, height: picture.height,
            title: title ?? entry["summary"]?.text, id: id, link: link, about: about)
        } ?? ShapedItem.text(title: title, id: id, link: link, about: about, keepsText: true)
      if let item { PostSpool.keep(entry["content_html"]?.text, for: item) }
      return item
    }
    return FeedDocument(
      items: items, skipped: skipped, next: root["next_url"]?.text, title: root["title"]?.text)
  }

  private static func about(of entry: JSONValue) -> ItemAbout {
    let author = entry["authors"]?.array?.first ?? entry["author"]
    return AboutText.about(
      date: (entry["date_published"] ?? entry["date_modified"])?.text,
      author: author?["name"]?.text,
      summary: entry["summary"]?.text ?? entry["content_text"]?.text,
      summaryHTML: entry["content_html"]?.text)
  }

  private static func picture(of entry: JSONValue) -> HTMLImages.Image? {
    if let image = entry["image"]?.text { return HTMLImages.Image(url: image) }
    let attachment = entry["attachments"]?.array?.first {
      ShapedItem.isImageType($0["mime_type"]?.text) && $0["url"]?.text != nil
    }
    if let url = attachment?["url"]?.text { return HTMLImages.Image(url: url) }
    if let html = entry["content_html"]?.text, let image = HTMLImages.first(in: html) {
      return image
    }
    return entry["banner_image"]?.text.map { HTMLImages.Image(url: $0) }
  }
}
