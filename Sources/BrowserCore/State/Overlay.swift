/// What covers the boxes.
public enum Overlay: Hashable, Sendable {
  case none, help
  /// Details of an item.
  case details(Int)
}
