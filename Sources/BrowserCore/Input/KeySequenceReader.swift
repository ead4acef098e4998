/// Turns key presses into actions through the bindings in force. After a key that starts a
/// longer sequence (`g` of `gg`) it waits for the next: if that continues the sequence, the
/// sequence's action follows; if not, the keys so far do what they do on their own (if
/// anything), and the new key is read afresh.
public struct KeySequenceReader: Hashable, Sendable {
  public let bindings: KeyBindings
  /// The keys of a sequence begun and not yet complete, for the status line.
  public private(set) var pending: [Key] = []

  public init(bindings: KeyBindings = .standard) {
    self.bindings = bindings
  }

  /// The actions `key` completes, in order: none while a sequence is pending, two when a
  /// pending key is cut short by one that does something itself.
  public mutating func read(_ key: Key) -> [Action] {
    let extended = pending + [key]
    let (action, continues) = bindings.match(extended)
    if continues {
      pending = extended
      return []
    }
    if let action {
      pending = []
      return [action]
    }
    guard !pending.isEmpty else { return [] }
    let cut = bindings.match(pending).action
    pending = []
    return (cut.map { [$0] } ?? []) + read(key)
  }
}
