import BrowserCore
import Foundation
import Testing

@testable import cascade

/// `cascade print`: a contact sheet on standard output, pictures drawn, then exit.
@Suite struct PrintCommandTests {
  static func coloured(_ text: String) -> Int {
    text.components(separatedBy: "\u{1B}[").count - 1
  }

  @Test func theSampleFeedPrintsWithItsPicturesInColour() async throws {
    let result = try await CascadeProcess.run(["print", "--width", "100", "--height", "30"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 31, "30 rows and the final newline")
    #expect(result.stdout.contains("Cascade sample feed"))
    #expect(result.stdout.contains("Coffee"))
    // 256 colours on a pipe: picture cells set foreground and background from the palette.
    #expect(result.stdout.components(separatedBy: ";48;5;").count > 300)
    #expect(result.stdout.contains("▀") || result.stdout.contains("▄"))
    #expect(!result.stdout.contains("no picture"))
  }

  @Test func theWordHelpShowsTheCommandsHelpUnlessAFileIsCalledThat() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-help-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (arguments, usage) in [
      (["print", "help"], "usage: cascade print"), (["layout", "help"], "usage: cascade layout"),
      (["help", "print"], "usage: cascade print"), (["help", "layout"], "usage: cascade layout"),
      (["help"], "usage: cascade [FEED…]"), (["items", "help"], "usage: cascade items"),
      (["help", "items"], "usage: cascade items"),
    ] {
      let result = try await CascadeProcess.run(arguments, directory: folder)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let shown = result.stdout.hasPrefix(usage) || result.stdout.contains("\n" + usage)
      #expect(shown, "\(arguments)")
      #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
    }
    // A topic there is no help on is a usage error (it showed the browser's help, status 0).
    let typo = try await CascadeProcess.run(["help", "prnt"], directory: folder)
    #expect(typo.status == 2)
    #expect(typo.stdout.isEmpty)
    #expect(
      typo.stderr.contains("no help on 'prnt'") && typo.stderr.contains("print, layout, items"))
    // A feed that really is called "help" is read as one.
    try Data(#"{"data": [{"img": "https://example.com/a.jpg", "width": 10, "height": 20}]}"#.utf8)
      .write(to: folder.appendingPathComponent("help"))
    let printed = try await CascadeProcess.run(
      ["layout", "help", "--width", "12", "--insets", "0,0,0,0", "--columns", "1"],
      directory: folder)
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdout.contains(#""height": 24"#), "\(printed.stdout)")
  }

  /// A picture cache folder that is a symbolic link is not followed: the run says so and
  /// keeps nothing on disk, and the folder it points to is untouched.
  @Test func aSymlinkedCacheFolderIsRefusedAndSaidSo() async throws {
    let linked = try LinkedCacheFolder(linking: "pictures")
    defer { linked.remove() }
    try Data("mine".utf8).write(to: linked.theirs.appendingPathComponent("notes.txt"))
    let result = try await CascadeProcess.run(
      ["print", "--width", "60", "--height", "10"],
      environment: ["XDG_CACHE_HOME": linked.cacheHome])
    #expect(result.status == 0)
    #expect(result.stderr.contains("is a symbolic link, which is not followed"))
    let left = try FileManager.default.contentsOfDirectory(atPath: linked.theirs.path)
    #expect(left == ["notes.txt"])
  }

  @Test func directColourWritesTwentyFourBitCells() async throws {
    let result = try await CascadeProcess.run(
      [
        "print", "--width", "60", "--height", "12", "--color", "direct",
      ], environment: ["COLORTERM": "truecolor"])
    #expect(result.status == 0)
    #expect(result.stdout.components(separatedBy: ";48;2;").count > 50)
  }

  /// `--color direct` asked for by name is what the sheet gets, whatever TERM says (the sheet
  /// may be read later, elsewhere): it was the 256 palette unless COLORTERM said truecolor.
  @Test func aColourModeNamedIsTheSheetsWhateverTheEnvironment() async throws {
    let environment = ["COLORTERM": "", "TERM": "xterm-256color"]
    let direct = try await CascadeProcess.run(
      ["print", "--width", "60", "--height", "12", "--color", "direct"], environment: environment)
    #expect(direct.status == 0)
    #expect(direct.stdout.components(separatedBy: ";48;2;").count > 50)
    let auto = try await CascadeProcess.run(
      ["print", "--width", "60", "--height", "12"], environment: environment)
    #expect(!auto.stdout.contains(";48;2;"), "auto follows the environment: 256 colours")
  }

  @Test func allPrintsTheWholeFirstPage() async throws {
    let short = try await CascadeProcess.run(["print", "--width", "80", "--height", "10"])
    let all = try await CascadeProcess.run(["print", "--width", "80", "--all", "--no-images"])
    #expect(all.status == 0)
    #expect(all.stdout.contains("#240"), "the last item is on the sheet")
    #expect(
      all.stdout.split(separator: "\n").count > 10 * short.stdout.split(separator: "\n").count)
    #expect(Self.coloured(all.stdout) > 0)
  }

  @Test func picturesThatFailStillEndTheSheet() async throws {
    let feed = try CascadeProcess.temporaryFile(
      #"{"data": [{"img": "missing.png", "width": 100, "height": 100, "title": "gone"}, "#
        + #"{"img": "http://127.0.0.1:9/x.jpg", "width": 100, "height": 50}]}"#)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "print", feed.path, "--width", "60", "--height", "20", "--timeout", "2",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.components(separatedBy: "no picture").count == 3)
  }

  /// The sheet has no status line, so what the feed left out is said on stderr. Nothing was
  /// said, and a feed of unusable items printed only "no items in this feed".
  @Test func skippedItemsAreReportedOnStderr() async throws {
    let feed = try CascadeProcess.temporaryFile(
      #"{"data": [{"img": "", "width": 1, "height": 1}, {"title": "no picture"}]}"#)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "print", feed.path, "--width", "60", "--height", "10",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("no items in this feed"))
    #expect(result.stderr.contains("skipped 2 items (first: item 1: \"img\" is empty)"))
  }

  @Test func sizesThatCannotBeReadAreReportedOnStderr() async throws {
    let feed = try CascadeProcess.temporaryFile("/nowhere/gone.jpg\n", suffix: ".txt")
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "print", feed.path, "--width", "60", "--height", "10",
    ])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "could not read the size of 1 picture (first: /nowhere/gone.jpg: cannot read: no such file"
      ), "\(result.stderr)")
  }

  /// A box that says "no picture" on the sheet is explained on standard error, as the sizes
  /// are: the sheet gave no reason at all.
  @Test func picturesThatCannotBeDrawnAreReportedOnStderr() async throws {
    let feed = try CascadeProcess.temporaryFile(
      #"{"data": [{"img": "/nowhere/a.jpg", "w": 4, "h": 3}, {"img": "/nowhere/b.jpg", "w": 4, "h": 3}]}"#,
      suffix: ".json")
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "print", feed.path, "--width", "60", "--height", "20", "--color", "256",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("no picture"), "\(result.stdout)")
    #expect(
      result.stderr.contains("could not draw 2 pictures (first: /nowhere/a.jpg: "),
      "\(result.stderr)")
  }

  /// Without colours no picture is drawn: the boxes give their sizes, as with --no-images,
  /// instead of a loading mark that never went away.
  @Test func noColourShowsSizesNotAWaitingMark() async throws {
    let result = try await CascadeProcess.run([
      "print", "--width", "60", "--height", "12", "--color", "none",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("360×360"))
  }

  /// A picture the feed marks sensitive is not fetched for the sheet: its box says so, until
  /// --show-sensitive. (The pictures are missing files, so a fetched one shows "no picture".)
  @Test func sensitivePicturesAreKeptBackUnlessAskedFor() async throws {
    func status(_ id: Int, sensitive: Bool) -> String {
      #"{"id": "\#(id)", "sensitive": \#(sensitive), "media_attachments": [{"id": "m\#(id)", "#
        + #""type": "image", "url": "missing-\#(id).jpg", "#
        + #""meta": {"original": {"width": 400, "height": 300}}}]}"#
    }
    let feed = try CascadeProcess.temporaryFile(
      "[\(status(1, sensitive: true)), \(status(2, sensitive: false))]")
    defer { try? FileManager.default.removeItem(at: feed) }
    let arguments = ["print", feed.path, "--width", "80", "--height", "20", "--format", "mastodon"]
    let hidden = try await CascadeProcess.run(arguments)
    #expect(hidden.status == 0, "\(hidden.stderr)")
    #expect(hidden.stdout.components(separatedBy: "sensitive").count - 1 == 1)
    #expect(hidden.stdout.components(separatedBy: "no picture").count - 1 == 1)
    let shown = try await CascadeProcess.run(arguments + ["--show-sensitive"])
    #expect(!shown.stdout.contains("sensitive"))
    #expect(shown.stdout.components(separatedBy: "no picture").count - 1 == 2)
  }

  @Test func aBadOptionIsAUsageError() async throws {
    let result = try await CascadeProcess.run(["print", "--width", "3"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--width must be a whole number from 10"))
  }
}

extension PrintCommandTests {
  /// `--width 62 --columns 1` on a pipe ended half-way through a box, with no caption and no
  /// bottom border: a sheet of the default height ends at a whole box.
  @Test func aSheetOnAPipeEndsAtAWholeBox() async throws {
    let result = try await CascadeProcess.run(
      ["print", "--width", "62", "--columns", "1", "--pictures", "off"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map { line in
      line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
    let last = try #require(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    #expect(last.contains("└") || last.contains("┗") || last.contains("╰"), "\(result.stdout)")
  }
}

extension PrintCommandTests {
  /// Where a sheet ends: at the last whole box if that leaves half of it, else at the end of
  /// the box it would cut, else where it was asked to when the columns never end together.
  @Test func aSheetEndsWhereNoBoxIsCut() {
    func box(_ row: Int, _ height: Int, column: Int = 0) -> CellRect {
      CellRect(row: row, column: column, width: 10, height: height)
    }
    #expect(
      PrintCommand.wholeBoxRows([box(0, 1), box(1, 15), box(16, 15)], within: 24, upTo: 96) == 16)
    #expect(PrintCommand.wholeBoxRows([box(0, 1), box(1, 50)], within: 24, upTo: 96) == 51)
    #expect(
      PrintCommand.wholeBoxRows([box(0, 30), box(5, 30, column: 12)], within: 24, upTo: 96) == 24)
    // Two columns that end together far below: not grown to three sheets.
    #expect(
      PrintCommand.wholeBoxRows(
        [box(0, 1), box(1, 40), box(1, 30, column: 12), box(31, 10, column: 12)], within: 24,
        upTo: 96) == 24)
  }
}
