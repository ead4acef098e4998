import BrowserCore
import Locking
import PictureCells

/// Pictures sent to a kitty-graphics terminal: the transmissions the loader's threads made,
/// waiting for the main thread (the only one that writes to the terminal), and which picture
/// each image id names now.
///
/// Each picture is transmitted once; its placeholder cells then cost text bytes only, however
/// often it scrolls. Once no cell can name it any more (its picture left the cache) it is
/// deleted, so the terminal holds only the pictures in and around the view. Ids wrap after
/// `KittyPlaceholder.id(serial:)`'s range, and the picture that held a reused id is handed
/// back so that its cells are forgotten.
public final class KittyUploads: Sendable {
  private struct State {
    var serial = 0
    var pending: [UInt8] = []
    var owners: [UInt32: PictureKey] = [:]
    /// The images the terminal plays as animations.
    var moving: Set<UInt32> = []
    /// Whether they play (`a`): one sent while they are stopped is stopped too.
    var playing = true
  }

  /// Whether commands are wrapped for tmux's passthrough.
  public let insideTmux: Bool
  private let state = Locked(State())

  public init(insideTmux: Bool) { self.insideTmux = insideTmux }

  /// Queues `png` for `key`, shown in `columns` × `rows` cells; returns its image id and the
  /// picture that held that id before, if any.
  public func send(png: [UInt8], columns: Int, rows: Int, for key: PictureKey) -> (
    id: UInt32, replaced: PictureKey?
  ) {
    state.withLock { state in
      let id = KittyPlaceholder.id(serial: state.serial)
      state.serial += 1
      state.moving.remove(id)
      state.pending += wrapped(
        KittyGraphics.transmit(png: png, id: id, columns: columns, rows: rows))
      let replaced = state.owners.updateValue(key, forKey: id)
      return (id, replaced == key ? nil : replaced)
    }
  }

  /// Makes image `id`, just sent, an animation the terminal plays (`KittyGraphics.animate`).
  public func animate(
    id: UInt32, firstDelay: Int, frames: [(png: [UInt8], delay: Int)], loops: Int
  ) {
    state.withLock { state in
      state.moving.insert(id)
      state.pending += wrapped(
        KittyGraphics.animate(id: id, firstDelay: firstDelay, frames: frames, loops: loops))
      if !state.playing { state.pending += wrapped(KittyGraphics.play(id: id, playing: false)) }
    }
  }

  /// What stops or plays again every animation the terminal holds (`a`); those sent later
  /// follow.
  public func play(_ playing: Bool) -> [UInt8] {
    state.withLock { state in
      state.playing = playing
      return state.moving.sorted().flatMap { wrapped(KittyGraphics.play(id: $0, playing: playing)) }
    }
  }

  /// Deletes image `id` from the terminal, with its data, if `key`'s picture still holds it
  /// (a reused id belongs to another picture by now): the picture left the cache, so no cell
  /// will name the id again. Queued like a transmission, for the next frame.
  public func release(id: UInt32, of key: PictureKey) {
    state.withLock { state in
      guard state.owners[id] == key else { return }
      state.owners[id] = nil
      state.moving.remove(id)
      state.pending += wrapped(KittyGraphics.delete(id: id))
    }
  }

  /// The transmissions waiting, taken: the main thread writes them before the frame that
  /// shows their cells.
  public func take() -> [UInt8] {
    state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
  }

  /// Deletes every image sent, freeing the terminal's memory, and drops the transmissions not
  /// yet written: for quitting and suspending.
  public func deleteAll() -> [UInt8] {
    state.withLock { state in
      var bytes: [UInt8] = []
      for id in state.owners.keys.sorted() { bytes += wrapped(KittyGraphics.delete(id: id)) }
      state.owners = [:]
      state.moving = []
      state.pending = []
      return bytes
    }
  }

  /// What deletes every picture on the screen, for `CrashGuard` to write on a crash.
  public var crashCleanup: [UInt8] { wrapped(KittyGraphics.deleteAllOnScreen()) }

  private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
    insideTmux ? KittyGraphics.tmuxPassthrough(bytes) : bytes
  }
}
