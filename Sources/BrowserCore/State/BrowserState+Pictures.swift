import LayoutEngine

/// Which pictures to fetch: those of the boxes in view first, then those a screen ahead in the
/// reading direction and a screen behind (so that scrolling finds them drawn), or the
/// full-screen picture and its neighbours; and which to cancel once their boxes are far away.
extension BrowserState {
  /// The picture of item `index` drawn into the picture area of a box at `rect`, if the box
  /// has room for one.
  public func pictureKey(forItem index: Int, in rect: CellRect) -> PictureKey? {
    guard index >= 0, index < items.count, let area = PictureArea.inside(box: rect) else {
      return nil
    }
    return pictureKey(forItem: index, fitting: area)
  }

  /// The picture of item `index` shown full screen.
  public func fullScreenPictureKey(forItem index: Int) -> PictureKey? {
    guard index >= 0, index < items.count,
      let area = showsPost ? postLayout(ofItem: index).picture : PictureArea.fullScreen(screen)
    else {
      return nil
    }
    var key = pictureKey(forItem: index, fitting: area, fullScreen: true)
    // Zoomed, the item shown draws a window of its picture into the same cells.
    if panel == .details(index) { key?.crop = zoom.crop }
    return key
  }

  private func pictureKey(forItem index: Int, fitting area: CellRect, fullScreen: Bool = false)
    -> PictureKey?
  {
    let item = items[index]
    guard item.hasPicture, !awaitsSize(index),
      let cells = PictureArea.fitted(
        pixelWidth: item.layoutWidth, pixelHeight: item.layoutHeight, in: area,
        cellAspect: geometry.cellAspect, fills: !fullScreen)
    else { return nil }
    return PictureKey(
      url: item.imageURL, columns: cells.width, rows: cells.height, fullScreen: fullScreen)
  }

  /// Whether item `index`'s picture is kept back: the feed marks it sensitive, and the reader
  /// has not asked for such pictures (`s`). Its box shows the placeholder, and says why.
  public func hidesPicture(ofItem index: Int) -> Bool {
    !sensitiveShown && index >= 0 && index < items.count && items[index].isSensitive
  }

  /// Whether moving pictures play now: not turned off, not paused.
  public var animationsPlaying: Bool { options.animations && !animationsPaused }

  /// `a`: pauses or resumes every moving picture; with them turned off, says how to turn
  /// them on.
  mutating func toggleAnimations() {
    guard options.animations else {
      message = "moving pictures are off (--no-animation, or \"animation\": false in the config)"
      return
    }
    animationsPaused.toggle()
    message = animationsPaused ? "moving pictures paused" : "moving pictures playing"
  }

  /// `s`: shows or hides the pictures the feed marks sensitive; the next reconcile fetches or
  /// drops them.
  mutating func toggleSensitive() {
    sensitiveShown.toggle()
    message = sensitiveShown ? "sensitive pictures shown" : "sensitive pictures hidden"
  }

  /// The screens around the view in the order they are wanted: the one ahead in the reading
  /// direction first, then the one behind.
  var screensAround: [Range<Int>] {
    let view = visibleContentRows
    let above = (view.lowerBound - viewRows)..<view.lowerBound
    let below = view.upperBound..<(view.upperBound + viewRows)
    return readingUp ? [above, below] : [below, above]
  }

  /// The pictures wanted now, ranked: those in view, then a screen ahead, then one behind.
  func wantedPictures() -> PictureRanking {
    guard picturesShown, !items.isEmpty else { return PictureRanking() }
    if case .details(let i) = panel {
      let keys = [i, i + 1, i - 1].filter { !hidesPicture(ofItem: $0) }
        .compactMap { fullScreenPictureKey(forItem: $0) }
      return PictureRanking(visible: Array(keys.prefix(1)), ahead: Array(keys.dropFirst()))
    }
    func keys(in rows: Range<Int>) -> [PictureKey] {
      guard !rows.isEmpty else { return [] }
      return arrangement.boxes(inRows: rows).compactMap { box in
        guard case .item(let i) = box.content, !hidesPicture(ofItem: i) else { return nil }
        return pictureKey(forItem: i, in: box.rect)
      }
    }
    let visible = keys(in: visibleContentRows)
    let shown = Set(visible)
    return PictureRanking(
      visible: visible, ahead: screensAround.flatMap(keys(in:)).filter { !shown.contains($0) })
  }

  /// Asks for the wanted pictures not yet asked for, in order, cancels those no longer wanted
  /// that are still on their way, drops those no longer wanted that were drawn, and ranks the
  /// wanted anew when the ranking changed.
  mutating func reconcilePictures() -> [Effect] {
    let ranking = wantedPictures()
    var effects: [Effect] = []
    var keep = Set<PictureKey>()
    for key in ranking.visible + ranking.ahead where keep.insert(key).inserted {
      if pictures[key] == nil {
        pictures[key] = .requested
        effects.append(.loadPicture(key))
      }
    }
    for (key, status) in pictures where !keep.contains(key) {
      switch status {
      case .requested: effects.append(.cancelPicture(key))
      case .ready: effects.append(.dropPicture(key))
      case .failed: break
      }
      pictures[key] = nil
    }
    if ranking != pictureRanking {
      pictureRanking = ranking
      if !keep.isEmpty { effects.append(.rankPictures(ranking)) }
    }
    return effects
  }
}

extension BrowserState {
  /// How many of the pictures in view have come, drawn or failed, and how many there are
  /// (counting those still waiting for their size); nil when none is on its way. The pictures
  /// fetched around the view are not counted: the reader is not waiting for them.
  public var pictureProgress: (done: Int, total: Int)? {
    var waiting = 0
    for key in pictureRanking.visible where pictures[key] == .requested { waiting += 1 }
    var sizing = 0
    if picturesShown, !items.isEmpty, panel == .none {
      for box in arrangement.boxes(inRows: visibleContentRows) {
        guard case .item(let i) = box.content, awaitsSize(i), !hidesPicture(ofItem: i) else {
          continue
        }
        sizing += 1
      }
    }
    guard waiting + sizing > 0 else { return nil }
    let total = pictureRanking.visible.count + sizing
    return (total - waiting - sizing, total)
  }
}

extension BrowserState {
  /// Why item `i`'s picture did not come, if a picture of it was asked for and failed.
  public func pictureFailure(ofItem i: Int) -> String? {
    guard i >= 0, i < items.count, items[i].hasPicture else { return nil }
    let url = items[i].imageURL
    for (key, status) in pictures where key.url == url {
      if case .failed(let reason) = status { return reason }
    }
    // A picture whose header could not be read is not asked for until its box is in view.
    return sizeProbes.failed[url]
  }

  /// The format, decoded size and file size of item `i`'s picture, once its bytes were read.
  public func pictureFacts(ofItem i: Int) -> PictureFacts? {
    guard i >= 0, i < items.count, items[i].hasPicture else { return nil }
    return pictureFacts[items[i].imageURL]
  }
}
