/// The bytes of kitty graphics protocol commands: `ESC _ G keys ; payload ESC \`.
///
/// Every command Cascade sends while browsing carries `q=2`, so the terminal never answers
/// into the input stream that curses reads as keys.
public enum KittyGraphics {
  /// The base64 bytes per chunk: the protocol's limit is 4096.
  public static let chunkSize = 4096

  /// One command.
  public static func command(_ keys: String, payload: [UInt8] = []) -> [UInt8] {
    var bytes = Array("\u{1B}_G".utf8) + Array(keys.utf8)
    if !payload.isEmpty { bytes += [0x3B] + payload }
    return bytes + Array("\u{1B}\\".utf8)
  }

  /// Transmits `png` as image `id` and makes a virtual placement of `columns` × `rows` cells
  /// for Unicode placeholders to show (`U=1`); the terminal fits the picture into those cells
  /// with its aspect kept. Chunked, only the first chunk with the keys.
  public static func transmit(png: [UInt8], id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    chunked(png, firstKeys: "a=T,U=1,f=100,t=d,i=\(id),c=\(columns),r=\(rows),q=2")
  }

  /// `png` in base64 chunks, the first with `firstKeys` (every one with them when
  /// `keysInEveryChunk`), each saying whether more follow.
  private static func chunked(
    _ png: [UInt8], firstKeys: String, keysInEveryChunk: Bool = false
  ) -> [UInt8] {
    let encoded = Base64.encodedBytes(png)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encoded.count + encoded.count / chunkSize * 16 + 64)
    var start = 0
    repeat {
      let end = min(encoded.count, start + chunkSize)
      let more = end < encoded.count ? 1 : 0
      let keys =
        start == 0 || keysInEveryChunk ? "\(firstKeys),m=\(more)" : "m=\(more),q=2"
      bytes += command(keys, payload: Array(encoded[start..<end]))
      start = end
    } while start < encoded.count
    return bytes
  }

  /// Transmits `png` as image `id` with no placement, for `place` to show (kitty before
  /// Unicode placeholders). Chunked, only the first chunk with the keys.
  public static func transmitData(png: [UInt8], id: UInt32) -> [UInt8] {
    chunked(png, firstKeys: "a=t,f=100,t=d,i=\(id),q=2")
  }

  /// Makes image `id` (its first frame transmitted already) an animation the terminal plays
  /// itself: each later frame sent once as a whole PNG (`a=f`) with the milliseconds it stays
  /// (`z`), the first frame's time set (`a=a,r=1`), then played (`s=3`) `loops` times (0:
  /// forever; kitty counts `v=1` as forever and `v=n` as n − 1 loops).
  public static func animate(
    id: UInt32, firstDelay: Int, frames: [(png: [UInt8], delay: Int)], loops: Int
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    // Each chunk of a frame repeats its keys: kitty before 0.36 took the chunks after the
    // first for another frame 2 each time, and played nothing (seen on Debian's 0.26.5).
    for frame in frames {
      bytes += chunked(
        frame.png, firstKeys: "a=f,i=\(id),f=100,z=\(max(1, frame.delay)),q=2",
        keysInEveryChunk: true)
    }
    bytes += command("a=a,i=\(id),r=1,z=\(max(1, firstDelay)),q=2")
    return bytes + play(id: id, playing: true, loops: loops)
  }

  /// Plays (`s=3`) or stops (`s=1`) image `id`'s animation.
  public static func play(id: UInt32, playing: Bool, loops: Int = 0) -> [UInt8] {
    playing
      ? command("a=a,i=\(id),s=3,v=\(loops > 0 ? loops + 1 : 1),q=2")
      : command("a=a,i=\(id),s=1,q=2")
  }

  /// Places image `id` at the cursor as placement `placement` (replacing that placement where
  /// it was), showing the `source` rectangle of its pixels scaled into `columns` × `rows`
  /// cells; the cursor does not move (`C=1`).
  public static func place(
    id: UInt32, placement: Int, source: (x: Int, y: Int, width: Int, height: Int),
    columns: Int, rows: Int
  ) -> [UInt8] {
    command(
      "a=p,i=\(id),p=\(placement),x=\(source.x),y=\(source.y),w=\(source.width),"
        + "h=\(source.height),c=\(columns),r=\(rows),C=1,q=2")
  }

  /// Deletes placement `placement` of image `id`, keeping its data for the next placement.
  public static func deletePlacement(id: UInt32, placement: Int) -> [UInt8] {
    command("a=d,d=i,i=\(id),p=\(placement),q=2")
  }

  /// Deletes image `id`'s placements and frees its data in the terminal.
  public static func delete(id: UInt32) -> [UInt8] {
    command("a=d,d=I,i=\(id),q=2")
  }

  /// Deletes every placement on the screen, keeping the images' data.
  public static func deleteAllPlacements() -> [UInt8] {
    command("a=d,d=a,q=2")
  }

  /// Deletes every placement on the screen and frees the data of the images they were: on
  /// the browser's alternate screen, its own pictures, for a crash that cannot list them.
  public static func deleteAllOnScreen() -> [UInt8] {
    command("a=d,d=A,q=2")
  }

  /// `bytes` wrapped for tmux's passthrough (which needs `allow-passthrough on`): a DCS
  /// `tmux;` string with every ESC inside doubled.
  public static func tmuxPassthrough(_ bytes: [UInt8]) -> [UInt8] {
    var wrapped = Array("\u{1B}Ptmux;".utf8)
    wrapped.reserveCapacity(bytes.count + bytes.count / 64 + 16)
    for byte in bytes {
      if byte == 0x1B { wrapped.append(0x1B) }
      wrapped.append(byte)
    }
    return wrapped + Array("\u{1B}\\".utf8)
  }
}
