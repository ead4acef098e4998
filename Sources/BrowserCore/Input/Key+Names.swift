/// Keys by name, as the config file's `"keys"` writes them and the help panel shows bound
/// keys: a printable character stands for itself (`j`, `G`, `/`), other keys go in angle
/// brackets as in vim (`<Down>`, `<C-f>`, `<M-x>`, `<Space>`), and several in a row are a
/// sequence (`gg`, `<C-w>j`).
extension Key {
  /// The names of the keys that are not characters, in the brackets.
  static let names: [(name: String, key: Key)] = [
    ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
    ("PageUp", .pageUp), ("PageDown", .pageDown), ("Home", .home), ("End", .end),
    ("Enter", .enter), ("Tab", .tab), ("S-Tab", .backTab), ("Esc", .escape),
    ("Backspace", .backspace), ("Space", .character(" ")), ("lt", .character("<")),
  ]

  /// The key's name: `j`, `<Down>`, `<C-f>`, `<M-x>`; nil for what cannot be bound (the wheel,
  /// a resize).
  public var name: String? {
    if let named = Self.names.first(where: { $0.key == self }) { return "<\(named.name)>" }
    switch self {
    case .character(let c): return String(c)
    case .control(let c): return "<C-\(c)>"
    case .alt(let c): return "<M-\(c)>"
    default: return nil
    }
  }

  /// Reads a sequence of keys written as above; nil when any part is not a key.
  public static func sequence(_ text: String) -> [Key]? {
    var keys: [Key] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first == "<" {
        // `<` always opens a name (`<lt>` is the key itself), so a typo is not taken as keys.
        guard let close = rest.firstIndex(of: ">"),
          let key = bracketed(String(rest[rest.index(after: rest.startIndex)..<close]))
        else { return nil }
        keys.append(key)
        rest = rest[rest.index(after: close)...]
      } else {
        guard first.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value != 0x7F }) else {
          return nil
        }
        keys.append(.character(first))
        rest = rest.dropFirst()
      }
    }
    return keys.isEmpty ? nil : keys
  }

  private static func bracketed(_ inner: String) -> Key? {
    if let named = names.first(where: { $0.name.lowercased() == inner.lowercased() }) {
      return named.key
    }
    let parts = inner.split(separator: "-", maxSplits: 1)
    guard parts.count == 2, parts[1].count == 1, let c = parts[1].first else { return nil }
    switch parts[0].lowercased() {
    // A terminal sends Ctrl-I as Tab and Ctrl-M and Ctrl-J as Enter, the same bytes: bound as
    // controls, they could never fire, and two bindings of one key went unnoticed.
    case "c" where c.lowercased() == "i": return .tab
    case "c" where c.lowercased() == "m" || c.lowercased() == "j": return .enter
    case "c" where c.isLetter: return .control(Character(c.lowercased()))
    case "m", "a": return .alt(c)
    default: return nil
    }
  }
}
