import LayoutEngine

/// Which pictures to fetch: those of the boxes in view first, then those a screen above and
/// below (so that scrolling finds them drawn), or the full-screen picture and its neighbours;
/// and which to cancel once their boxes are far away.
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
    guard index >= 0, index < items.count, let area = PictureArea.fullScreen(screen) else {
      return nil
    }
    return pictureKey(forItem: index, fitting: area, fullScreen: true)
  }

  private func pictureKey(forItem index: Int, fitting area: CellRect, fullScreen: Bool = false)
    -> PictureKey?
  {
    let item = items[index]
    guard !awaitsSize(index),
      let cells = PictureArea.fitted(
        pixelWidth: item.layoutWidth, pixelHeight: item.layoutHeight, in: area,
        cellAspect: geometry.cellAspect)
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

  /// The pictures wanted now, the most urgent first.
  func wantedPictures() -> [PictureKey] {
    guard picturesShown, !items.isEmpty else { return [] }
    if case .details(let i) = panel {
      return [i, i + 1, i - 1].filter { !hidesPicture(ofItem: $0) }
        .compactMap { fullScreenPictureKey(forItem: $0) }
    }
    let view = visibleContentRows
    let above = (view.lowerBound - viewRows)..<view.lowerBound
    let below = view.upperBound..<(view.upperBound + viewRows)
    var keys: [PictureKey] = []
    for rows in [view, below, above] where !rows.isEmpty {
      for box in arrangement.boxes(inRows: rows) {
        guard case .item(let i) = box.content, !hidesPicture(ofItem: i),
          let key = pictureKey(forItem: i, in: box.rect)
        else { continue }
        keys.append(key)
      }
    }
    return keys
  }

  /// Asks for the wanted pictures not yet asked for, in order, cancels those no longer wanted
  /// that are still on their way, and drops those no longer wanted that were drawn.
  mutating func reconcilePictures() -> [Effect] {
    let wanted = wantedPictures()
    var effects: [Effect] = []
    var keep = Set<PictureKey>()
    for key in wanted where keep.insert(key).inserted {
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
    return effects
  }
}

extension BrowserState {
  /// How many of the pictures asked for (those in view and around it) have come, drawn or
  /// failed, and how many were asked for; nil when none is on its way.
  public var pictureProgress: (done: Int, total: Int)? {
    var waiting = 0
    for status in pictures.values where status == .requested { waiting += 1 }
    guard waiting > 0 else { return nil }
    return (pictures.count - waiting, pictures.count)
  }
}

extension BrowserState {
  /// Why item `i`'s picture did not come, if a picture of it was asked for and failed.
  public func pictureFailure(ofItem i: Int) -> String? {
    guard i < items.count else { return nil }
    let url = items[i].imageURL
    for (key, status) in pictures where key.url == url {
      if case .failed(let reason) = status { return reason }
    }
    return nil
  }
}
