import BrowserCore

/// Keys typed before the browser took the terminal that the terminal probe read along with its
/// answers (`TerminalAnswers.typed`), decoded as ncurses would have decoded them, so that they
/// reach the browser as its first keys: typed during the first load, they were lost whenever
/// pictures were on.
enum TypedAhead {
  static func keys(_ bytes: [UInt8]) -> [Key] {
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)[...]
    var keys: [Key] = []
    while let value = scalars.popFirst() {
      let key =
        value == 27
        ? EscapeSequence.decode { scalars.popFirst().map(EscapeSequence.Input.character) }
        : Terminal.key(character: value)
      // A mouse report from before the browser took the terminal points at a screen that is
      // not there: dropped.
      switch key {
      case .click?, .wheelUp?, .wheelDown?, nil: continue
      case let key?: keys.append(key)
      }
    }
    return keys
  }
}
