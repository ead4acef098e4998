/// Where the bytes that take pictures off the screen and put them on go, around a frame that
/// curses sends: the shell's terminal. A protocol, so that drawing pictures needs no curses.
package protocol FrameWriter: AnyObject {
  /// Writes `bytes` at once, outside curses' own frame.
  func writeBetweenFrames(_ bytes: [UInt8])
}
