import FoundationEssentials

extension URL {
  /// The URL a feed, a link or an argument wrote, with its percent-escapes kept as written.
  ///
  /// Foundation's `URL(string:)` repairs a string that holds a character no URL may (a `[`
  /// in a query, a space) by escaping *every* `%` in it too, so `?q=a%2Fb&x=[1]` went out as
  /// `?q=a%252Fb&x=%5B1%5D` and the server read another query. Here only what a URL cannot
  /// hold is escaped first (`URLText.escapingInvalid`), and nothing is left to repair.
  init?(feedText text: String, relativeTo base: URL? = nil) {
    self.init(string: URLText.escapingInvalid(text), relativeTo: base)
  }
}

/// Escaping for URLs written by hand or by feeds.
enum URLText {
  /// `text` with each byte a URL cannot hold percent-escaped (spaces, controls, non-ASCII
  /// bytes of UTF-8, `"<>\^`{|}`, a `%` not followed by two hex digits, `[` and `]` outside
  /// the host), and everything else — escapes already there among it — as written.
  static func escapingInvalid(_ text: String) -> String {
    let bytes = Array(text.utf8)
    // The host may hold an IPv6 address in brackets: from after `//` to the path, query or
    // fragment.
    var authority = 0..<0
    if let scheme = bytes.firstIndex(of: UInt8(ascii: ":")),
      bytes[(scheme + 1)...].starts(with: Array("//".utf8))
    {
      let start = scheme + 3
      let end =
        bytes[start...].firstIndex {
          $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        ?? bytes.count
      authority = start..<end
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for (index, byte) in bytes.enumerated() {
      if isKept(byte, at: index, in: bytes, authority: authority) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func isKept(_ byte: UInt8, at index: Int, in bytes: [UInt8], authority: Range<Int>)
    -> Bool
  {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "%"):
      return index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
    case UInt8(ascii: "["), UInt8(ascii: "]"):
      return authority.contains(index)
    default:
      return Array("-._~:/?#@!$&'()*+,;=".utf8).contains(byte)
    }
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
