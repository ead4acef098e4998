/// What the server answered: the status, the address it finally came from after redirects, and
/// the headers of that last answer (`Content-Type`, `Link`, `Content-Range` and the like).
public struct TransferResponse: Sendable, Hashable {
  public struct Header: Sendable, Hashable {
    public var name: String
    public var value: String

    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public var status: Int
  /// The URL after redirects: what a relative link in the body resolves against.
  public var url: String
  /// In the order received; names as the server spelt them.
  public var headers: [Header]
  /// Whether the answer came as one stream of a connection shared by many (HTTP/2 or later):
  /// more transfers to the server then cost no more connections.
  public var multiplexed = false

  package init(status: Int, url: String, headers: [Header], multiplexed: Bool = false) {
    self.status = status
    self.url = url
    self.headers = headers
    self.multiplexed = multiplexed
  }

  /// The first header called `name`, compared without regard to case.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name.lowercased() == wanted }?.value
  }
}
