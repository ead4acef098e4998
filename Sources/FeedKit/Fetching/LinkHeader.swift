import FoundationEssentials

/// The `Link` response header (RFC 8288): `<https://…?max_id=1>; rel="next", <…>; rel="prev"`.
enum LinkHeader {
  /// The target of the first link whose `rel` includes `next`.
  static func next(_ header: String) -> String? {
    for link in header.split(separator: ",") {
      let parts = link.split(separator: ";")
      guard let target = parts.first.map({ String($0).trimmingASCIIWhitespace() }),
        target.hasPrefix("<"),
        target.hasSuffix(">"), target.count > 2
      else { continue }
      let isNext = parts.dropFirst().contains { parameter in
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, String(pair[0]).trimmingASCIIWhitespace().lowercased() == "rel"
        else {
          return false
        }
        let value = String(pair[1]).trimmingASCIIWhitespace().trimming { $0 == "\"" }
        return value.lowercased().split(separator: " ").contains("next")
      }
      if isNext { return String(target.dropFirst().dropLast()) }
    }
    return nil
  }
}
