import FeedModel

/// MediaWiki API answers with file information: Wikimedia Commons and every wiki's
/// `api.php?action=query&generator=…&prop=imageinfo&iiprop=url|size` (no account needed; add
/// `&iiurlwidth=640` for pictures sized for a terminal). One item per file page: the picture is
/// `imageinfo[0].thumburl` (the scaled copy, when asked for) else `url`, sized by
/// `thumbwidth`/`thumbheight` else `width`/`height`; the title is the page's title without
/// `File:` and the file's extension; the link the file's page (`descriptionurl`). `pages` is
/// an object keyed by page id (`formatversion=1`, kept in the answer's `index` order when there
/// is one, else by id) or a list (`formatversion=2`). Pages follow `continue`: every one of
/// its parameters set in the same URL. Pages that are not files (or are missing) are skipped.
enum MediaWikiDecoder {
  static func decode(_ root: JSONValue, source: String) throws(FeedError) -> FeedDocument {
    guard let pages = pages(root) else {
      throw .notAFeed(
        source: source,
        detail:
          "a MediaWiki answer without \"query\".\"pages\"; ask for files with "
          + "generator=… and prop=imageinfo&iiprop=url|size")
    }
    let (items, skipped) = ShapedItem.list(
      pages, noun: "page",
      missing: "no \"imageinfo\" with a URL (not a file, or prop=imageinfo missing)"
    ) { page in
      guard let info = page["imageinfo"]?.array?.first,
        let url = info["thumburl"]?.text ?? info["url"]?.text
      else { return nil }
      let scaled = info["thumburl"]?.text != nil
      return ShapedItem.make(
        url: url,
        width: scaled ? info["thumbwidth"]?.number : info["width"]?.number,
        height: scaled ? info["thumbheight"]?.number : info["height"]?.number,
        title: page["title"]?.text.map(fileName), id: page["pageid"]?.identifier ?? url,
        link: info["descriptionurl"]?.text)
    }
    return FeedDocument(items: items, skipped: skipped, next: nextPage(root, source: source))
  }

  /// The pages in the answer's order.
  private static func pages(_ root: JSONValue) -> [JSONValue]? {
    if let list = root["query", "pages"]?.array { return list }
    guard case .object(let byID) = root["query", "pages"] else { return nil }
    return byID.sorted { a, b in
      let first = (a.value["index"]?.number, Double(a.key))
      let second = (b.value["index"]?.number, Double(b.key))
      if let x = first.0, let y = second.0, x != y { return x < y }
      if let x = first.1, let y = second.1, x != y { return x < y }
      return a.key < b.key
    }.map(\.value)
  }

  /// "File:Heron at dawn.jpg" → "Heron at dawn".
  private static func fileName(_ title: String) -> String {
    var name = Substring(title)
    if let colon = name.firstIndex(of: ":") { name = name[name.index(after: colon)...] }
    if let dot = name.lastIndex(of: "."), PictureName.matches(name: name) {
      name = name[..<dot]
    }
    return name.isEmpty ? title : String(name)
  }

  /// The URL with every parameter of `continue` set, while the answer has one.
  private static func nextPage(_ root: JSONValue, source: String) -> String? {
    guard case .object(let parameters) = root["continue"], !parameters.isEmpty else { return nil }
    var next: String? = source
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
      let text: String? =
        if case .string(let string) = value { string } else { value.identifier }
      guard let text, let current = next else { return nil }
      next = NextPageQuery.url(current, setting: name, to: text)
    }
    return next
  }
}
