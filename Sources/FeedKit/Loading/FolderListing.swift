import Glibc

/// A folder's entries as the file system names them, in bytes: `FileManager` leaves out a
/// name that is not UTF-8 (a Latin-1 `café.png` copied from an old disk), so such a picture
/// vanished from a folder feed without a word.
///
/// Cascade names its files by `String`, which cannot hold such a name, so it cannot open
/// them; `FolderReader` names those that are pictures among the skipped, with what to do.
enum FolderListing {
  /// The names (hidden ones too) that are UTF-8, and, shown with their other bytes escaped
  /// (`caf\xE9.png`), the regular files and links whose names are not and that start like a
  /// picture; nil when the folder cannot be listed.
  static func names(of folder: String) -> (names: [String], undecodable: [String])? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    var undecodable: [String] = []
    while let entry = readdir(directory) {
      let bytes = DirectoryEntry.name(entry)
      guard bytes != [UInt8(ascii: ".")], bytes != [UInt8(ascii: "."), UInt8(ascii: ".")] else {
        continue
      }
      if let name = String(validating: bytes, as: UTF8.self) {
        names.append(name)
        continue
      }
      let kind = entry.pointee.d_type
      guard bytes.first != UInt8(ascii: "."),
        kind == UInt8(DT_REG) || kind == UInt8(DT_LNK) || kind == UInt8(DT_UNKNOWN),
        startsLikePicture(Array(folder.utf8) + [UInt8(ascii: "/")] + bytes)
      else { continue }
      undecodable.append(escaped(bytes))
    }
    return (names, undecodable)
  }

  /// Whether the file at the raw `path` starts like a picture Cascade reads.
  private static func startsLikePicture(_ path: [UInt8]) -> Bool {
    let descriptor = (path + [0]).withUnsafeBufferPointer { path in
      path.withMemoryRebound(to: CChar.self) { path in
        path.baseAddress.map { open($0, O_RDONLY | O_NONBLOCK) } ?? -1
      }
    }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var start = [UInt8](repeating: 0, count: 12)
    let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 12) }
    return count > 0 && PictureSize.isPicture(Array(start.prefix(count)))
  }

  /// `bytes` as text, each byte that is not part of a UTF-8 character written `\xHH`.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(byte))
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
      if let character = String(validating: bytes[index..<end], as: UTF8.self) {
        text += character
      } else {
        for byte in bytes[index..<end] {
          text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
      }
      index = end
    }
    return text
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
