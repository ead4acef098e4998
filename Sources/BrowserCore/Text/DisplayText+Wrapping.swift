/// Text in lines: the messages panel, the details' summary and the cards of text items.
extension DisplayText {
  /// The text in lines of at most `width` cells, broken after a space where one is near; a
  /// line does not start with the space it was broken at.
  public func wrapped(width: Int) -> [DisplayText] {
    var lines: [DisplayText] = []
    var line = ""
    var lineWidth = 0
    var lastSpace: (index: String.Index, width: Int)?
    forEachCluster { cluster, w in
      if lineWidth + w > width {
        if let space = lastSpace, space.width > width / 2 {
          let rest = String(line[line.index(after: space.index)...])
          lines.append(DisplayText(String(line[..<space.index])))
          line = rest
          lineWidth = DisplayText(rest).width
        } else {
          lines.append(DisplayText(line))
          line = ""
          lineWidth = 0
        }
        lastSpace = nil
      }
      if cluster == " ", line.isEmpty, !lines.isEmpty { return }
      if cluster == " " { lastSpace = (line.endIndex, lineWidth) }
      line += cluster
      lineWidth += w
    }
    if !line.isEmpty || lines.isEmpty { lines.append(DisplayText(line)) }
    return lines
  }

  /// At most `maxLines` lines of `wrapped(width:)`; when text is left over, the last line ends
  /// in `ellipsis` (one cell).
  public func wrapped(width: Int, maxLines: Int, ellipsis: String = "…") -> [DisplayText] {
    guard width > 0, maxLines > 0, self.width > 0 else { return [] }
    var lines = wrapped(width: width)
    guard lines.count > maxLines || isCut else { return lines }
    if lines.count > maxLines { lines.removeLast(lines.count - maxLines) }
    var last = lines[lines.count - 1]
    // Marked as cut, so that `fitted` ends it in the ellipsis even when it is short.
    last.isCut = true
    lines[lines.count - 1] = last.fitted(to: min(width, last.width + 1), ellipsis: ellipsis)
    return lines
  }
}
