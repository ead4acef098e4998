/// Where the bytes that take pictures off the screen and put them on go, around a frame that
/// curses sends: the shell's terminal. A protocol, so that drawing pictures needs no curses.
package protocol FrameWriter: AnyObject {
  /// Writes `bytes` at once, outside curses' own frame.
  func writeBetweenFrames(_ bytes: [UInt8])
  /// Has the next frame write every cell of screen rows `rows` again, whatever curses thinks
  /// is on them (a terminal that erased text under a picture it drew).
  func rewriteRows(_ rows: Range<Int>)
}
