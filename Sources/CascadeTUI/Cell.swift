/// One character cell of a screen: filled in by the browser issue.
public struct Cell: Hashable, Sendable {
  public var text: String
  public init(text: String = " ") { self.text = text }
}
