import Locking
import PictureCells

/// Pictures drawn as cells, by key, within a byte budget: the least recently used go first.
///
/// The shell's picture loader writes into it from its own threads, so it is a class behind a
/// lock; the view never reads it, but is handed a frame's pictures as a value (`drawn(for:)`).
/// A picture evicted while its box is still wanted is simply drawn again when the state asks
/// for it next. Whoever holds something for a picture (a terminal keeping its image) is told
/// when it leaves.
public final class PictureCache: Sendable {
  private struct Entry {
    var picture: SymbolPicture
    var bytes: Int
    var lastUse: UInt64
  }

  private struct Contents {
    var entries: [PictureKey: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }

  /// The budget in bytes of cells kept.
  public let budget: Int
  private let contents = Locked(Contents())
  private let released: (@Sendable (PictureKey, SymbolPicture) -> Void)?

  /// - Parameter released: told of each picture that leaves (evicted, removed, or replaced by
  ///   another for its key), outside the lock.
  public init(
    budget: Int = 64 << 20, released: (@Sendable (PictureKey, SymbolPicture) -> Void)? = nil
  ) {
    self.budget = max(0, budget)
    self.released = released
  }

  private func tell(_ gone: [(PictureKey, SymbolPicture)]) {
    guard let released else { return }
    for (key, picture) in gone { released(key, picture) }
  }

  public func picture(for key: PictureKey) -> SymbolPicture? {
    contents.withLock { contents in
      guard var entry = contents.entries[key] else { return nil }
      contents.clock += 1
      entry.lastUse = contents.clock
      contents.entries[key] = entry
      return entry.picture
    }
  }

  /// The pictures a frame of `state` draws that are here, each marked as just used.
  public func drawn(for state: BrowserState) -> DrawnPictures {
    drawn(state.picturesDrawn)
  }

  /// The pictures of `keys` that are here, each marked as just used.
  public func drawn(_ keys: [PictureKey]) -> DrawnPictures {
    guard !keys.isEmpty else { return .none }
    return contents.withLock { contents in
      var found: [PictureKey: SymbolPicture] = [:]
      for key in keys {
        guard var entry = contents.entries[key] else { continue }
        contents.clock += 1
        entry.lastUse = contents.clock
        contents.entries[key] = entry
        found[key] = entry.picture
      }
      return DrawnPictures(found)
    }
  }

  public func insert(_ picture: SymbolPicture, for key: PictureKey) {
    // A moving picture's other frames count as much as its first.
    let frames = picture.animation.map { $0.frames.dropFirst().reduce(0) { $0 + $1.count } } ?? 0
    let bytes = (picture.cells.count + frames) * MemoryLayout<SymbolCell>.stride + 64
    let gone = contents.withLock { contents in
      var gone: [(PictureKey, SymbolPicture)] = []
      if let old = contents.entries[key] {
        contents.bytes -= old.bytes
        gone.append((key, old.picture))
      }
      contents.clock += 1
      contents.entries[key] = Entry(picture: picture, bytes: bytes, lastUse: contents.clock)
      contents.bytes += bytes
      guard contents.bytes > budget else { return gone }
      // Evict the oldest until within budget; the one just inserted goes last.
      let oldest = contents.entries.sorted { $0.value.lastUse < $1.value.lastUse }
      for (evicted, entry) in oldest where contents.bytes > budget {
        contents.entries[evicted] = nil
        contents.bytes -= entry.bytes
        gone.append((evicted, entry.picture))
      }
      return gone
    }
    tell(gone)
  }

  /// Forgets `key`'s picture: the terminal no longer holds the image its placeholders name.
  public func remove(_ key: PictureKey) {
    let gone = contents.withLock { contents -> SymbolPicture? in
      guard let old = contents.entries.removeValue(forKey: key) else { return nil }
      contents.bytes -= old.bytes
      return old.picture
    }
    if let gone { tell([(key, gone)]) }
  }

  /// Forgets every picture.
  public func removeAll() {
    let gone = contents.withLock { contents in
      defer { contents = Contents() }
      return contents.entries.map { ($0.key, $0.value.picture) }
    }
    tell(gone)
  }

  /// The bytes of cells kept now.
  public var byteCount: Int { contents.withLock { $0.bytes } }

  public var count: Int { contents.withLock { $0.entries.count } }
}
