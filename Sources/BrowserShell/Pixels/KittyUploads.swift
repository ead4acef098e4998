import BrowserCore
import PictureCells
import Synchronization

/// Pictures sent to a kitty-graphics terminal: the transmissions the loader's threads made,
/// waiting for the main thread (the only one that writes to the terminal), and which picture
/// each image id names now.
///
/// Each picture is transmitted once; its placeholder cells then cost text bytes only, however
/// often it scrolls. Ids wrap after `KittyPlaceholder.id(serial:)`'s range, and the picture
/// that held a reused id is handed back so that its cells are forgotten.
public final class KittyUploads: Sendable {
  private struct State {
    var serial = 0
    var pending: [UInt8] = []
    var owners: [UInt32: PictureKey] = [:]
  }

  /// Whether commands are wrapped for tmux's passthrough.
  public let insideTmux: Bool
  private let state = Mutex(State())

  public init(insideTmux: Bool) { self.insideTmux = insideTmux }

  /// Queues `png` for `key`, shown in `columns` × `rows` cells; returns its image id and the
  /// picture that held that id before, if any.
  public func send(png: [UInt8], columns: Int, rows: Int, for key: PictureKey) -> (
    id: UInt32, replaced: PictureKey?
  ) {
    state.withLock { state in
      let id = KittyPlaceholder.id(serial: state.serial)
      state.serial += 1
      let bytes = KittyGraphics.transmit(png: png, id: id, columns: columns, rows: rows)
      state.pending += insideTmux ? KittyGraphics.tmuxPassthrough(bytes) : bytes
      let replaced = state.owners.updateValue(key, forKey: id)
      return (id, replaced == key ? nil : replaced)
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

  /// Deletes every image sent, freeing the terminal's memory: for quitting.
  public func deleteAll() -> [UInt8] {
    state.withLock { state in
      var bytes: [UInt8] = []
      for id in state.owners.keys.sorted() {
        let delete = KittyGraphics.delete(id: id)
        bytes += insideTmux ? KittyGraphics.tmuxPassthrough(delete) : delete
      }
      state.owners = [:]
      return bytes
    }
  }
}
