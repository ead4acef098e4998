/// What covers the boxes.
public enum Overlay: Hashable, Sendable {
  case none, help
  /// The last messages of the status line, in full.
  case messages
  /// Details of an item.
  case details(Int)
}
