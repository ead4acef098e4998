/// `o`: what opening an item opens, and whether it can. The shell opens it (`Opener`), and a
/// feed from the network never opens a local path there.
extension BrowserState {
  /// What `o` opens for item `i`: its link, else its picture's address.
  func openTarget(of i: Int) -> String? {
    guard i < items.count else { return nil }
    let target = items[i].link ?? items[i].imageURL
    return target.isEmpty ? nil : target
  }

  /// Whether `o` can open item `i`: a web address, or a path of a feed from this machine.
  public func canOpen(item i: Int) -> Bool {
    guard let target = openTarget(of: i) else { return false }
    let lower = target.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://") || options.localFeed
  }
}
