import Foundation
import TestSupport

/// A real terminal emulator (xterm with sixel, kitty, mlterm or Konsole) on a
/// `VirtualDisplay`, running the built `cascade`, to be photographed.
///
/// The emulator runs `cascade` under a shell that afterwards writes its status and waits, so
/// the screen after quitting can be photographed too. It gets an environment of its own (a
/// home, caches and config folders of its own, no `TERM`, `COLORTERM` or `TMUX` from the test
/// run), and a background colour no photograph has, so that a missing picture never passes for
/// a dark or light one. `close()` (or deinit) ends the emulator, its shell and `cascade`.
final class RealTerminal: @unchecked Sendable {
  /// The terminals the tests run in.
  enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// xterm 379 as a VT340 (sixel), with the `TERM=xterm` it sets itself: 8 colours in its
    /// terminfo.
    case xterm
    /// The same xterm told `-tn xterm-256color`.
    case xterm256 = "xterm-256color"
    /// Debian 12's kitty (0.26.5: graphics, no Unicode placeholders), on Mesa's software
    /// OpenGL.
    case kitty
    /// mlterm 3.9: sixel, as xterm does it.
    case mlterm
    /// Konsole 22.12 (KDE): sixel that only a screen clear takes away; a tool bar above its
    /// cells.
    case konsole

    var description: String { rawValue }

    /// The program that must be installed.
    var program: String {
      switch self {
      case .xterm, .xterm256: "xterm"
      case .kitty: "kitty"
      case .mlterm: "mlterm"
      case .konsole: "konsole"
      }
    }

    /// The window's WM_CLASS class.
    var windowClass: String {
      switch self {
      case .xterm, .xterm256: "XTerm"
      case .kitty: "kitty"
      case .mlterm: "mlterm"
      case .konsole: "konsole"
      }
    }

    /// Pixels between the window's edge and the first cell: xterm's internal border; kitty is
    /// told to have none. (mlterm's and Konsole's are not measured: the tests that need the
    /// cells' place run in xterm and kitty, `photoChecked`.)
    var padding: Int { self == .kitty ? 0 : 2 }

    /// The terminals whose cells' place on the screen the photograph checks know.
    static let photoChecked: [Kind] = [.xterm, .xterm256, .kitty]
  }

  /// Whether the display and every emulator are installed.
  static var isAvailable: Bool {
    VirtualDisplay.isAvailable
      && Kind.allCases.allSatisfy { ExecutablePath.find($0.program) != nil }
  }

  /// The background both terminals are given: far from every colour of the photographs.
  static let background = Screenshot.Colour(red: 0x40, green: 0x20, blue: 0x50)
  private static let backgroundName = "#402050"

  let kind: Kind
  let columns: Int
  let rows: Int
  private let display: VirtualDisplay
  private let emulator: ChildProcess
  private let folder: URL
  private let lock = NSLock()
  private var closed = false

  private init(
    kind: Kind, columns: Int, rows: Int, display: VirtualDisplay, emulator: ChildProcess,
    folder: URL
  ) {
    self.kind = kind
    self.columns = columns
    self.rows = rows
    self.display = display
    self.emulator = emulator
    self.folder = folder
  }

  /// Starts `kind` on `display` with `columns`×`rows` cells, running the built `cascade` with
  /// `arguments`.
  static func start(
    _ kind: Kind, on display: VirtualDisplay, columns: Int = 100, rows: Int = 30,
    arguments: [String]
  ) throws -> RealTerminal {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-terminal-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let quoted = ([CascadeProcess.binary.path] + arguments).map(Self.quote).joined(separator: " ")
    let status = folder.appendingPathComponent("status").path
    let script =
      "echo $$ > \(quote(folder.appendingPathComponent("shell").path)); "
      + "\(quoted); echo $? > \(quote(status)); exec sleep 600"
    var environment = display.environment.merging(IsolatedHomes.environment) { $1 }
    environment["HOME"] = folder.path
    environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
    environment["LANG"] = "C.UTF-8"
    if let user = ProcessInfo.processInfo.environment["USER"] { environment["USER"] = user }
    let command: [String]
    switch kind {
    case .xterm, .xterm256:
      command =
        ["xterm", "-ti", "vt340"] + (kind == .xterm256 ? ["-tn", "xterm-256color"] : [])
        + [
          "-geometry", "\(columns)x\(rows)", "-fa", "DejaVu Sans Mono", "-fs", "10",
          "-bg", backgroundName, "-fg", "#e0e0e0",
          "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
          "-e", "/bin/sh", "-c", script,
        ]
    case .mlterm:
      command = [
        "mlterm", "-g", "\(columns)x\(rows)", "-w", "12", "-O", "none", "-b", backgroundName,
        "-f", "#e0e0e0", "-e", "/bin/sh", "-c", script,
      ]
    case .konsole:
      // Konsole needs an X platform and a session bus of its own.
      environment["QT_QPA_PLATFORM"] = "xcb"
      let bus = folder.appendingPathComponent("session-bus.conf")
      try Self.sessionBus.write(to: bus, atomically: true, encoding: .utf8)
      command = [
        "dbus-run-session", "--config-file=\(bus.path)", "--", "konsole", "--nofork", "--separate",
        "--hide-menubar",
        "--hide-tabbar", "-p", "TerminalColumns=\(columns)", "-p", "TerminalRows=\(rows)",
        "-e", "/bin/sh", "-c", script,
      ]
    case .kitty:
      // kitty needs OpenGL 3.3, which Mesa's software renderer gives.
      environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
      command = [
        "kitty", "--config", "NONE", "-o", "remember_window_size=no",
        "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
        "-o", "font_size=10", "-o", "placement_strategy=top-left",
        "-o", "window_padding_width=0", "-o", "background=\(backgroundName)",
        "-o", "foreground=#e0e0e0", "/bin/sh", "-c", script,
      ]
    }
    let emulator = try ChildProcess.start(
      command, environment: environment,
      outputPath: folder.appendingPathComponent("emulator.log").path)
    return RealTerminal(
      kind: kind, columns: columns, rows: rows, display: display, emulator: emulator,
      folder: folder)
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The session bus Konsole is given: what it needs of Debian's, listening in the temporary
  /// folder (the one `make test` removes) instead of /tmp, where a bus ended before it
  /// cleaned up left its socket (one of seven `make test` runs beside busy loops).
  private static var sessionBus: String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <keep_umask/>
      <listen>unix:tmpdir=\(FileManager.default.temporaryDirectory.path)</listen>
      <auth>EXTERNAL</auth>
      <standard_session_servicedirs/>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>

    """
  }

  deinit { close() }

  /// Ends `cascade` if it still runs, the shell, and the emulator; removes the folder.
  /// Idempotent.
  func close() {
    let first = lock.withLock {
      defer { closed = true }
      return !closed
    }
    guard first else { return }
    // The shell and cascade run in the terminal's own session, outside the emulator's process
    // group: they are ended by their ids, read while they still run.
    let shell = (try? String(contentsOf: folder.appendingPathComponent("shell"), encoding: .utf8))
      .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    var ours: [pid_t] = []
    if let shell {
      let children =
        (try? String(
          contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
      ours = children.split(separator: " ").compactMap { pid_t($0) } + [shell]
    }
    for pid in ours { kill(pid, SIGKILL) }
    emulator.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// What the emulator wrote to its standard output and error.
  var log: String {
    (try? String(contentsOf: folder.appendingPathComponent("emulator.log"), encoding: .utf8))
      ?? ""
  }

  /// `cascade`'s exit status once it ended.
  var exitStatus: Int32? {
    (try? String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Whether the emulator still runs.
  var isRunning: Bool { emulator.isRunning }

  /// Where the cells are on the screen, once the window is up (waits at most `timeout`).
  ///
  /// The window must be the same on two looks in a row: kitty maps a passing window of its
  /// own while it starts.
  func grid(timeout: Double = 20) async throws -> CellGrid {
    let deadline = Date().addingTimeInterval(timeout)
    var last: WindowGeometry?
    while true {
      let seen = try await display.window(class: kind.windowClass)
      defer { last = seen }
      if let window = seen, window == last {
        let inside = (
          width: window.width - 2 * kind.padding, height: window.height - 2 * kind.padding
        )
        let cell = (width: inside.width / columns, height: inside.height / rows)
        if cell.width > 0 && cell.height > 0 {
          return CellGrid(
            x: window.x + kind.padding, y: window.y + kind.padding, cellWidth: cell.width,
            cellHeight: cell.height)
        }
      }
      guard Date() < deadline, isRunning else {
        throw RealTerminalError.noWindow(kind: kind, log: log)
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Types `key` (an xdotool key name) into the terminal, the pointer at its window's centre.
  func press(_ key: String) async throws {
    guard let window = try await display.window(class: kind.windowClass) else {
      throw RealTerminalError.noWindow(kind: kind, log: log)
    }
    try await display.press(
      key, pointerAt: (window.x + window.width / 2, window.y + window.height / 2))
  }

  /// Types `key` (an xdotool key name) into the terminal.
  func press(_ key: String, grid: CellGrid) async throws {
    try await display.press(
      key,
      pointerAt: (grid.x + columns * grid.cellWidth / 2, grid.y + rows * grid.cellHeight / 2))
  }
}

/// Where a terminal's cells are on the screen, in pixels.
struct CellGrid: Equatable, CustomStringConvertible {
  var x: Int
  var y: Int
  var cellWidth: Int
  var cellHeight: Int

  var description: String { "cells of \(cellWidth)×\(cellHeight) px from (\(x), \(y))" }
}

enum RealTerminalError: Error, CustomStringConvertible {
  case noWindow(kind: RealTerminal.Kind, log: String)

  var description: String {
    switch self {
    case .noWindow(let kind, let log): "\(kind) showed no window; it said: \(log)"
    }
  }
}
