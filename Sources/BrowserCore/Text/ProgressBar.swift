import FeedKit

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
}
