import FeedModel

/// A load's progress as one line of text: `[██████░░░░] 60%  24.0 MiB of 40.0 MiB`, or
/// `24.0 MiB read` when the size was not said in advance, and the items once decoded.
public enum ProgressBar {
  public static func text(
    _ progress: LoadProgress.Snapshot, barWidth: Int = 20, unicode: Bool = true
  ) -> String {
    var parts: [String] = []
    if let fraction = progress.fraction {
      let filled = Int((fraction * Double(barWidth)).rounded(.down))
      let (full, empty) = unicode ? ("█", "░") : ("#", "-")
      let bar =
        String(repeating: full, count: filled)
        + String(repeating: empty, count: max(0, barWidth - filled))
      parts.append("[\(bar)] \(Int((fraction * 100).rounded(.down)))%")
      parts.append(progress.amount)
    } else {
      parts.append("\(progress.amount) read")
    }
    if let items = progress.items { parts.append(counted(items, "item")) }
    return parts.joined(separator: "  ")
  }

  /// `label` and the bar on one line of at most `width - 1` cells (the last column is left
  /// empty, so that a terminal never wraps the line, and `\r` then `ESC [K` wipes all of it):
  /// the label cut first (to no fewer than `shortestLabel` cells, never beyond `longestLabel`),
  /// then the bar narrowed, then the whole line cut. A progress line that wraps leaves its
  /// first rows behind on every redraw.
  public static func line(
    _ label: String, _ progress: LoadProgress.Snapshot, width: Int, unicode: Bool = true,
    longestLabel: Int = 60, shortestLabel: Int = 16
  ) -> String {
    let room = width - 1
    let label = DisplayText(label, maximumWidth: longestLabel)
    // A cut ends in a one-cell mark; the label's end says the load is still going.
    let (cut, going) = unicode ? ("…", "…") : ("~", "...")
    for barWidth in [20, 10] {
      let bar = DisplayText(text(progress, barWidth: barWidth, unicode: unicode))
      let labelRoom = room - going.count - 2 - bar.width
      guard labelRoom >= min(label.width, shortestLabel) else { continue }
      let whole = label.width <= labelRoom && !label.isCut
      let shown = whole ? label.string + going : label.fitted(to: labelRoom, ellipsis: cut).string
      return shown + "  " + bar.string
    }
    let bar = text(progress, barWidth: 10, unicode: unicode)
    let shown = label.fitted(to: shortestLabel, ellipsis: cut).string
    return DisplayText(shown + "  " + bar).fitted(to: room, ellipsis: cut).string
  }
}
