/// iTerm2's inline files: `ESC ] 1337 ; File=inline=1;… : base64 BEL`, sized in cells.
public enum ITermImage {
  /// `png` (or any picture file iTerm2 reads: a GIF plays) shown in `columns` × `rows` cells
  /// with its aspect kept.
  public static func file(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
    Array(
      "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:"
        .utf8) + Base64.encodedBytes(png) + [0x07]
  }
}
