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
      message = "saved #\(request.number) as \(Self.fileThenFolder(path))"
    case .alreadySaved(let path):
      message = "#\(request.number) is already saved as \(Self.fileThenFolder(path))"
    case .viewing(let file, let program):
      let name = program.split(separator: "/").last.map(String.init) ?? program
      let (folder, fileName) = Self.split(file)
      message =
        "opened \(DisplayText(fileName, maximumWidth: 120)) in \(DisplayText(name, maximumWidth: 40))"
        + (folder.isEmpty ? "" : ", from \(DisplayText(folder, maximumWidth: 200))")
    case .failed(let reason):
      let verb = request.kind == .save ? "save" : "show"
      message = "could not \(verb) #\(request.number)'s picture: \(reason)"
    }
  }

  /// `a.jpg in ~/Pictures/cascade`: the status line is cut at the screen's edge, so the name, the
  /// part a reader looks for, comes before a folder that may be long.
  private static func fileThenFolder(_ path: String) -> String {
    let (folder, name) = split(path)
    let shown = "\(DisplayText(name, maximumWidth: 120))"
    return folder.isEmpty ? shown : shown + " in \(DisplayText(folder, maximumWidth: 200))"
  }

  /// A path's folder and last name (`~/Pictures` and `a.jpg`; no folder for a bare name).
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }
}
