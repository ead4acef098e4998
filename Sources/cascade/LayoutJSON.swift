import LayoutEngine

/// Writes a layout as the JSON that `cascade layout` prints, without Foundation's encoder: the
/// numbers must come out as the engine computed them (shortest round-tripping text) and a
/// million items must not build a million dictionaries, nor one string of them all.
enum LayoutJSON {
  /// Writes the content size and then `item(i)` for every `i` in `0..<count` that gives one,
  /// item by item, so that the items need not be gathered first.
  static func write(
    contentSize: Size, count: Int, item: (Int) -> LayoutAttributes?, to output: inout ByteOutput
  ) {
    output.write { out in
      var out = NumberText.literal("{\"contentSize\": {\"width\": ", to: out)
      out = NumberText.number(contentSize.width, to: out)
      out = NumberText.literal(", \"height\": ", to: out)
      out = NumberText.number(contentSize.height, to: out)
      return NumberText.literal("},\n \"items\": [", to: out)
    }
    let cache = NumberTextCache()
    var written = 0
    for i in 0..<count {
      guard let item = item(i) else { continue }
      let first = written == 0
      output.write { out in
        var out = NumberText.literal(first ? "\n  {\"index\": " : ",\n  {\"index\": ", to: out)
        out = NumberText.integer(Int64(item.index), to: out)
        out = NumberText.literal(", \"x\": ", to: out)
        out = cache.number(item.frame.x, to: out)
        out = NumberText.literal(", \"y\": ", to: out)
        out = cache.number(item.frame.y, to: out)
        out = NumberText.literal(", \"width\": ", to: out)
        out = cache.number(item.frame.width, to: out)
        out = NumberText.literal(", \"height\": ", to: out)
        out = cache.number(item.frame.height, to: out)
        if item.span != 1 {
          out = NumberText.literal(", \"span\": ", to: out)
          out = NumberText.integer(Int64(item.span), to: out)
        }
        if item.scale != 1 {
          out = NumberText.literal(", \"scale\": ", to: out)
          out = cache.number(item.scale, to: out)
        }
        return NumberText.literal("}", to: out)
      }
      written += 1
    }
    output.write { out in NumberText.literal(written == 0 ? "]}\n" : "\n ]}\n", to: out) }
  }
}
