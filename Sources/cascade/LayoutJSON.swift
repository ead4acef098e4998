import LayoutEngine

/// Writes a layout as the JSON that `cascade layout` prints, without Foundation's encoder: the
/// numbers must come out as the engine computed them (shortest round-tripping text) and a
/// million items must not build a million dictionaries.
enum LayoutJSON {
  static func render(contentSize: Size, items: [LayoutAttributes]) -> String {
    var out = "{\"contentSize\": {\"width\": "
    out.reserveCapacity(64 + items.count * 80)
    out += LayoutNumber.text(contentSize.width)
    out += ", \"height\": "
    out += LayoutNumber.text(contentSize.height)
    out += "},\n \"items\": ["
    for (n, item) in items.enumerated() {
      out += n == 0 ? "\n  " : ",\n  "
      out += "{\"index\": \(item.index), \"x\": \(LayoutNumber.text(item.frame.x))"
      out += ", \"y\": \(LayoutNumber.text(item.frame.y))"
      out += ", \"width\": \(LayoutNumber.text(item.frame.width))"
      out += ", \"height\": \(LayoutNumber.text(item.frame.height))"
      if item.span != 1 { out += ", \"span\": \(item.span)" }
      if item.scale != 1 { out += ", \"scale\": \(LayoutNumber.text(item.scale))" }
      out += "}"
    }
    out += items.isEmpty ? "]}\n" : "\n ]}\n"
    return out
  }
}
