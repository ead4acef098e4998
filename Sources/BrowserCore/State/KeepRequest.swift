/// `w` and `v`: keeping the selected item's picture in the save folder, or showing it in the
/// reader's picture viewer. The shell fetches the original bytes (from the disk cache, else
/// again with the same limits) and answers with `Event.kept`.
public struct KeepRequest: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `w`: a copy in the save folder.
    case save
    /// `v`: the picture in `$CASCADE_VIEWER`, else `xdg-open`.
    case view
  }

  public var kind: Kind
  /// The item's image URL, as the feed gave it.
  public var url: String
  /// The item's number, 1-based, for the message.
  public var number: Int

  public init(kind: Kind, url: String, number: Int) {
    self.kind = kind
    self.url = url
    self.number = number
  }
}

/// How a `KeepRequest` went.
public enum KeepOutcome: Hashable, Sendable {
  /// Saved at this path (as the reader writes it: `~/Pictures/cascade/a.jpg`).
  case saved(String)
  /// Not saved again: the same bytes are already saved at this path.
  case alreadySaved(String)
  /// The viewer `program` was started on the picture's `file`.
  case viewing(file: String, program: String)
  /// Why not, in words.
  case failed(String)
}

extension BrowserState {
  /// Asks the shell to save or show the selected item's picture.
  mutating func keep(_ kind: KeepRequest.Kind) -> [Effect] {
    if selection == nil { selection = visibleIndices().first }
    guard let s = selection, s < items.count else {
      message = "nothing selected"
      return []
    }
    let url = items[s].imageURL
    guard !url.isEmpty else {
      message = "#\(s + 1) has no picture"
      return []
    }
    message = kind == .save ? "saving #\(s + 1)…" : "opening #\(s + 1)'s picture…"
    return [.keepPicture(KeepRequest(kind: kind, url: url, number: s + 1))]
  }

  /// The shell saved or showed the picture, or could not.
  mutating func kept(_ request: KeepRequest, _ outcome: KeepOutcome) {
    switch outcome {
    case .saved(let path):
      message = "saved #\(request.number) to \(DisplayText(path, maximumWidth: 200))"
    case .alreadySaved(let path):
      message = "#\(request.number) is already saved as \(DisplayText(path, maximumWidth: 200))"
    case .viewing(let file, let program):
      let name = program.split(separator: "/").last.map(String.init) ?? program
      message =
        "opened \(DisplayText(file, maximumWidth: 200)) in \(DisplayText(name, maximumWidth: 40))"
    case .failed(let reason):
      let verb = request.kind == .save ? "save" : "show"
      message = "could not \(verb) #\(request.number)'s picture: \(reason)"
    }
  }
}
