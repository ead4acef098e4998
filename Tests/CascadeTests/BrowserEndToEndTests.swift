import Foundation
import TestSupport
import Testing

/// The real `cascade` binary in tmux: what a person sees and what the shell gets back.
/// Skipped (with this reason) only where tmux is not installed; CI installs it.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct BrowserEndToEndTests {
  let binary: String

  init() throws {
    let url = try #require(BuiltBinary.cascade, "the cascade binary was not found beside the tests")
    binary = url.path
  }

  private func start(_ arguments: String = "", width: Int = 100, height: Int = 30) throws
    -> TmuxSession
  {
    try TmuxSession(command: "'\(binary)' \(arguments)", width: width, height: height)
  }

  private func temporaryFeed(_ json: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-e2e-\(getpid())-\(UUID().uuidString).json")
    try json.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// Pictures at a loopback port nobody listens on: the browser tries them and shows each as
  /// failed, and no test reaches beyond this machine.
  private static func feed(_ titles: [String]) -> String {
    let items = titles.enumerated().map { i, title in
      #"{"img":"http://127.0.0.1:9/\#(i).jpg","width":\#(100 + i * 10),"height":120,"title":\#(title)}"#
    }
    return #"{"data":[\#(items.joined(separator: ","))]}"#
  }

  @Test func startupShowsTheSampleFeedsPicturesInColour() async throws {
    let tmux = try start()
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("240 items")
    #expect(shown, "\(screen)")
    #expect(screen.contains("Coffee"))
    // The pictures arrive on their own: wait for block symbols drawn in a colour of their own.
    let blocks = Set("▀▄▌▐█▁▂▃▅▆▇▉▊▋▍▎▏▖▗▘▝▚▞")
    var coloured = 0
    for _ in 0..<100 {
      let colours = try await tmux.captureWithColors()
      coloured = Self.colouredBlocks(colours, blocks: blocks)
      if coloured > 200 { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(coloured > 200, "symbol cells with colours")
    let status = TmuxSession.statusLine(try await tmux.capture())
    #expect(status.contains("4 cols"))
  }

  /// Block symbols drawn after a colour (256-colour or 24-bit) was set.
  static func colouredBlocks(_ screen: String, blocks: Set<Character>) -> Int {
    var count = 0
    var coloured = false
    var escape = ""
    var inEscape = false
    for character in screen {
      if inEscape {
        escape.append(character)
        if character.isLetter {
          inEscape = false
          if escape.hasSuffix("m") {
            if escape.contains("38;5;") || escape.contains("38;2;") || escape.contains("48;5;")
              || escape.contains("48;2;")
            {
              coloured = true
            } else if escape == "[0m" || escape == "[m" || escape == "[39;49m" {
              coloured = false
            }
          }
        }
        continue
      }
      if character == "\u{1B}" {
        inEscape = true
        escape = ""
      } else if coloured, blocks.contains(character) {
        count += 1
      }
    }
    return count
  }

  @Test func startupWithoutPicturesShowsTheBoxesText() async throws {
    let tmux = try start("--no-images")
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("240 items")
    #expect(shown, "\(screen)")
    #expect(screen.contains("Coffee (square)"))
    #expect(screen.contains("256×480"))
    let status = TmuxSession.statusLine(screen)
    #expect(status.contains("4 cols"))
    #expect(status.contains("0%"))
    #expect(status.contains("1-"))
    #expect(try await tmux.display("#{alternate_on}") == "1")
  }

  @Test func pagingToTheEndAndBack() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    try await tmux.send("G")
    let (atEnd, end) = try await tmux.waitFor { TmuxSession.statusLine($0).contains("100%") }
    #expect(atEnd, "\(end)")
    #expect(TmuxSession.statusLine(end).contains("-240"))
    try await tmux.send("g")
    let (atTop, top) = try await tmux.waitFor { TmuxSession.statusLine($0).contains(" 0%") }
    #expect(atTop, "\(top)")
    try await tmux.send("Space")
    let (paged, page) = try await tmux.waitFor {
      let status = TmuxSession.statusLine($0)
      return !status.contains(" 0%") && status.contains("%")
    }
    #expect(paged, "\(page)")
    try await tmux.send("b")
    #expect(try await tmux.waitFor { TmuxSession.statusLine($0).contains(" 0%") }.0)
  }

  /// The help's last line says "any key closes": a key bound to nothing left it open, and the
  /// next key was spent closing it.
  @Test func aKeyBoundToNothingClosesTheHelp() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    try await tmux.send("?")
    #expect(try await tmux.waitFor("any key closes").0)
    try await tmux.send("x")
    let (closed, screen) = try await tmux.waitFor { !$0.contains("any key closes") }
    #expect(closed, "\(screen)")
    try await tmux.send("G")
    #expect(try await tmux.waitFor { TmuxSession.statusLine($0).contains("100%") }.0)
  }

  @Test func theMouseWheelScrollsTheFeed() async throws {
    // The browser asks for xterm mouse reporting; tmux passes a wheel event to the pane as
    // ESC [ M, the button (32 + 64 up, 32 + 65 down), then the column and row plus 32.
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    #expect(try await tmux.display("#{mouse_any_flag}") == "1")
    for _ in 0..<5 { try await tmux.type("\u{1B}[Ma**") }
    let (down, scrolled) = try await tmux.waitFor { !TmuxSession.statusLine($0).contains(" 0%") }
    #expect(down, "\(scrolled)")
    for _ in 0..<5 { try await tmux.type("\u{1B}[M`**") }
    let (up, back) = try await tmux.waitFor { TmuxSession.statusLine($0).contains(" 0%") }
    #expect(up, "\(back)")
    #expect(TmuxSession.statusLine(back).contains("1-"))
  }

  @Test func columnKeysChangeTheColumns() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("4 cols")
    for (keys, expected) in [
      ("+", "5 cols"), ("-", "4 cols"), ("-", "3 cols"), ("1", "1 col "),
      ("7", "7 cols"),
    ] {
      try await tmux.type(keys)
      let (changed, screen) = try await tmux.waitFor {
        TmuxSession.statusLine($0).contains(expected)
      }
      #expect(changed, "after \(keys): \(screen)")
    }
    // One column: a box spans the width.
    try await tmux.type("1")
    let (one, screen) = try await tmux.waitFor { TmuxSession.statusLine($0).contains("1 col ") }
    #expect(one)
    #expect(screen.contains("┌" + String(repeating: "─", count: 96) + "┐"))
  }

  @Test func styleKeyCyclesTheStylesAndRemovalsUndo() async throws {
    let tmux = try start("--columns 4 --no-images")
    defer { tmux.close() }
    let (started, first) = try await tmux.waitFor("240 items")
    #expect(started, "\(first)")
    #expect(first.contains("Cascade sample feed"))
    #expect(TmuxSession.statusLine(first).contains("waterfall"))
    for style in ["irregular", "carousel", "ring", "waterfall"] {
      try await tmux.type("L")
      let (named, screen) = try await tmux.waitFor {
        TmuxSession.statusLine($0).contains("  \(style)  ")
      }
      #expect(named, "after L, wanted \(style): \(screen)")
    }
    // The carousel selected its centred box, the first, and the waterfall kept it: remove it,
    // then bring it back.
    try await tmux.type("d")
    let (removed, afterRemove) = try await tmux.waitFor {
      TmuxSession.statusLine($0).contains("239 items")
    }
    #expect(removed, "\(afterRemove)")
    #expect(!afterRemove.contains("Coffee (square)"))
    #expect(TmuxSession.statusLine(afterRemove).contains("removed #1"))
    try await tmux.type("u")
    let (restored, afterUndo) = try await tmux.waitFor {
      TmuxSession.statusLine($0).contains("240 items")
    }
    #expect(restored, "\(afterUndo)")
    #expect(afterUndo.contains("Coffee (square)"))
  }

  @Test func pullToRefreshReloadsAChangedFeed() async throws {
    let file = try temporaryFeed(Self.feed(["\"first version\""]))
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try start("'\(file.path)'")
    defer { tmux.close() }
    try await tmux.waitFor("first version")
    try Self.feed(["\"second version\"", "\"another\""]).write(
      to: file, atomically: true, encoding: .utf8)
    try await tmux.send("k")
    #expect(try await tmux.waitFor("↓ pull to refresh").0)
    try await tmux.send("k", "k")
    let (refreshed, screen) = try await tmux.waitFor("second version")
    #expect(refreshed, "\(screen)")
    #expect(try await tmux.waitFor { TmuxSession.statusLine($0).contains("2 items") }.0)
    #expect(!screen.contains("pull to refresh"))
  }

  @Test func loadMoreFollowsANextChainOfFiles() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-e2e-chain-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for page in 1...3 {
      let items = (1...40).map { i in
        #"{"id":"p\#(page)-\#(i)","img":"http://127.0.0.1:9/\#(page)/\#(i).jpg","width":100,"height":\#(80 + i % 5 * 20),"title":"page \#(page) item \#(i)"}"#
      }
      let next = page < 3 ? #","next":"page\#(page + 1).json""# : ""
      try #"{"data":[\#(items.joined(separator: ","))]\#(next)}"#.write(
        to: folder.appendingPathComponent("page\(page).json"), atomically: true, encoding: .utf8)
    }
    let tmux = try start("'\(folder.appendingPathComponent("page1.json").path)'")
    defer { tmux.close() }
    try await tmux.waitFor("40 items")
    var screen = ""
    for _ in 0..<12 {
      try await tmux.send("G")
      try await tmux.send("j", "j", "j")
      let (ended, now) = try await tmux.waitFor(timeout: 1) {
        TmuxSession.statusLine($0).contains("end of feed")
      }
      screen = now
      if ended { break }
    }
    let status = TmuxSession.statusLine(screen)
    #expect(status.contains("120 items"), "\(screen)")
    #expect(status.contains("end of feed"), "\(screen)")
    #expect(status.contains("-120"), "\(screen)")
  }

  @Test func aFeedOnStandardInputReadsKeysFromTheTerminal() async throws {
    let file = try temporaryFeed(Self.feed(["\"piped in\""]))
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try start("- < '\(file.path)'")
    defer { tmux.close() }
    let (shown, screen) = try await tmux.waitFor("piped in")
    #expect(shown, "\(screen)")
    try await tmux.send("+")
    #expect(try await tmux.waitFor { TmuxSession.statusLine($0).contains("5 cols") }.0)
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0").0)
  }

  @Test func aSlowFirstLoadSaysWhatItWaitsForThenWipesIt() async throws {
    let file = try temporaryFeed(Self.feed(["\"slow one\""]))
    defer { try? FileManager.default.removeItem(at: file) }
    let tmux = try TmuxSession(
      command: "(sleep 1.5; cat '\(file.path)') | '\(binary)' --no-images -", width: 80,
      height: 12)
    defer { tmux.close() }
    #expect(try await tmux.waitFor("cascade: loading standard input…").0)
    #expect(try await tmux.waitFor("slow one").0)
    try await tmux.send("q")
    let (exited, screen) = try await tmux.waitFor("EXIT=0")
    #expect(exited)
    #expect(!screen.contains("loading"), "\(screen)")
  }

  @Test func detailsAndOpenPassTheURLAsOneArgument() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cascade-e2e-open-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = folder.appendingPathComponent("opened.txt")
    let browser = folder.appendingPathComponent("browser.sh")
    try "#!/bin/sh\nprintf '%s|%s' \"$#\" \"$1\" > '\(record.path)'\n".write(
      to: browser, atomically: true, encoding: .utf8)
    chmod(browser.path, 0o755)
    // A feed of its own: the sample feed's pictures are paths, which are not opened.
    let feed = try temporaryFeed(Self.feed(["\"first\"", "\"second\"", "\"third\""]))
    defer { try? FileManager.default.removeItem(at: feed) }
    let tmux = try TmuxSession(
      command: "BROWSER='\(browser.path)' '\(binary)' '\(feed.path)'", width: 100, height: 30)
    defer { tmux.close() }
    try await tmux.waitFor("3 items")
    // Enter shows the post, Enter again the picture alone.
    try await tmux.send("Tab", "Enter")
    #expect(try await tmux.waitFor("item:  1 of 3").0)
    try await tmux.send("Enter")
    let (shown, screen) = try await tmux.waitFor("#1 of 3")
    #expect(shown, "\(screen)")
    #expect(screen.contains("http://127.0.0.1:9/0.jpg"))
    // The picture cannot be fetched: the full-screen view says why.
    #expect(try await tmux.waitFor("no picture:").0)
    try await tmux.send("o")
    let deadline = Date().addingTimeInterval(10)
    var opened = ""
    while opened.isEmpty && Date() < deadline {
      opened = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
      usleep(30_000)
    }
    #expect(opened == "1|http://127.0.0.1:9/0.jpg")
    #expect(
      try await tmux.escape { !$0.contains("#1 of 3") && $0.contains("item:  1 of 3") }.0)
    #expect(try await tmux.escape { !$0.contains("item:  1 of 3") }.0)
    try await tmux.send("l")
    let (moved, after) = try await tmux.waitFor("┏")
    #expect(moved, "\(after)")
  }

  @Test func failedRefreshKeepsTheItems() async throws {
    let file = try temporaryFeed(Self.feed(["\"kept\""]))
    let tmux = try start("'\(file.path)'")
    defer { tmux.close() }
    try await tmux.waitFor("kept")
    try FileManager.default.removeItem(at: file)
    try await tmux.send("r")
    let (failed, screen) = try await tmux.waitFor("error:")
    #expect(failed, "\(screen)")
    #expect(screen.contains("kept"))
    #expect(TmuxSession.statusLine(screen).contains("1 item "))
  }

  @Test func pullingAtTheEndSaysEndOfFeed() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    try await tmux.send("G")
    try await tmux.waitFor { TmuxSession.statusLine($0).contains("100%") }
    try await tmux.send("j")
    #expect(try await tmux.waitFor("↑ pull to load more").0)
    try await tmux.send("j", "j")
    #expect(try await tmux.waitFor { TmuxSession.statusLine($0).contains("end of feed") }.0)
  }

  @Test func resizeLaysOutAgain() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("4 cols")
    try await tmux.resize(width: 60, height: 20)
    let (narrow, screen) = try await tmux.waitFor { TmuxSession.statusLine($0).contains("2 cols") }
    #expect(narrow, "\(screen)")
    for step in 0..<20 { try await tmux.resize(width: 20 + step * 7, height: 5 + step) }
    try await tmux.resize(width: 100, height: 30)
    // A frame of one of the steps (100-odd cells wide, 16-19 rows) also says "4 cols", and may
    // still be on screen when the window is back to 30 rows: the frame that fills them is
    // waited for.
    let (back, again) = try await tmux.waitFor {
      TmuxSession.statusLine($0).contains("4 cols") && $0.split(separator: "\n").count >= 28
    }
    #expect(back, "\(again)")
    try await tmux.send("q")
    #expect(try await tmux.waitFor("EXIT=0").0)
  }

  @Test func quitLeavesACleanShell() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    try await tmux.send("q")
    let (exited, screen) = try await tmux.waitFor("EXIT=0")
    #expect(exited, "\(screen)")
    #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    #expect(try await tmux.waitFor("TTY=echo").0)
  }

  @Test(arguments: [
    SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR,
  ])
  func signalsRestoreTheTerminal(signal: Int32) async throws {
    try await expectRestored(after: signal, exitStatus: 128 + Int(signal))
  }

  /// SIGPIPE is ignored: a network write to a closed connection must not end the browser.
  @Test func brokenPipeIsIgnored() async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    let pid = try #require(tmux.commandPID)
    #expect(MainThreadSignal.send(SIGPIPE, to: pid))
    try await tmux.send("q")
    let (exited, screen) = try await tmux.waitFor("EXIT=0")
    #expect(exited, "\(screen)")
  }

  /// A Swift runtime trap raises SIGILL (or SIGTRAP); a crash in C, SIGSEGV or SIGABRT. The crash
  /// guard gives the terminal back and the process still dies of the signal. Sent to the
  /// browser's main thread, as a crash's goes to the thread that crashed (`MainThreadSignal`).
  @Test(arguments: [(SIGILL, 132), (SIGTRAP, 133), (SIGSEGV, 139), (SIGABRT, 134), (SIGSYS, 159)])
  func crashesStillRestoreTheTerminal(signal: Int32, status: Int) async throws {
    try await expectRestored(after: signal, exitStatus: status)
  }

  /// Sends `signal` to the browser; the shell must see `status` and get a sane terminal back.
  private func expectRestored(after signal: Int32, exitStatus status: Int) async throws {
    let tmux = try start()
    defer { tmux.close() }
    try await tmux.waitFor("240 items")
    let pid = try #require(tmux.commandPID)
    #expect(MainThreadSignal.send(signal, to: pid))
    let (exited, screen) = try await tmux.waitFor("EXIT=\(status)")
    #expect(exited, "\(screen)")
    #expect(try await tmux.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    #expect(try await tmux.waitFor("TTY=echo").0)
  }

  @Test func escapeSequencesInTitlesNeverReachTheTerminal() async throws {
    let file = try temporaryFeed(
      Self.feed([
        #""\u001b]0;PWNED\u0007evil \u001b[2J\u001b[31mtitle\u0007""#,
        #""\u009b2Jc1 \u202Ebidi""#,
      ]))
    defer { try? FileManager.default.removeItem(at: file) }
    let titleBefore = try TmuxSession(command: "true")
    let expectedTitle = try await titleBefore.display("#{pane_title}")
    titleBefore.close()
    let tmux = try start("'\(file.path)'")
    defer { tmux.close() }
    // The whole first frame: a capture can land while the terminal is still receiving it.
    let (shown, screen) = try await tmux.waitFor {
      $0.contains("evil title") && TmuxSession.statusLine($0).contains("2 items")
    }
    #expect(shown, "\(screen)")
    #expect(screen.contains("c1 bidi"))
    #expect(try await tmux.display("#{pane_title}") != "PWNED")
    #expect(!expectedTitle.contains("PWNED"))
  }

  @Test func aFeedThatFailsToLoadExitsWithAMessage() async throws {
    let tmux = try start("/nonexistent/feed.json")
    defer { tmux.close() }
    let (exited, screen) = try await tmux.waitFor("EXIT=1")
    #expect(exited, "\(screen)")
    #expect(screen.contains("cascade: /nonexistent/feed.json: cannot read"))
    #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
    #expect(try await tmux.waitFor("TTY=echo").0)
  }

  @Test func usageErrorsExitWithStatusTwo() async throws {
    let tmux = try start("--columns zero")
    defer { tmux.close() }
    let (exited, screen) = try await tmux.waitFor("EXIT=2")
    #expect(exited, "\(screen)")
    #expect(screen.contains("--columns must be"))
  }
}
