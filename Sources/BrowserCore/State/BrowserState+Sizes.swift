/// Sizes read late: an item the feed gave no size for is laid out as a square
/// (`FeedItem.layoutWidth`) until its picture's header is read. The state asks for the sizes
/// of the items in and around the view, in view first, a few at a time; when they arrive it
/// lays out again keeping the reader's place, as a change of columns does. A box changes shape
/// at most once: from the square to the picture's shape. A picture whose header cannot be read
/// keeps its square, and its picture is then asked for, so its box shows why it failed.
extension BrowserState {
  /// Whether item `index` is still waiting for its size, so its picture is not asked for yet
  /// (it would be drawn for the square, then again for the real shape). A text item has no
  /// picture to read a size from: its card is sized by its text.
  func awaitsSize(_ index: Int) -> Bool {
    let item = items[index]
    return !item.hasSize && item.hasPicture && sizeProbes.failed[item.imageURL] == nil
  }

  /// Asks for the sizes of unsized items in and around the view not yet asked for; fills in
  /// those already found (a refreshed page's).
  ///
  /// With new ones it asks again (`SizeRequest.again`) for the boxes in view still waiting, in
  /// the view's order: the loader starts the newest requests first, so sizes asked one at a
  /// time as others came in went in reverse, and a box in view asked for early waited behind
  /// the later ones (a feed without sizes: items 6 and 7 of the first screen fetched a round
  /// after 8 to 13). Asked again, a probe still waiting takes its place in the view's order.
  mutating func reconcileSizes() -> [Effect] {
    guard !items.isEmpty, arrangement.scrollsVertically else { return [] }
    var requests: [SizeRequest] = []
    var fresh = 0
    var known: [ProbedSize] = []
    var room = SizeProbeBook.maxInFlight - sizeProbes.inFlight.count
    // Asked for in this batch: a picture repeated in view (one photo in two boxes) waits for
    // its first box's answer, and is not asked "again" beside that request.
    var askedNow: Set<String> = []
    func consider(_ index: Int, inView: Bool) {
      guard awaitsSize(index) else { return }
      let url = items[index].imageURL
      let request = SizeRequest(index: index, imageURL: url, inView: inView)
      if let size = sizeProbes.found[url] {
        known.append(ProbedSize(request: request, width: size.width, height: size.height))
      } else if sizeProbes.inFlight.contains(url) {
        if inView, askedNow.insert(url).inserted {
          requests.append(SizeRequest(index: index, imageURL: url, inView: true, again: true))
        }
      } else if room > 0 {
        sizeProbes.inFlight.insert(url)
        askedNow.insert(url)
        requests.append(request)
        fresh += 1
        room -= 1
      }
    }
    // The full screen (and a slideshow in it) reads ahead of itself: the item shown and the
    // next ones, wherever the waterfall behind it is. Their pictures are asked for only once
    // their sizes are in, so a slideshow past the screens around the waterfall showed nothing.
    if case .details(let i) = panel {
      for index in [i, i + 1, i + 2, i - 1] where items.indices.contains(index) {
        consider(index, inView: index == i)
      }
    }
    let visible = visibleContentRows
    for rows in [visible] + screensAround where !rows.isEmpty {
      for box in arrangement.boxes(inRows: rows) {
        guard case .item(let index) = box.content else { continue }
        consider(index, inView: rows == visible)
      }
    }
    if !known.isEmpty { applySizes(known) }
    return fresh == 0 ? [] : [.probeSizes(requests)]
  }

  /// The pictures whose size could not be read, in one line for a report that outlives the
  /// status line (`cascade print` writes it to stderr): how many, and the first by URL.
  public var sizeFailureReport: String? {
    guard let url = sizeProbes.failed.keys.min(), let reason = sizeProbes.failed[url] else {
      return nil
    }
    return "could not read the size of \(counted(sizeProbes.failed.count, "picture")) "
      + "(first: \(reason))"
  }

  /// Takes probed sizes in and lays out again around the reader's place.
  mutating func applyProbed(_ results: [ProbedSize]) -> [Effect] {
    for result in results {
      let url = result.request.imageURL
      sizeProbes.inFlight.remove(url)
      if let failure = result.failure {
        sizeProbes.failed[url] = failure
        // The failure names the picture already when it came from a `FeedError`.
        let named = failure.hasPrefix(url) ? failure : "\(url): \(failure)"
        message = "cannot read a picture's size: \(named)"
      } else {
        sizeProbes.found[url] = (result.width, result.height)
      }
    }
    applySizes(results.filter { $0.failure == nil })
    return prefetchIfNeeded()
  }

  /// Gives the items their sizes (where the item at the position still has that URL and no
  /// size) and lays out again, keeping the anchor.
  private mutating func applySizes(_ sizes: [ProbedSize]) {
    var changed = false
    for size in sizes {
      let index = size.request.index
      guard index < items.count, items[index].imageURL == size.request.imageURL,
        !items[index].hasSize, size.width > 0, size.height > 0
      else { continue }
      items[index].width = size.width
      items[index].height = size.height
      changed = true
    }
    guard changed else { return }
    relayout(keepingPlace: true, itemsChanged: true)
    if pinnedToBottom { top = maxTop }
  }
}
