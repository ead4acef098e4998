import BrowserCore
import PictureKit

/// The keys, clicks and resizes in, as events: the keys typed before the browser took the
/// terminal first, then what the terminal has. Sequences of keys (`gg`, a count) go through
/// the key table's reader; while the search prompt is open it takes keys as they are.
struct KeyInput {
  private var reader: KeySequenceReader
  private var typedAhead: ArraySlice<Key>

  /// - Parameter typedAhead: the bytes something else read before the browser (the terminal
  ///   probe, `TerminalAnswers.typed`).
  init(bindings: KeyBindings, typedAhead: [UInt8]) {
    reader = KeySequenceReader(bindings: bindings)
    self.typedAhead = TypedAhead.keys(typedAhead)[...]
  }

  /// Whether keys typed ahead still wait: the loop's wait then waits for nothing.
  var hasTypedAhead: Bool { !typedAhead.isEmpty }

  /// Reads every input waiting, never blocking.
  /// - Parameters:
  ///   - typing: whether the search prompt is open.
  ///   - resized: called at a resize, before its event (curses repaints the whole screen).
  /// - Returns: the events, and whether any input was read (keys it has no use for too).
  mutating func read(
    from terminal: Terminal, typing: Bool, resized: () -> Void
  ) -> (events: [Event], read: Bool) {
    var typing = typing
    var events: [Event] = []
    var read = false
    // Always ask ncurses: a wake byte may stand for a resize it has noted.
    while let key = typedAhead.popFirst().map({ .some($0) }) ?? terminal.readKey() {
      read = true
      guard let key else { continue }
      if key == .resize {
        resized()
        events.append(.resized(terminal.size))
      } else if case .click(let click) = key {
        events.append(.click(click))
      } else if typing {
        // The search prompt takes keys as they are, until Enter or Esc closes it.
        events.append(.typed(key))
        if key == .enter || key == .escape { typing = false }
      } else {
        let actions = reader.read(key)
        events += actions.map(Event.action)
        if actions.isEmpty {
          events.append(
            reader.pending.isEmpty
              ? .unboundKey : .sequencePending(reader.pending.compactMap(\.name).joined()))
        }
        if actions.contains(.search) { typing = true }
      }
    }
    return (events, read)
  }
}
