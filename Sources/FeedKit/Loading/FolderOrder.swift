/// The order of a folder's pictures (`--sort`): a folder has no order of its own, and the
/// order of `readdir` changes from one file system to another.
public enum FolderOrder: String, Hashable, Sendable, CaseIterable {
  /// By path, byte order (so `img10` after `img1`, as `ls` sorts in the C locale).
  case name
  /// Newest first, by modification time: what a folder of downloads or photos wants.
  case time
  /// Largest first, by file size.
  case size
}
