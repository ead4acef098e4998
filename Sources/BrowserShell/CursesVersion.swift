import CNCurses

/// The ncurses loaded at run time, for `cascade --version` (bug reports).
public enum CursesVersion {
  /// `6.4.20221231`: `curses_version()` without its `ncurses ` prefix.
  public static var description: String {
    guard let text = curses_version() else { return "unknown" }
    let full = String(cString: text)
    return full.hasPrefix("ncurses ") ? String(full.dropFirst("ncurses ".count)) : full
  }
}
