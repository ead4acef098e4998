import BrowserCore
import FeedKit

/// The config file's `"keys"`: for each action named, the keys that do it instead of its own
/// (`"top": ["gg", "<Home>"]`, `"quit": "Q"`).
enum KeysConfig {
  static let key = "keys"

  /// How keys are written, for errors and the man page.
  static let syntax =
    "a character (j), a key in brackets (<Down>, <C-f>, <M-x>, <Space>, <Enter>, <Esc>, "
    + "<Tab>, <S-Tab>, <PageDown>, <Home>, <Backspace>, <lt> for <), or several in a row "
    + "for a sequence (gg)"

  static var actions: String { Action.named.map(\.name).joined(separator: ", ") }

  static func parse(_ json: WrittenJSON, path: String) throws(ConfigError) -> [Action: [[Key]]] {
    guard case .object(let members) = json else {
      throw .badValue(
        path: path, key: key,
        message: "must be an object from action names to lists of keys, got \(json.kindName)")
    }
    var rebinding: [Action: [[Key]]] = [:]
    var owners: [[Key]: String] = [:]
    for (name, value) in members {
      guard let action = Action(name: name) else {
        throw .badValue(
          path: path, key: key, message: "has no action \"\(name)\"; the actions are \(actions)")
      }
      var texts: [String] = []
      switch value {
      case .null: continue
      case .string(let text): texts = [text]
      case .array(let elements):
        for element in elements {
          guard case .string(let text) = element else {
            throw .badValue(
              path: path, key: "\(key).\(name)",
              message: "must be a list of keys as strings, got a list holding \(element.kindName)")
          }
          texts.append(text)
        }
      default:
        throw .badValue(
          path: path, key: "\(key).\(name)",
          message: "must be a key or a list of keys as strings, got \(value.kindName)")
      }
      var sequences: [[Key]] = []
      for text in texts {
        guard let keys = Key.sequence(text), keys.count <= 4 else {
          // Escaped: an escape sequence pasted in (`\u001b[A`) would otherwise print as
          // nothing, or act on the terminal.
          throw .badValue(
            path: path, key: "\(key).\(name)",
            message: "'\(text.escapingControls)' is not a key or a sequence of up to 4: write "
              + syntax)
        }
        // Ctrl-C quits whatever is bound: bound to anything else it would do nothing.
        if keys.contains(.control("c")), action != .quit || keys.count > 1 {
          throw .badValue(
            path: path, key: "\(key).\(name)",
            message: "'\(text)' cannot be bound: Ctrl-C always quits; choose another key")
        }
        // The terminal keeps these for itself: a binding would never be reached.
        if let (_, role) = Self.terminalKeys.first(where: { keys.contains(.control($0.key)) }) {
          throw .badValue(
            path: path, key: "\(key).\(name)",
            message: "'\(text)' cannot be bound: \(role); choose another key")
        }
        if let other = owners[keys], other != name {
          throw .badValue(
            path: path, key: "\(key).\(name)",
            message: "'\(text)' is bound to \"\(other)\" as well; give each key one action")
        }
        owners[keys] = name
        sequences.append(keys)
      }
      rebinding[action] = sequences
    }
    return rebinding
  }

  /// The control keys the terminal takes before Cascade sees them, and what they do there.
  static let terminalKeys: KeyValuePairs<Character, String> = [
    "z": "Ctrl-Z suspends Cascade (fg brings it back)",
    "s": "the terminal takes Ctrl-S to pause its output",
    "q": "the terminal takes Ctrl-Q to resume its output",
  ]

  /// `"keys": {"scroll-down": ["j", "<Down>"], …}` with every action's keys in force.
  static func render(_ bindings: KeyBindings) -> String {
    let entries = Action.named.map { name, action in
      let keys = bindings.sequences(for: action).map { sequence in
        ConfigWriter.quoted(sequence.compactMap(\.name).joined())
      }
      return "    \(ConfigWriter.quoted(name)): [\(keys.joined(separator: ", "))]"
    }
    return "\"\(key)\": {\n" + entries.joined(separator: ",\n") + "\n  }"
  }
}
