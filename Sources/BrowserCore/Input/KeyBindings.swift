/// The keys in force: the key table's, except that an action the config file rebinds has the
/// keys given there instead of its own. A key given to a rebound action is taken from whatever
/// action had it.
public struct KeyBindings: Hashable, Sendable {
  /// Each sequence and its action.
  public private(set) var sequences: [[Key]: Action]
  /// Every proper prefix of a sequence: after one of these, the next key may continue it.
  private var prefixes: Set<[Key]>
  /// The actions whose keys the config replaced with others: an action given its own keys
  /// again (as `--print-config` writes every action's keys) is not rebound.
  public let rebound: Set<Action>

  /// Whether the config bound Esc to `quit` (`BrowserOptions.escapeQuits`): Esc then still
  /// closes and clears what is open first, and quits only when nothing is.
  public let escapeQuits: Bool

  /// The key table's bindings.
  public static let standard = KeyBindings(rebinding: [:])

  /// - Parameter rebinding: for each action given, the sequences that replace its keys.
  public init(rebinding: [Action: [[Key]]]) {
    var sequences: [[Key]: Action] = [:]
    for row in KeyMap.table {
      for binding in row.bindings where rebinding[binding.action] == nil {
        for key in binding.keys where sequences[[key]] == nil { sequences[[key]] = binding.action }
      }
    }
    for (action, keys) in rebinding {
      for sequence in keys where !sequence.isEmpty { sequences[sequence] = action }
    }
    // Ctrl-C quits whatever `quit` was rebound to, unless a key binding took it: a way out
    // must always be left.
    if sequences[[.control("c")]] == nil { sequences[[.control("c")]] = .quit }
    // Esc given to `quit` stays Esc, which closes what is open before it quits.
    escapeQuits = sequences[[.escape]] == .quit
    if escapeQuits { sequences[[.escape]] = .escape }
    self.sequences = sequences
    let standard = rebinding.isEmpty ? sequences : KeyBindings.standard.sequences
    rebound = Set(
      rebinding.keys.filter { action in
        Set(sequences.filter { $0.value == action }.keys)
          != Set(standard.filter { $0.value == action }.keys)
      })
    prefixes = Set(sequences.keys.flatMap { s in (1..<s.count).map { Array(s.prefix($0)) } })
  }

  /// The action `keys` are bound to, if any, and whether a longer sequence starts with them.
  public func match(_ keys: [Key]) -> (action: Action?, continues: Bool) {
    (sequences[keys], prefixes.contains(keys))
  }

  /// The sequences bound to `action`, shortest first, for the help panel and `--print-config`.
  public func sequences(for action: Action) -> [[Key]] {
    func text(_ keys: [Key]) -> String { keys.compactMap(\.name).joined() }
    return sequences.filter { $0.value == action }.map(\.key)
      .sorted { ($0.count, text($0)) < ($1.count, text($1)) }
  }

  /// The keys a hint names for `actions` (`? help`, `o opens the link`): `own`, the key
  /// table's way of writing them, while they keep the table's keys, else the shortest key of
  /// each now; nil when none has a key any more, so the hint is left out rather than naming a
  /// dead key.
  public func hintKeys(for actions: [Action], own: String) -> String? {
    let now = actions.map(sequences(for:))
    if now == actions.map(KeyBindings.standard.sequences(for:)) { return own }
    let names = now.compactMap { $0.first?.compactMap(\.name).joined() }
    return names.isEmpty ? nil : names.joined(separator: " ")
  }

  /// The help panel's rows for the keys in force: the key table's own text for a row whose
  /// actions kept their keys, else the keys now bound to each of the row's actions by name.
  public var help: [(keys: String, what: String)] {
    KeyMap.table.flatMap { row in
      var keys = row.keys
      let actions = row.bindings.map(\.action)
      if actions.contains(where: rebound.contains) {
        var seen: [Action] = []
        for action in actions where !seen.contains(action) { seen.append(action) }
        keys = seen.map { action in
          sequences(for: action).map { $0.compactMap(\.name).joined() }.joined(separator: " ")
        }.filter { !$0.isEmpty }.joined(separator: "  ")
      }
      var what = row.what
      if escapeQuits, actions.contains(.escape), let first = what.first {
        what[0] = first + "; else quit"
      }
      return what.enumerated().map { k, line in (k == 0 ? keys : "", line) }
    }
  }
}
