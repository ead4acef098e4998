import Foundation
import Pictures
import TestSupport
import Testing

/// `cascade --probe` and the browser under a pseudo-terminal that answers as kitty, as an xterm
/// with sixel, as iTerm2, as a terminal that answers nothing, and with garbage; what Cascade
/// writes is decoded as such a terminal would.
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct PixelTerminalTests {
  /// What `--probe` chooses with each canned terminal: only a protocol this build draws.
  @Test(arguments: [
    (CannedTerminal.Persona.kitty, "chosen: kitty", "supported: kitty"),
    (.xtermSixel, "chosen: sixel", "supported: sixel"),
    (.iterm2, "chosen: iterm", "supported: iterm, sixel"),
    (.silent, "chosen: symbols", "supported: symbols only"),
    (.garbage, "chosen: symbols", "supported: symbols only"),
  ])
  func probeChoosesWhatTheTerminalShows(
    persona: CannedTerminal.Persona, chosen: String, supported: String
  ) async throws {
    // `stty` afterwards shows whether the probe gave the terminal's modes back.
    let run = try await CannedTerminal.run(persona, command: "cascade --probe; stty -a")
    let text = run.text
    #expect(run.status == 0)
    #expect(text.contains(chosen), "\(text)")
    #expect(text.contains(supported), "\(text)")
    #expect(text.contains(" icanon ") && text.contains(" echo "), "modes not restored: \(text)")
    // An answer is reported as text, never written back as a sequence.
    #expect(!text.contains("\u{1B}P>|"), "\(text)")
  }

  /// SIGTERM in the middle of the wait: the modes are given back, then the signal ends the
  /// process as it would have.
  @Test func theProbeGivesTheModesBackWhenKilled() async throws {
    let modes = "stty -a | grep -o -e ' -icanon ' -e ' icanon ' -e ' -echo ' -e ' echo '"
    let run = try await CannedTerminal.run(
      .silent,
      command: "cascade --probe --probe-budget 8000 < /dev/tty & pid=$!; sleep 1; \(modes); "
        + "kill -TERM $pid; wait $pid; echo status=$?; \(modes)")
    let text = run.text.replacingOccurrences(of: "\r", with: "")
    let during = try #require(text.range(of: "status="))
    #expect(text[..<during.lowerBound].contains(" -icanon "), "the probe never took the modes")
    #expect(text.contains("status=143"))
    let after = text[during.upperBound...]
    #expect(after.contains(" icanon ") && after.contains(" echo "), "\(text)")
    #expect(run.seconds < 7, "the signal did not end the wait")
  }

  @Test func aSilentTerminalCostsTheBudgetOnce() async throws {
    let run = try await CannedTerminal.run(
      .silent, command: "cascade --probe --probe-budget 400")
    #expect(run.status == 0)
    #expect(run.text.contains("the budget ran out"))
    // The budget, plus the start of a debug binary on a busy machine; far below two budgets'
    // worth of waiting per query.
    #expect(run.seconds < 10)
    let reported = run.text.firstMatch(of: /answers in (\d+) ms of 400/)
    let milliseconds = try #require(reported.flatMap { Int($0.1) })
    #expect((400..<1000).contains(milliseconds))
  }

  @Test func anAnsweringTerminalEndsTheWaitAtItsDeviceAttributes() async throws {
    let run = try await CannedTerminal.run(
      .kitty, command: "cascade --probe --probe-budget 5000")
    let reported = run.text.firstMatch(of: /answers in (\d+) ms of 5000/)
    let milliseconds = try #require(reported.flatMap { Int($0.1) })
    #expect(milliseconds < 2500)
  }

  /// A browser that cannot start says why before it asks the terminal anything, and leaves
  /// the screen as it was.
  @Test(arguments: [
    ("cascade | cat", "needs a terminal", nil),
    ("TERM=dumb cascade", "\"dumb\"", "status=2"),
    // A TERM with no terminfo entry here is drawn as xterm-256color instead (see
    // TerminalTypeEndToEndTests); no TERM at all cannot be.
    ("TERM= cascade", "TERM is not set", "status=2"),
  ])
  func aTerminalTheBrowserCannotUseIsNotAsked(
    command: String, message: String, status: String?
  ) async throws {
    let run = try await CannedTerminal.run(.kitty, command: "\(command); echo status=$?")
    #expect(run.text.contains(message), "\(run.text)")
    if let status { #expect(run.text.contains(status), "\(run.text)") }
    #expect(!run.text.contains("\u{1B}[c"), "the terminal was asked: \(run.text)")
    #expect(!run.text.contains("\u{1B}[?1049h"), "the screen was taken: \(run.text)")
  }

  /// The terminal is asked what it draws while the feed loads: its round trip (a network's,
  /// over ssh) no longer waits for the feed's. Here the feed never comes; the questions do, and
  /// Ctrl-C then ends the wait with the terminal's modes as they were (the shell around it
  /// traps the signal to live on and report).
  @Test func theTerminalIsAskedWhileTheFeedLoads() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/feed", reply: .stallAfter(body: Array(#"{"data": ["#.utf8), declaredLength: 5_000))
    let run = try await CannedTerminal.run(
      .kitty, command: "trap true INT; cascade '\(server.url("/feed"))'; echo status=$?; stty -a",
      steps: [.init(pattern: "\u{1B}[c", keys: "\u{03}")], timeout: 30)
    let text = run.text.replacingOccurrences(of: "\r", with: "")
    let ended = try #require(text.range(of: "status="), "Ctrl-C was never typed: \(text)")
    #expect(text[ended.lowerBound...].hasPrefix("status=130"), "\(text)")
    #expect(text[..<ended.lowerBound].contains("\u{1B}[>q"), "no XTVERSION question: \(text)")
    #expect(!text.contains("\u{1B}[?1049h"), "the screen was taken: \(text)")
    let modes = text[ended.upperBound...]
    #expect(modes.contains(" icanon ") && modes.contains(" echo "), "\(text)")
  }

  /// A feed that cannot be loaded after the terminal was asked: the error, on a screen the
  /// browser never took, with the terminal's modes as they were.
  @Test func aFeedThatFailsAfterTheQuestionsLeavesTheScreenAsItWas() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/feed", reply: .json("{}", status: 404))
    let run = try await CannedTerminal.run(
      .kitty, command: "cascade '\(server.url("/feed"))'; echo status=$?; stty -a", timeout: 30)
    let text = run.text.replacingOccurrences(of: "\r", with: "")
    let ended = try #require(text.range(of: "status="), "\(text)")
    #expect(text[ended.lowerBound...].hasPrefix("status=1\n"), "\(text)")
    #expect(text.contains("404"), "the error is said: \(text)")
    #expect(!text.contains("\u{1B}[?1049h"), "the screen was taken: \(text)")
    let modes = text[ended.upperBound...]
    #expect(modes.contains(" icanon ") && modes.contains(" echo "), "\(text)")
  }

  /// A refresh sends the pictures again under new ids: the old ids are deleted from the
  /// terminal as soon as nothing shows them, not kept until quitting; every id sent is freed.
  @Test func picturesReplacedByARefreshAreDeletedAtOnce() async throws {
    let run = try await CannedTerminal.run(
      .kitty, command: "cascade --columns 4",
      steps: [
        .init(pattern: "a=T", keys: "r"), .init(pattern: "SLEEP:3", keys: "r"),
        .init(pattern: "SLEEP:3", keys: "q"),
      ],
      freshCache: true)
    #expect(run.status == 0)
    let text = run.text
    let sent = text.matches(of: /\x{1B}_Ga=T,[^;]*?i=(\d+)/).map { ($0.range.lowerBound, $0.1) }
    let deleted = text.matches(of: /\x{1B}_Ga=d,d=I,i=(\d+)/).map { ($0.range.lowerBound, $0.1) }
    let lastSent = try #require(sent.last?.0)
    #expect(deleted.contains { $0.0 < lastSent }, "nothing was deleted before quitting")
    #expect(Set(sent.map { Int($0.1) }) == Set(deleted.map { Int($0.1) }))
  }

  /// Symbols ask for the terminal's background: partly transparent pixels are laid over it
  /// (kitty here answers white), and cells with nothing in them are left to the terminal. They
  /// were laid over black, a dark slab on a light terminal.
  @Test func symbolsLayTransparencyOverTheTerminalsBackground() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("transparent-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Left half clear, right half black at alpha 128.
    var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
    for y in 0..<64 {
      for x in 32..<64 { pixels[(y * 64 + x) * 4 + 3] = 128 }
    }
    let png = try #require(PNGEncoder.encode(RGBAImage(width: 64, height: 64, pixels: pixels)))
    try Data(png).write(to: folder.appendingPathComponent("half.png"))
    // The canned terminal answers each question once: one run for each command.
    let probe = try await CannedTerminal.run(.kitty, command: "cascade --probe --pictures symbols")
    #expect(probe.text.contains("background: #ffffff"), "\(probe.text)")
    #expect(probe.text.contains("chosen: symbols (asked for with --pictures)"))
    let run = try await CannedTerminal.run(
      .kitty,
      command: "cascade print '\(folder.path)' --pictures symbols --color direct --columns 1 "
        + "--width 40",
      freshCache: true)
    let text = run.text
    #expect(run.status == 0, "\(text)")
    // 255 × (255 − 128) / 255 = 127: black at half over white.
    #expect(text.contains(";48;2;127;127;127m"), "\(text)")
    #expect(!text.contains("48;2;0;0;0m"), "\(text)")
  }

  /// The browser as kitty: every picture sent once with an id, in chunks, shown only by
  /// placeholder cells that name an id already sent, and deleted on quitting.
  @Test func theBrowserSendsEachPictureOnceAndPlacesItWithPlaceholders() async throws {
    let run = try await CannedTerminal.run(
      .kitty, command: "cascade --columns 4; stty -a",
      steps: [
        .init(pattern: "a=T", keys: "j"), .init(pattern: "", keys: "RESIZE:80x24"),
        .init(pattern: "", keys: "L"), .init(pattern: "", keys: "q"),
      ],
      freshCache: true)
    #expect(run.status == 0)
    let stream = GraphicsStream(run.output)
    let sent = stream.transmissions
    #expect(!sent.isEmpty)
    let ids = sent.compactMap { $0["i"] }
    #expect(Set(ids).count == ids.count, "an id sent twice: \(ids)")
    for keys in sent {
      #expect(keys["U"] == "1" && keys["f"] == "100" && keys["q"] == "2")
      #expect(Int(keys["c"] ?? "") ?? 0 > 0 && Int(keys["r"] ?? "") ?? 0 > 0)
    }
    // Each transmission's chunks end with m=0 before the next begins.
    var open = false
    for event in stream.events {
      guard case .kitty(let keys, _) = event, keys["a"] != "q" else { continue }
      if keys["a"] == "T" { #expect(!open) }
      if keys["a"] == "T" || keys["m"] != nil { open = keys["m"] == "1" }
    }
    #expect(!open)
    // Every placeholder names an image sent before it.
    var sentSoFar = Set<Int>()
    var placeholders = 0
    for event in stream.events {
      switch event {
      case .kitty(let keys, _) where keys["a"] == "T":
        if let id = keys["i"].flatMap(UInt32.init) { sentSoFar.insert(Int(id & 0xFF)) }
      case .placeholder(let id, let marks):
        placeholders += 1
        let named = try #require(id)
        #expect(sentSoFar.contains(named))
        // Only a row's first cell carries marks: row, column 0, the id's high byte.
        #expect(marks.isEmpty || (marks.count == 3 && marks[1] == "\u{0305}"))
      default: break
      }
    }
    #expect(placeholders > 0)
    // Pictures are sent for a screen above and below too, so more are sent than placed;
    // every one sent is deleted on the way out (with any still on its way).
    let sentLowBytes = Set(ids.compactMap { UInt32($0).map { Int($0 & 0xFF) } })
    #expect(stream.placedIDs.isSubset(of: sentLowBytes))
    #expect(stream.placedIDs.count >= 4, "one screen of four columns shows at least four")
    #expect(Set(ids).isSubset(of: stream.deletedIDs))
    #expect(run.text.contains(" icanon ") && run.text.contains(" echo "))
  }
}

/// The browser as a sixel xterm and as iTerm2: pictures drawn over the frame at their boxes,
/// and after scrolling, resizing, switching style and turning pictures off, none is left
/// behind.
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct OverlayPictureTests {
  /// What the reader does once the first pictures show.
  enum Keys: CaseIterable {
    /// Scrolls, resizes, switches style, opens and closes the help, turns pictures off and
    /// quits, each read on its own.
    case eachInTurn
    /// Scrolls, then resizes as the keys that turn pictures off and quit come (a slow machine,
    /// a window dragged while typing): read together, no frame comes between.
    case resizeWithTheLastKeys

    var steps: [CannedTerminal.Step] {
      switch self {
      case .eachInTurn:
        ["j", "RESIZE:90x26", "L", "?", "?", "P", "q"].map { .init(pattern: "", keys: $0) }
      case .resizeWithTheLastKeys: [.init(pattern: "", keys: "RESIZE:90x26 Pq")]
      }
    }
  }

  @Test(
    arguments: [
      (CannedTerminal.Persona.xtermSixel, (width: 9, height: 17)),
      (.iterm2, (width: 16, height: 32)),
    ], Keys.allCases)
  func noPictureIsLeftWhereItsBoxIsGone(
    terminal: (persona: CannedTerminal.Persona, cell: (width: Int, height: Int)), keys: Keys
  ) async throws {
    let marker = terminal.persona == .xtermSixel ? "\u{1B}P0;1;0q" : "1337;File="
    let run = try await CannedTerminal.run(
      terminal.persona, command: "cascade --columns 4",
      steps: [.init(pattern: marker, keys: "j")] + keys.steps, freshCache: true)
    #expect(run.status == 0)
    // The alternate screen as the browser leaves it: what is on it goes with it.
    let text = run.text
    let start = try #require(text.range(of: "\u{1B}[?1049h"), "the browser never started")
    let end = try #require(
      text[start.upperBound...].range(of: "\u{1B}[?1049l"), "the browser never ended")
    let screen = OverlayScreen(
      Array(text[start.upperBound..<end.lowerBound].utf8), columns: 100, rows: 30,
      cell: terminal.cell)
    #expect(screen.pictures.count >= 4, "one screen of four columns shows at least four")
    let left = screen.picturesLeftBehind
    #expect(left.isEmpty, "\(left.count) of \(screen.pictures.count) left behind: \(left)")
    // With pictures off at the end, no pixels anywhere in the 90×26 window, wherever a
    // terminal scroll may have carried them.
    let pixels = screen.pixelPositions.filter { $0.0 < 26 && $0.1 < 90 }
    #expect(pixels.isEmpty, "\(pixels.count) cells still show pixels: \(pixels.prefix(20))")
  }
}

/// Ctrl-Z, then `fg`: curses repaints the text on re-entering the alternate screen, and every
/// picture in view is drawn (sixel) or sent (kitty) again.
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct SuspendedPictureTests {
  @Test(arguments: [
    (CannedTerminal.Persona.xtermSixel, "\u{1B}P0;1;0q"), (.kitty, "\u{1B}_Ga=T,"),
  ])
  func picturesComeBackAfterSuspendAndResume(
    persona: CannedTerminal.Persona, marker: String
  ) async throws {
    // In the background of a shell without job control the browser reads keys from /dev/tty;
    // the signals stand for Ctrl-Z and `fg`.
    let run = try await CannedTerminal.run(
      persona,
      command: "cascade --columns 4 & p=$!; sleep 5; kill -TSTP $p; sleep 1; kill -CONT $p; "
        + "wait $p",
      steps: [.init(pattern: "SLEEP:9", keys: "q")],
      freshCache: true)
    #expect(run.status == 0)
    let text = run.text
    let entries = text.ranges(of: "\u{1B}[?1049h")
    #expect(entries.count >= 2, "the browser never came back")
    let resumed = try #require(entries.last)
    let drawn = text[resumed.upperBound...].ranges(of: marker).count
    #expect(drawn >= 4, "\(drawn) pictures after resuming")
    // Once: the SIGCONT after a resume the browser made itself repainted, and every picture
    // was sent a second time.
    let before = text[..<resumed.lowerBound].ranges(of: marker).count
    #expect(drawn <= before, "\(drawn) sent after resuming, \(before) before")
  }
}

/// The browser as kitty, followed cell by cell: placeholders are on screen while pictures are,
/// and after scrolling, resizing, switching style and turning pictures off none is left.
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct PlaceholderScreenTests {
  /// The screen at the moment the browser leaves the alternate screen.
  func finalScreen(turningPicturesOff: Bool) async throws -> OverlayScreen {
    var steps: [CannedTerminal.Step] = [
      .init(pattern: "a=T", keys: "j"), .init(pattern: "", keys: "j"),
      .init(pattern: "", keys: "RESIZE:90x26"), .init(pattern: "", keys: "L"),
      .init(pattern: "", keys: "L"),
    ]
    if turningPicturesOff { steps.append(.init(pattern: "", keys: "P")) }
    // Time for the last style's pictures to arrive on a busy machine.
    steps.append(.init(pattern: "SLEEP:3", keys: "q"))
    let run = try await CannedTerminal.run(
      .kitty, command: "cascade --columns 4", steps: steps,
      freshCache: true)
    #expect(run.status == 0)
    let text = run.text
    let start = try #require(text.range(of: "\u{1B}[?1049h"), "the browser never started")
    let end = try #require(text.range(of: "\u{1B}[?1049l"), "the browser never ended")
    return OverlayScreen(
      Array(text[start.upperBound..<end.lowerBound].utf8), columns: 100, rows: 30,
      cell: (10, 20))
  }

  @Test func placeholdersShowWhilePicturesAreOn() async throws {
    let screen = try await finalScreen(turningPicturesOff: false)
    #expect(screen.placeholderCells > 100)
  }

  @Test func noPlaceholderIsLeftOnceThePicturesAreOff() async throws {
    let screen = try await finalScreen(turningPicturesOff: true)
    // The window is 90×26 by then; what the model keeps beyond it is no longer on screen.
    let left = screen.placeholderPositions.filter { $0.0 < 26 && $0.1 < 90 }
    #expect(left.isEmpty, "\(left)")
  }
}

/// `cascade print` under each canned terminal: the protocol the terminal shows, every picture
/// on the sheet sent once and placed.
@Suite(.enabled(if: CannedTerminal.isAvailable), .serialized)
struct PrintedPixelTests {
  func printed(
    _ persona: CannedTerminal.Persona, _ command: String = "cascade print --width 100 --height 28"
  )
    async throws -> CannedTerminal.Run
  {
    let run = try await CannedTerminal.run(
      persona, command: command, freshCache: true)
    #expect(run.status == 0)
    return run
  }

  @Test func asKittyTheSheetSendsPicturesThenPlaceholders() async throws {
    let stream = GraphicsStream(try await printed(.kitty).output)
    let sent = Set(stream.transmissions.compactMap { $0["i"].flatMap(UInt32.init) })
    #expect(sent.count >= 4)
    // A box cut by the sheet's bottom edge may have its picture sent and none of its rows
    // printed.
    #expect(stream.placedIDs.isSubset(of: Set(sent.map { Int($0 & 0xFF) })))
    #expect(stream.placedIDs.count >= sent.count - 2)
    // All transmissions come before the first placeholder.
    let firstCell = try #require(
      stream.events.firstIndex { if case .placeholder = $0 { true } else { false } })
    #expect(stream.events[firstCell...].allSatisfy { if case .kitty = $0 { false } else { true } })
  }

  @Test(arguments: [CannedTerminal.Persona.xtermSixel, .iterm2])
  func overTheFramePicturesAreDrawnOverThePrintedSheet(persona: CannedTerminal.Persona)
    async throws
  {
    let run = try await printed(persona)
    let stream = GraphicsStream(run.output)
    let drawn = stream.events.filter { $0 == .sixel || $0 == .itermFile }
    #expect(drawn.count >= 4)
    #expect(drawn.allSatisfy { $0 == (persona == .xtermSixel ? .sixel : .itermFile) })
    // Each from below the sheet up to its row, and back.
    let moves = run.text.matches(of: #/\x{1B}7\x{1B}\[(\d+)A\x{1B}\[(\d+)G/#)
    #expect(moves.count == drawn.count)
    #expect(moves.allSatisfy { (1...28).contains(Int($0.1) ?? 0) })
  }

  @Test func aSilentTerminalGetsSymbols() async throws {
    let run = try await printed(.silent)
    let stream = GraphicsStream(run.output)
    #expect(stream.transmissions.isEmpty && stream.placedIDs.isEmpty)
    #expect(!stream.events.contains(.sixel) && !stream.events.contains(.itermFile))
    #expect(run.text.contains("▀") || run.text.contains("▄"))
  }

  @Test func aSheetForAFileAsksNothing() async throws {
    let run = try await printed(
      .kitty, "cascade print --width 100 --height 28 > /dev/null; echo done")
    #expect(!run.text.contains("\u{1B}[c"))
    #expect(run.text.contains("done"))
  }
}
