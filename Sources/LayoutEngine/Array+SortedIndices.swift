extension Array where Element == Int {
  /// Sorts the indices and keeps one of each: an item spanning several columns is met once per
  /// column by the rect indexes.
  mutating func sortAndRemoveDuplicates() {
    sort()
    var write = 0
    for read in indices where write == 0 || self[read] != self[write - 1] {
      self[write] = self[read]
      write += 1
    }
    removeSubrange(write...)
  }
}
