import BrowserCore
import CNCurses
import Dispatch
import Glibc
import PictureCells
import PictureKit

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  case notATerminal
  case unknownTerminal(String)
  /// terminfo knows the type, but it cannot move the cursor (`dumb`): a screen drawn on it
  /// would be unreadable.
  case cannotMoveCursor(String)

  public var description: String {
    switch self {
    case .notATerminal:
      return "the browser needs a terminal on standard input and output; to write the feed's "
        + "pictures to a file or a pipe, try `cascade print` (`cascade layout` writes the "
        + "boxes as JSON)"
    case .unknownTerminal(""):
      return "TERM is not set, so the terminal's type is not known; set it, e.g. "
        + "TERM=xterm-256color"
    case .unknownTerminal(let name):
      return "cannot use the terminal type \"\(name)\" (TERM); try TERM=xterm-256color"
    case .cannotMoveCursor(let name):
      return "the terminal type \"\(name)\" (TERM) cannot move the cursor, which the browser "
        + "needs; try TERM=xterm-256color, or `cascade print` for a sheet without it"
    }
  }
}

/// The terminal while the browser runs: ncurses set up on entry, given back on every exit path.
///
/// A class because it is one shared resource with a lifetime: the screen is taken once and must
/// be restored exactly once. Only the main thread uses it (ncurses is not thread-safe).
package final class Terminal: FrameWriter {
  let isUTF8: Bool
  let colorCount: Int
  private var isActive = false
  private var pairs: [PairKey: Int32] = [:]
  /// The pair `pair(_:)` gave last, and for which colours.
  private var lastPair: (key: PairKey, pair: Int32)?
  /// The curses bits `attributes(_:)` gave last, and for which attributes.
  private var lastAttributes: (attributes: CellAttributes, bits: attr_t)?
  private let window: UnsafeMutablePointer<WINDOW>
  private let attributeBits: [(CellAttributes, attr_t)]

  private struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// Where ncurses writes, so that a sequence written past it (a copy, a picture) is sent
  /// after the frame.
  private let output: UnsafeMutablePointer<FILE>

  /// The input's descriptor: standard input, or `/dev/tty` when the feed came on standard input.
  let inputDescriptor: Int32
  /// Whether the browser asks for the mouse (`--no-mouse` leaves the terminal's own text
  /// selection alone), whether the modes are on now, and the clicks counted so far.
  private let wantsMouse: Bool
  private var mouseModesOn = false
  private var mouse = MouseInput()
  private let screen: OpaquePointer
  private let isHeadless: Bool

  /// Takes over the process's terminal. When standard input is not a terminal (the feed was
  /// piped in), keys are read from `/dev/tty`.
  /// - Parameters:
  ///   - type: the terminfo entry to draw with, nil for `TERM`'s (`TerminalType` chooses
  ///     another where `TERM` undersells the terminal or has no entry here).
  ///   - mouse: whether to ask the terminal for clicks and the wheel.
  ///   - stillPixels: whether pictures are drawn in pixels over the frame, so that ncurses
  ///     must never scroll the terminal (`StillTerminfo`).
  convenience init(
    type: String? = nil, mouse: Bool = true, stillPixels: Bool = false
  ) throws(TerminalError) {
    guard isatty(1) == 1 else { throw .notATerminal }
    var inputFD: Int32 = 0
    if isatty(0) != 1 {
      inputFD = open("/dev/tty", O_RDONLY | O_CLOEXEC)
      guard inputFD >= 0, isatty(inputFD) == 1 else { throw .notATerminal }
    }
    setlocale(LC_ALL, "")
    guard let output = fdopen(1, "w"), let input = fdopen(inputFD, "r") else {
      throw .notATerminal
    }
    try self.init(
      type: type, output: output, input: input, inputDescriptor: inputFD, mouse: mouse,
      stillPixels: stillPixels)
  }

  /// A terminal of type `type` that writes to `output` and reads `input` (files, for measuring
  /// what ncurses sends), without crash or signal handling.
  ///
  /// ncurses keeps one current screen per process, so headless terminals (tests and benchmarks
  /// on several threads) take turns: each waits for the one before to be restored.
  convenience init(
    headless type: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    stillPixels: Bool = false
  ) throws(TerminalError) {
    headlessTurn.wait()
    do {
      try self.init(
        type: type, output: output, input: input, inputDescriptor: -1, mouse: false,
        stillPixels: stillPixels)
    } catch {
      headlessTurn.signal()
      throw error
    }
  }

  private init(
    type: String?, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    inputDescriptor: Int32, mouse: Bool, stillPixels: Bool
  ) throws(TerminalError) {
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    isUTF8 = codeset.uppercased().replacingDashes() == "UTF8"
    isHeadless = inputDescriptor < 0
    self.inputDescriptor = inputDescriptor
    self.output = output
    if !isHeadless { CrashGuard.captureModes() }
    guard let made = Self.newScreen(type: type, output: output, input: input, still: stillPixels),
      let screen = cascade_stdscr()
    else {
      let name = type ?? getenv("TERM").map { String(cString: $0) } ?? ""
      throw .unknownTerminal(name)
    }
    self.screen = made
    window = screen
    // A terminal whose terminfo names no mouse key (vt100) is not sent the modes either.
    wantsMouse = mouse && cascade_capability("kmous") != nil
    isActive = true
    if !isHeadless { CrashGuard.install(restoring: Self.restoreBytes()) }
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    nodelay(window, true)
    idlok(window, true)
    curs_set(0)
    set_escdelay(25)
    var colors = 0
    if has_colors() {
      start_color()
      use_default_colors()
      colors = Int(cascade_colors())
    }
    colorCount = colors
    mouseinterval(0)
    if mouse {
      mousemask(
        cascade_button1_pressed() | cascade_button2_pressed() | cascade_button3_pressed()
          | cascade_button4_pressed() | cascade_button5_pressed(), nil)
    }
    attributeBits = [
      (.bold, cascade_a_bold()), (.dim, cascade_a_dim()), (.reverse, cascade_a_reverse()),
      (.underline, cascade_a_underline()), (.italic, cascade_a_italic()),
    ]
    bufferFrames()
  }

  deinit { restore() }

  /// Has ncurses send a frame in one write (or a few, of a screen's size each), not one for
  /// each move of the cursor in it.
  ///
  /// ncurses 6 empties its output after every cursor move while a screen has never been put
  /// away (`_nc_mvcur` flushes while `_endwin` is still its first state, for programs that
  /// move the cursor through terminfo alone). A waterfall's frame went out in ~260 writes of
  /// ~40 bytes, each one waking the terminal (and tmux) to parse a piece of a frame, on the
  /// same cores that receive and decode the pictures, and giving a terminal the chance to show
  /// a frame half drawn. Putting the screen away and taking it back (`endwin`, `doupdate`),
  /// before anything is drawn, leaves that state for good, as a Ctrl-Z and `fg` always did.
  ///
  /// What that sends is written to /dev/null: the terminal would otherwise leave the
  /// alternate screen and come back to it at once (the shell's screen could flash), and its
  /// modes would be the shell's for a moment (a key typed then echoed). The terminal is left
  /// as `newterm` set it, which is what ncurses then believes it is: the screen blank, the
  /// first frame a whole one. Without /dev/null nothing is done, and frames go out as before.
  private func bufferFrames() {
    let descriptor = fileno(output)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else { return }
    defer { close(null) }
    let saved = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard saved >= 0 else { return }
    defer { close(saved) }
    fflush(output)
    guard dup2(null, descriptor) >= 0 else { return }
    endwin()
    doupdate()
    while dup2(saved, descriptor) < 0, errno == EINTR {}
  }

  /// ncurses' screen for terminal type `type` (nil: `TERM`'s); with `still`, from its entry
  /// without the terminal's scrolling (`StillTerminfo`), where that entry is found, so that
  /// pixels drawn over the frame stay where they were drawn.
  private static func newScreen(
    type: String?, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    still: Bool
  ) -> OpaquePointer? {
    guard still else { return newterm(type, output, input) }
    let environment = StillTerminfo.environment()
    guard let name = type ?? environment["TERM"],
      let folder = StillTerminfo.folder(for: name, environment: environment)
    else { return newterm(type, output, input) }
    defer { StillTerminfo.remove(folder) }
    let previous = getenv("TERMINFO").map { String(cString: $0) }
    setenv("TERMINFO", folder, 1)
    defer {
      if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
    }
    return newterm(type, output, input)
  }

  /// Leaves the alternate screen and restores the cursor and the terminal modes. Safe to call
  /// more than once.
  func restore() {
    guard isActive else { return }
    isActive = false
    mouseModes(on: false)
    endwin()
    // A terminal without an alternate screen (vt100, the Linux console) kept the last frame,
    // status line and all, under the shell's prompt: it is cleared, as the shell found it
    // cleared of what came before by the first frame anyway.
    if !isHeadless, let clear = Self.clearWithoutAlternateScreen() {
      writeBetweenFrames(clear)
    }
    if isHeadless {
      delscreen(screen)
      headlessTurn.signal()
    } else {
      CrashGuard.disarm()
    }
  }

  /// Gives the terminal back to the shell and stops the process (Ctrl-Z); returns once it is
  /// continued. The next frame takes the screen again (`repaintAll()`).
  func suspend() {
    guard isActive, !isHeadless else { return }
    mouseModes(on: false)
    endwin()
    // Continued in the background (`bg`), the browser would take the screen back over the
    // shell (ncurses sets the terminal's modes with SIGTTOU blocked): it stops again until it
    // is the terminal's foreground job (`fg`).
    repeat { WakePipe.stopUntilContinued() } while !isForeground
  }

  /// Gives the terminal to `body` (a program run in the foreground) and takes it back: the
  /// screen is put away as on Ctrl-Z, and the next frame repaints all of it.
  func lend<T>(_ body: () -> T) -> T {
    guard isActive, !isHeadless else { return body() }
    mouseModes(on: false)
    endwin()
    defer { repaintAll() }
    return body()
  }

  /// Whether this process's group is the terminal's foreground one (or the terminal says
  /// nothing of it).
  var isForeground: Bool {
    let group = tcgetpgrp(inputDescriptor)
    return group < 0 || group == getpgrp()
  }

  /// Has the next frame write every cell of `rows` again (clipped to the screen).
  package func rewriteRows(_ rows: Range<Int>) {
    let height = Int(cascade_getmaxy(window))
    let top = max(0, rows.lowerBound)
    let bottom = min(height, rows.upperBound)
    guard top < bottom else { return }
    wredrawln(window, Int32(top), Int32(bottom - top))
  }

  /// Has the next frame repaint every cell, not only those that changed: the screen was
  /// someone else's meanwhile.
  func repaintAll() {
    clearok(window, true)
  }

  var size: CanvasSize {
    CanvasSize(
      columns: Int(cascade_getmaxx(window)), rows: Int(cascade_getmaxy(window)))
  }

  // MARK: Drawing

  /// Sets the size of a headless terminal (a real one follows the window).
  func resize(_ size: CanvasSize) {
    resizeterm(Int32(size.rows), Int32(size.columns))
  }

  /// Starts a frame. Pictures can ask for more colour pairs over a session than a terminal
  /// has (ncurses then recycles old pairs under numbers this canvas still remembers), so once
  /// three quarters are used every pair is freed and this frame allocates afresh.
  package func erase() {
    if pairs.count > Int(cascade_color_pairs()) * 3 / 4 {
      reset_color_pairs()
      pairs.removeAll(keepingCapacity: true)
      lastPair = nil
    }
    werase(window)
  }

  /// Sends what changed since the last frame, and only that.
  package func present() {
    wnoutrefresh(window)
    doupdate()
    // After ncurses' own mouse string, which the first frame (and the first after a resume)
    // sends: the browser's modes are the ones that stand.
    if wantsMouse, !mouseModesOn, !isHeadless { mouseModes(on: true) }
  }

  /// Turns the mouse modes the browser uses on or off (`MouseInput`).
  private func mouseModes(on: Bool) {
    guard wantsMouse, !isHeadless, on != mouseModesOn else { return }
    mouseModesOn = on
    writeBetweenFrames(on ? MouseInput.enable : MouseInput.disable)
  }

  /// Writes bytes straight to the terminal between frames (curses has flushed its own output
  /// by then, so the two never interleave): pictures' escape sequences.
  package func writeBetweenFrames(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    fflush(output)
    var done = 0
    while done < bytes.count {
      let count = bytes[done...].withUnsafeBytes { write(fileno(output), $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      done += count
    }
  }

  func put(_ cluster: Substring, width: Int, row: Int, column: Int, style: CellAppearance) {
    // The cluster's scalars and a terminating 0, on the stack: a frame puts every cell of the
    // screen, and an array here was an allocation for each.
    let capacity = 2 + DisplayText.maximumMarksPerCluster
    withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: capacity) { characters in
      var count = 0
      if isUTF8 {
        // Decoded from the UTF-8 bytes: the substring's scalar view worked out and checked an
        // index for every step.
        var bytes = cluster
        bytes.withUTF8 { utf8 in
          var iterator = utf8.makeIterator()
          var decoder = UTF8()
          while count < capacity - 1, case .scalarValue(let scalar) = decoder.decode(&iterator) {
            characters[count] = wchar_t(bitPattern: scalar.value)
            count += 1
          }
        }
      }
      let ascii = count == 1 && characters[0] < 0x80
      if !isUTF8 || (!ascii && count == 0) {
        characters[0] =
          cluster.unicodeScalars.first.map { $0.isASCII ? wchar_t($0.value) : 0x3F } ?? 0x20
        count = 1
      }
      characters[count] = 0
      let attributes = self.attributes(style.attributes)
      let pair = self.pair(style)
      let y = Int32(row)
      let x = Int32(column)
      if cascade_put(window, y, x, characters.baseAddress, attributes, pair) == -2, width == 1 {
        cascade_put(window, y, x, [0x3F, 0], attributes, pair)
      }
      if !isUTF8, width == 2 {
        cascade_put(window, y, x + 1, [0x3F, 0], attributes, pair)
      }
    }
  }

  /// Writes picture cells from `column` on: each cell's text straight from its scalar into a
  /// buffer kept for the row, its colour pair looked up only when its colours differ from the
  /// cell before. Cells must lie on the screen.
  func putPictureRow(_ picture: ArraySlice<SymbolCell>, row: Int, column: Int) {
    guard isUTF8 else {
      // Each symbol becomes `?` without UTF-8: the per-cell path knows how.
      var run = PictureRun()
      for (offset, cell) in picture.enumerated() {
        let (text, style) = run.next(cell)
        put(text[...], width: 1, row: row, column: column + offset, style: style)
      }
      return
    }
    let y = Int32(row)
    var x = Int32(column)
    var colors: (CellColor, CellColor)?
    var pair: Int32 = 0
    var characters: (wchar_t, wchar_t) = (0, 0)
    withUnsafeMutableBytes(of: &characters) { bytes in
      let text = bytes.bindMemory(to: wchar_t.self)
      for cell in picture {
        if colors?.0 != cell.foreground || colors?.1 != cell.background {
          colors = (cell.foreground, cell.background)
          pair = self.pair(foreground: Color(cell.foreground), background: Color(cell.background))
        }
        text[0] = wchar_t(bitPattern: cell.scalar.value)
        if cascade_put(window, y, x, text.baseAddress, 0, pair) == -2 {
          cascade_put(window, y, x, [0x3F, 0], 0, pair)
        }
        x += 1
      }
    }
  }

  /// The curses attributes of `attributes`; the last asked kept aside, as the last pair is.
  private func attributes(_ attributes: CellAttributes) -> attr_t {
    if let last = lastAttributes, last.attributes == attributes { return last.bits }
    let bits = attributeBits.reduce(attr_t(0)) { attributes.contains($1.0) ? $0 | $1.1 : $0 }
    lastAttributes = (attributes, bits)
    return bits
  }

  func pair(_ style: CellAppearance) -> Int32 {
    pair(foreground: style.foreground, background: style.background)
  }

  private func pair(foreground: Color, background: Color) -> Int32 {
    guard colorCount >= 8 else { return 0 }
    let key = PairKey(foreground: colorNumber(foreground), background: colorNumber(background))
    if key.foreground == -1 && key.background == -1 { return 0 }
    // Cells next to each other mostly share their colours: the last pair is kept aside, and
    // the table (a hash of the key) asked only when they change.
    if let last = lastPair, last.key == key { return last.pair }
    let pair: Int32
    if let known = pairs[key] {
      pair = known
    } else {
      let made = alloc_pair(key.foreground, key.background)
      pair = made < 0 ? 0 : made
      pairs[key] = pair
    }
    lastPair = (key, pair)
    return pair
  }

  private func colorNumber(_ color: Color) -> Int32 {
    if colorCount >= 1 << 24 { return Int32(color.directNumber) }
    if colorCount >= 256 { return Int32(color.paletteIndex) }
    if colorCount >= 16 {
      if case .ansi(let n) = color { return Int32(n & 15) }
      if case .palette(let n) = color, n < 16 { return Int32(n) }
    }
    return Int32(color.basicIndex)
  }

  // MARK: Clipboard

  /// The most bytes of text a copy sends: terminals drop longer OSC 52 payloads (xterm's
  /// default limit is about 100 kB of base64).
  static let copyLimit = 65_536

  /// Puts `text` on the clipboard with OSC 52, where the terminal's terminfo says it takes it
  /// (`Ms`, which xterm's and tmux's entries have). The text goes base64-encoded, so nothing
  /// in it can act on the terminal. Inside a tmux that drops OSC 52 (`TmuxClipboard`), into
  /// tmux's buffer instead.
  func copy(_ text: String) -> CopyOutcome {
    guard !isHeadless else { return .unsupported }
    let bytes = Array(text.utf8)
    guard bytes.count <= Self.copyLimit else { return .tooLong(limit: Self.copyLimit) }
    if let setting = TmuxClipboard.setting(), setting != "on" {
      return TmuxClipboard.load(text)
        ? .tmuxBuffer(setClipboard: setting) : .tmuxRefused(setClipboard: setting)
    }
    guard cascade_capability("Ms") != nil else { return .unsupported }
    let sequence = Array("\u{1B}]52;c;\(Base64.encode(bytes))\u{07}".utf8)
    fflush(output)
    var written = 0
    while written < sequence.count {
      let count = sequence[written...].withUnsafeBytes {
        write(fileno(output), $0.baseAddress, $0.count)
      }
      if count <= 0 {
        if count < 0, errno == EINTR { continue }
        break
      }
      written += count
    }
    return .copied
  }

  // MARK: Input

  /// The next input if any is waiting; never blocks. `nil` means nothing is waiting;
  /// `.some(nil)` an input the browser has no use for (an unknown key, a mouse click), so the
  /// caller keeps reading.
  func readKey() -> Key?? {
    var value: wint_t = 0
    let status = wget_wch(window, &value)
    if status == ERR { return .none }
    let key: Key?
    if status == KEY_CODE_YES {
      key = Self.key(code: Int32(value))
    } else if value == 27 {
      key = EscapeSequence.decode(next: readWaiting)
    } else {
      key = Self.key(character: UInt32(value))
    }
    if case .click(let click) = key { return .some(.click(mouse.counted(click))) }
    return .some(key)
  }

  /// The input waiting right now, undecoded, for `EscapeSequence`; nil when none is.
  private func readWaiting() -> EscapeSequence.Input? {
    var value: wint_t = 0
    let status = wget_wch(window, &value)
    if status == ERR { return nil }
    if status == KEY_CODE_YES { return .code(Int32(value)) }
    return .character(UInt32(value))
  }

  private static func key(code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_NPAGE: return .pageDown
    case KEY_PPAGE: return .pageUp
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_ENTER: return .enter
    case KEY_RESIZE: return .resize
    case KEY_MOUSE:
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      if event.bstate & cascade_button4_pressed() != 0 { return .wheelUp }
      if event.bstate & cascade_button5_pressed() != 0 { return .wheelDown }
      let buttons: [(mmask_t, MouseClick.Button)] = [
        (cascade_button1_pressed(), .left), (cascade_button2_pressed(), .middle),
        (cascade_button3_pressed(), .right),
      ]
      guard let button = buttons.first(where: { event.bstate & $0.0 != 0 })?.1 else { return nil }
      return .click(MouseClick(button: button, row: Int(event.y), column: Int(event.x)))
    default: return nil
    }
  }

  static func key(character value: UInt32) -> Key? {
    switch value {
    case 27: return .escape
    case 9: return .tab
    case 10, 13: return .enter
    case 127: return .backspace
    case 1...26: return .control(Character(Unicode.Scalar(value + 96) ?? "?"))
    case 0..<32: return nil
    default: return Unicode.Scalar(value).map { .character(Character($0)) }
    }
  }

  /// The terminal's `clear` when it has no alternate screen (`rmcup`) to leave; nil otherwise.
  private static func clearWithoutAlternateScreen() -> [UInt8]? {
    guard cascade_capability("rmcup") == nil, let clear = cascade_capability("clear") else {
      return nil
    }
    return withoutPadding(Array(String(cString: clear).utf8))
  }

  /// A terminfo string without its delay markers (`$<50>`, `$<5*/>`): written raw, vt100's
  /// `clear` left "$<50>" on the shell's line. Modern terminals need no padding.
  static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
        let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
        bytes[(i + 2)..<end].allSatisfy({ Array("0123456789.*/".utf8).contains($0) })
      {
        i = end + 1
        continue
      }
      out.append(bytes[i])
      i += 1
    }
    return out
  }

  /// The terminal's own strings that undo the browser's screen state, for `CrashGuard`.
  private static func restoreBytes() -> [UInt8] {
    var bytes: [UInt8] = clearWithoutAlternateScreen() ?? []
    for name in ["rmcup", "cnorm", "sgr0", "rmkx"] {
      guard let value = cascade_capability(name) else { continue }
      bytes += Array(String(cString: value).utf8)
    }
    // The mouse modes (`MouseInput`); terminals without them ignore these.
    bytes += MouseInput.disable
    return bytes + Array("\r\n".utf8)
  }

  /// How many cells the C library (and so ncurses) gives a scalar; tests compare `DisplayText`'s
  /// own table with it.
  static func libraryWidth(of scalar: Unicode.Scalar) -> Int {
    Int(cascade_wcwidth(wchar_t(bitPattern: scalar.value)))
  }
}

/// One headless terminal at a time in a process, and no terminfo look-up (`TerminalType`)
/// while one is up: ncurses keeps one current terminal.
let headlessTurn = DispatchSemaphore(value: 1)

extension String {
  fileprivate func replacingDashes() -> String { filter { $0 != "-" } }
}
