/// Standard base64 (RFC 4648, with padding), for OSC 52 copies and picture payloads, without
/// Foundation.
package enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  package static func encode(_ bytes: [UInt8]) -> String {
    String(decoding: encodedBytes(bytes), as: UTF8.self)
  }

  /// The encoding as bytes: for picture payloads of megabytes, written as they are.
  package static func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = UInt32(bytes[i])
      let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
      let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(triple >> 18 & 63)])
      out.append(alphabet[Int(triple >> 12 & 63)])
      out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
      i += 3
    }
    return out
  }
}
