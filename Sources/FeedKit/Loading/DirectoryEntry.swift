import Glibc

/// What `readdir` gives, read where it put it.
package enum DirectoryEntry {
  /// The bytes of `entry`'s name, up to its terminating NUL.
  ///
  /// Not `entry.pointee.d_name`: that copies the whole 256-byte array, and glibc makes each
  /// entry only as long as its name (`d_reclen`), so the copy of an entry near the end of
  /// glibc's buffer read past it (AddressSanitizer: heap-buffer-overflow, in `cascade print`
  /// listing the picture cache).
  package static func name(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return [] }
    let start = UnsafeRawPointer(entry).advanced(by: offset)
    let length = strlen(start.assumingMemoryBound(to: CChar.self))
    return Array(UnsafeRawBufferPointer(start: start, count: length))
  }
}
