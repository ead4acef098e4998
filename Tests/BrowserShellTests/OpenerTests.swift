import BrowserCore
import FeedKit
import Foundation
import Glibc
import Testing

@testable import BrowserShell

@Suite struct OpenerTests {
  @Test func webLinksOpenWithBrowserOrXdgOpenAsOneArgument() throws {
    let url = "https://example.com/a b?x=1;rm -rf ~"
    #expect(
      try Opener.command(for: "https://example.com/p?q=$(id)", environment: [:]).get()
        == ["xdg-open", "https://example.com/p?q=$(id)"])
    #expect(
      try Opener.command(for: "http://x.example/", environment: ["BROWSER": "firefox:lynx"]).get()
        == ["firefox", "http://x.example/"])
    // Spaces and controls would need a shell's quoting to mean anything; they are refused.
    #expect((try? Opener.command(for: url, environment: [:]).get()) == nil)
  }

  @Test func withNeitherBrowserNorXdgOpenTheReaderIsToldWhatToSet() {
    #expect(
      Opener.Refusal.spawnFailed("xdg-open", ENOENT, fromBrowserVariable: false).failure
        == .noOpener)
    guard
      case .cannotStart("firefox", true, _) = Opener.Refusal.spawnFailed(
        "firefox", ENOENT, fromBrowserVariable: true
      ).failure
    else {
      Issue.record("a missing $BROWSER program was not named")
      return
    }
  }

  @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "ftp://x/", "", "-rf"])
  func otherSchemesAreRefused(url: String) {
    guard case .failure(.notWeb) = Opener.command(for: url, environment: [:]) else {
      Issue.record("\(url) was not refused")
      return
    }
  }

  /// An http link with a control character was refused as "only http and https links open".
  @Test(arguments: [
    "http://example.com/\u{1B}]52;c;eA==\u{07}", "https://x/a b", "http://x/\u{7F}",
    "http://example.com/a\u{9B}b",
    // Bidi controls, zero-width and separator characters: a link other than the one shown.
    "https://example.com/\u{202E}gpj.exe", "https://exa\u{200B}mple.com/", "https://x/\u{FEFF}",
    "https://x/\u{2066}a\u{2069}", "https://x/a\u{2028}b", "https://x/a\u{2029}b",
    "https://x/\u{061C}a", "https://x/a\u{00A0}b",
  ])
  func aWebLinkWithControlCharactersIsRefusedForThat(url: String) {
    guard case .failure(let refusal) = Opener.command(for: url, environment: [:]) else {
      Issue.record("\(url) was not refused")
      return
    }
    #expect(refusal.failure == .unsafeCharacters)
  }

  /// A program that starts and then fails (`BROWSER=false`, xdg-open with no browser set up)
  /// was reported as "opened".
  @Test func aProgramThatEndsBadlyIsAFailure() throws {
    var environment = ProcessInfo.processInfo.environment
    let url = "https://example.com/1"
    environment["BROWSER"] = "false"
    let failing = try Opener.open(url, environment: environment).get()
    let failure = try #require(failing.waitForEnd())
    #expect(
      failure
        == .ended(
          program: "false", fromBrowserVariable: true, how: "exited with status 1",
          noBrowserSetUp: false))
    environment["BROWSER"] = "true"
    #expect(try Opener.open(url, environment: environment).get().waitForEnd() == nil)
  }
}

extension OpenerTests {
  /// `o` on an item of a local feed opens the local file with the opener; a remote feed's
  /// item naming the same path opens nothing.
  @Test func aLocalFeedsPathOpensAndARemoteFeedsDoesNot() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-open-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let record = folder + "/record"
    let browser = folder + "/browser"
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record)'\n".write(
      toFile: browser, atomically: true, encoding: .utf8)
    chmod(browser, 0o755)
    let environment = ["BROWSER": browser, "PATH": "/usr/bin:/bin"]
    // A script just written can be busy (ETXTBSY) while a test on another thread forks with
    // its descriptor still open: tried again a few times.
    var opened = Opener.open(
      "photo.jpg", localTo: .file(folder + "/feed.json"), environment: environment)
    for _ in 0..<50 {
      guard case .failure(.spawnFailed(_, ETXTBSY, _)) = opened else { break }
      usleep(20_000)
      opened = Opener.open(
        "photo.jpg", localTo: .file(folder + "/feed.json"), environment: environment)
    }
    let started = try opened.get()
    #expect(started.waitForEnd() == nil)
    #expect((try? String(contentsOfFile: record, encoding: .utf8)) == folder + "/photo.jpg")
    let remote = Opener.open(
      folder + "/photo.jpg", localTo: .url("http://127.0.0.1:9/feed.json"),
      environment: environment)
    #expect(throws: Opener.Refusal.self) { try remote.get() }
  }

  /// An item of a feed read from standard input hands the browser an absolute path: a
  /// relative one means nothing in the folder the browser runs in.
  @Test func aStandardInputFeedsPathIsAbsolute() throws {
    let command = try Opener.command(
      for: "pics/a.jpg", localTo: .standardInput, environment: ["BROWSER": "lynx"]
    ).get()
    #expect(command == ["lynx", FileManager.default.currentDirectoryPath + "/pics/a.jpg"])
  }
}
