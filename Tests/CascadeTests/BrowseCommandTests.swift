import FeedKit
import Foundation
import TestSupport
import Testing

@testable import cascade

/// `cascade [FEED]` outside a terminal: option errors and the refusal to draw into a pipe.
@Suite struct BrowseCommandTests {
  @Test(arguments: [
    (["--columns", "0"], "--columns must be"), (["--cell-aspect", "x"], "--cell-aspect must be"),
    (["--pull-threshold"], "--pull-threshold needs a value"),
    (["--bogus"], "unknown option '--bogus'"),
    (["-", "-"], "standard input (-) can be read once"), (["ftp://example.com/feed"], "ftp"),
    (["--style", "grid"], "--style must be one of waterfall, irregular, carousel, ring"),
    (["--order=sideways"], "--order must be one of"),
    (["--no-separators=yes"], "--no-separators takes no value"),
    (["--enlarge-probability", "2"], "--enlarge-probability must be a number from 0 to 1"),
    (["--column-width", "0"], "--column-width must be a number from 1 to 10000"),
    (["--tie-tolerance", "-1"], "--tie-tolerance must be a number from 0 to"),
    (["--max-items", "0"], "--max-items must be"), (["--seed", "-3"], "--seed must be"),
    // --height was ignored beside --all, without a word.
    (["print", "--height", "5", "--all"], "--height and --all both choose the rows printed"),
    // Named in the option table's order, whichever comes first, for each command.
    (["--column-width", "20", "--columns", "3"], "--columns and --column-width both choose"),
    (
      ["layout", "--column-width", "20", "--columns", "3", "--width", "80"],
      "--columns and --column-width both choose the columns"
    ),
    (["help", "prnt"], "no help on 'prnt'"),
  ])
  func usageErrorsExitTwoWithOneLine(arguments: [String], message: String) async throws {
    let result = try await CascadeProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.isEmpty)
  }

  /// A feed page cache folder that is a symbolic link is not followed, and said so, as the
  /// picture cache's is: its pages were just not kept, and each visit read every followed
  /// feed whole with nothing to say why.
  @Test func aSymlinkedFeedPageFolderIsSaidSo() async throws {
    let linked = try LinkedCacheFolder(linking: "feeds")
    defer { linked.remove() }
    let feed = linked.base.appendingPathComponent("feed.json")
    try Data(#"{"items": [{"title": "One", "image": "a.png"}]}"#.utf8).write(to: feed)
    // The browser, with no terminal to draw on: it says why it cannot, after the refusal.
    let result = try await CascadeProcess.run(
      [feed.path], environment: ["XDG_CACHE_HOME": linked.cacheHome])
    #expect(result.status != 0)
    #expect(
      result.stderr.contains("the feed page cache folder")
        && result.stderr.contains("feed pages are not kept on disk this run"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: linked.theirs.path).isEmpty)
  }

  @Test func aFeedsFileThatCannotBeReadIsSaidBeforeAnythingElse() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/cascade", withIntermediateDirectories: true)
    try "https://example.com/ok.xml\n[Unclosed\n".write(
      toFile: folder + "/cascade/feeds", atomically: true, encoding: .utf8)
    let result = try await CascadeProcess.run([], environment: ["XDG_CONFIG_HOME": folder])
    #expect(result.status == 1)
    #expect(result.stderr.contains("cascade/feeds, line 2: a folder line ends with ]"))
  }

  @Test func helpPrintsUsage() async throws {
    let result = try await CascadeProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("usage: cascade [FEED…]"))
  }

  @Test func withoutATerminalItRefusesCleanly() async throws {
    let result = try await CascadeProcess.run([])
    #expect(result.status == 1)
    #expect(result.stderr.contains("needs a terminal"))
    // `cascade FEED > file` most likely meant the sheet, not the JSON.
    #expect(result.stderr.contains("try `cascade print`"), "\(result.stderr)")
    #expect(!result.stdout.contains("\u{1B}"))
  }

  /// Every browser flag, in both forms, parses: the run gets as far as wanting a terminal.
  @Test func everyBrowserFlagParses() async throws {
    let result = try await CascadeProcess.run([
      "--style", "ring", "--order=left-to-right", "--tie-tolerance", "0.5", "--column-width=20",
      "--enlarge-probability", "0.3", "--seed=7", "--no-separators", "--cell-aspect=2.2",
      "--pull-threshold", "4", "--timeout=5", "--total-time", "60", "--max-bytes", "100000000",
      "--max-items=1000", "--max-depth", "64", "--max-string", "4096",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("needs a terminal"))
  }

  @Test func aMissingFeedExitsOne() async throws {
    let result = try await CascadeProcess.run(["/nonexistent/feed.json"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("cascade: /nonexistent/feed.json"))
  }

  /// `--refresh-minutes` with a feed typed on standard input refreshed it every N minutes to
  /// say it could not be read again; standard input alone is never refreshed on its own, and
  /// the other feeds beside it still are.
  @Test func standardInputAloneIsNotRefreshedInTheBackground() {
    #expect(BrowseCommand.backgroundRefreshMinutes(30, for: .standardInput) == nil)
    let file = FeedSource.file("feed.xml")
    #expect(BrowseCommand.backgroundRefreshMinutes(30, for: file) == 30)
    #expect(
      BrowseCommand.backgroundRefreshMinutes(30, for: .several([.standardInput, file])) == 30)
    #expect(BrowseCommand.backgroundRefreshMinutes(nil, for: file) == nil)
  }
}
