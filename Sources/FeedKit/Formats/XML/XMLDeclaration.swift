/// The XML declaration at a document's start (`<?xml version="1.0" encoding="…"?>`), read in
/// bytes of an ASCII-compatible encoding: where its `encoding` value is, to read the label
/// and, once the document is decoded into UTF-8, to make it say so.
enum XMLDeclaration {
  /// The range of the `encoding` value's characters, when the document starts (after a byte
  /// order mark and white space) with a declaration that has one.
  static func encodingRange(in bytes: ArraySlice<UInt8>) -> Range<Int>? {
    var start = ByteOrderMark.skipped(bytes).startIndex
    while start < bytes.endIndex, ByteOrderMark.isBlank(bytes[start]) { start += 1 }
    guard bytes[start...].starts(with: "<?xml".utf8) else { return nil }
    let limit = min(bytes.endIndex, start + 512)
    guard let close = bytes[start..<limit].firstIndex(of: UInt8(ascii: ">")) else { return nil }
    let declaration = bytes[start..<close]
    let key = Array("encoding".utf8)
    guard
      var at = declaration.indices.first(where: {
        declaration[$0...].starts(with: key)
      })
    else { return nil }
    at += key.count
    while at < close, ByteOrderMark.isBlank(bytes[at]) || bytes[at] == UInt8(ascii: "=") {
      at += 1
    }
    guard at < close, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
      return nil
    }
    let quote = bytes[at]
    guard let end = bytes[(at + 1)..<close].firstIndex(of: quote) else { return nil }
    return (at + 1)..<end
  }

  /// The label the declaration gives, if any.
  static func label(in bytes: ArraySlice<UInt8>) -> String? {
    encodingRange(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  /// `bytes` (now UTF-8) with the declaration's encoding made `UTF-8`, so that the parser
  /// reads them as what they are.
  static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8] {
    guard let range = encodingRange(in: bytes[...]) else { return bytes }
    var result = bytes
    result.replaceSubrange(range, with: "UTF-8".utf8)
    return result
  }
}
