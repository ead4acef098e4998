/// One of the limits that keep a hostile or broken feed from costing unbounded memory or time.
///
/// Each limit is a field of `LoadOptions` (or `PictureLimits`); the case carries the value that
/// was exceeded so an error can say what the limit was and which setting raises it.
public enum FeedLimit: Hashable, Sendable, CustomStringConvertible {
  /// `LoadOptions.maxBytes`: the body of one page, in bytes (after gzip is undone).
  case bodySize(Int)
  /// `LoadOptions.maxItems`: elements in one page's item list.
  case itemCount(Int)
  /// `LoadOptions.maxDepth`: objects and lists inside one another.
  case nestingDepth(Int)
  /// `LoadOptions.maxStringLength`: bytes in one JSON string.
  case stringLength(Int)
  /// `LoadOptions.totalTime`: seconds for one page, redirects and body included.
  case totalTime(Double)
  /// `LoadOptions.maxPages`: pages followed by one session.
  case pageCount(Int)
  /// `PictureLimits.maxBytes`: the bytes of one picture file.
  case pictureSize(Int)
  /// `LoadOptions.pictureTime`: seconds for one picture's transfer.
  case pictureTime(Double)

  /// What the limit is, with the value that was exceeded.
  public var description: String {
    switch self {
    case .bodySize(let bytes): "the body is larger than \(ByteCountText(bytes))"
    case .itemCount(let count): "the page has more than \(count) items"
    case .nestingDepth(let depth): "values are nested more than \(depth) deep"
    case .stringLength(let bytes): "a string is longer than \(ByteCountText(bytes))"
    case .totalTime(let seconds): "the page took longer than \(seconds.shortText) s in all"
    case .pageCount(let count): "more than \(count) pages were loaded"
    case .pictureSize(let bytes): "the picture is larger than \(ByteCountText(bytes))"
    case .pictureTime(let seconds): "the picture took longer than \(seconds.shortText) s"
    }
  }

  /// The setting that raises this limit.
  public var setting: LoadSetting {
    switch self {
    case .bodySize: .maxBytes
    case .itemCount: .maxItems
    case .nestingDepth: .maxDepth
    case .stringLength: .maxStringLength
    case .totalTime: .totalTime
    case .pageCount: .maxPages
    case .pictureSize: .pictureBytes
    case .pictureTime: .pictureTime
    }
  }

  /// What to do about it, naming the setting as `names` do: a limit of size suspects the
  /// feed, a limit of time the server.
  public func advice(naming names: SettingNames = .library) -> String {
    let how = names[setting]
    switch self {
    case .bodySize, .itemCount, .nestingDepth, .stringLength:
      return "the feed is too large or broken; if you trust it, raise the limit with \(how)"
    case .pictureSize:
      // One picture too large says nothing of the feed.
      return "to draw such pictures, raise the limit with \(how)"
    case .totalTime, .pictureTime:
      return "the server is too slow; try again, or allow longer with \(how)"
    case .pageCount:
      return "the feed does not end; to read further, raise the limit with \(how)"
    }
  }
}

/// `64 MiB`, `512 KiB`, `100 bytes`: a byte count for messages.
package struct ByteCountText: CustomStringConvertible {
  package var bytes: Int
  package init(_ bytes: Int) { self.bytes = bytes }

  package var description: String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}

extension Double {
  /// `15` rather than `15.0`, `0.5` as is: seconds in messages.
  package var shortText: String {
    rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
