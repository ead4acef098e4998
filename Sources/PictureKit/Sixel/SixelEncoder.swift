import CChafa

/// RGBA pixels to a DEC sixel string, through chafa: its colours quantised by chafa to the
/// 256 registers sixel terminals have.
///
/// Thread safety: each call builds and releases its own chafa objects, as `SymbolRenderer`
/// does.
public enum SixelEncoder {
  /// The sixel string (`ESC P … q … ESC \`) of `width` × `height` RGBA pixels, laid out for
  /// `columns` × `rows` cells of `cell` pixels each; chafa keeps the aspect within them.
  /// Empty for an empty picture.
  ///
  /// - Precondition: `rgba.count == width * height * 4`.
  /// - Complexity: O(width × height + output pixels).
  public static func encode(
    rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int,
    cell: (width: Int, height: Int)
  ) -> [UInt8] {
    precondition(rgba.count == width * height * 4, "RGBA pixels need 4 bytes each")
    guard width > 0, height > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else {
      return []
    }
    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    guard let canvas = chafa_canvas_new(config) else { return [] }
    defer { chafa_canvas_unref(canvas) }
    rgba.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(width), Int32(height),
        Int32(width * 4))
    }
    guard let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default()) else {
      return []
    }
    defer { chafa_term_info_unref(info) }
    guard let printed = chafa_canvas_print(canvas, info) else { return [] }
    defer { g_string_free(printed, 1) }
    guard let text = printed.pointee.str else { return [] }
    return text.withMemoryRebound(to: UInt8.self, capacity: Int(printed.pointee.len)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(printed.pointee.len)))
    }
  }
}
