/// The one batch of questions Cascade asks the terminal before curses starts, written at once.
///
/// Primary device attributes go last: every terminal answers them, and answers in order, so
/// their reply marks the end of the answers and the probe need not wait out its budget on a
/// terminal that ignores the rest.
public enum TerminalQueries {
  /// The id of the kitty graphics query's 1×1 picture; the answer echoes it.
  public static let kittyQueryID = 31

  /// The queries: XTVERSION, the kitty graphics query (a 1×1 RGB picture only checked, never
  /// kept: `a=q`), the cell size in pixels, the background colour (OSC 11), then primary
  /// device attributes.
  /// - Parameter insideTmux: wrap the kitty query for tmux's passthrough; tmux answers the
  ///   others itself.
  public static func batch(insideTmux: Bool) -> [UInt8] {
    let kitty = KittyGraphics.command(
      "i=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8))
    let wrapped = insideTmux ? KittyGraphics.tmuxPassthrough(kitty) : kitty
    return Array("\u{1B}[>q".utf8) + wrapped
      + Array("\u{1B}[16t\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)
  }
}
