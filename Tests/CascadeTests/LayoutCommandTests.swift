import FeedKit
import FeedModel
import Foundation
import LayoutEngine
import TestSupport
import Testing

/// `cascade layout` run as a script would run it.
@Suite struct LayoutCommandTests {
  typealias Printed = PrintedLayout

  func decode(_ result: CascadeProcess.Result) throws -> Printed {
    try PrintedLayout(result)
  }

  func engineLayout(_ configuration: LayoutConfiguration) throws -> WaterfallLayout {
    let document = try LiberalJSONDecoder.decode(SampleFeed.bytes, source: "sample")
    var layout = WaterfallLayout(
      configuration: configuration,
      items: document.items.map { ItemSize(width: $0.width, height: $0.height) })
    try layout.prepare()
    return layout
  }

  @Test func printsTheSampleFeedLayoutAsTheEngineComputesIt() async throws {
    let result = try await CascadeProcess.run([
      "layout", "--width", "375", "--columns", "3", "--column-spacing", "15", "--row-spacing",
      "10", "--insets", "10,10,10,10",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let printed = try decode(result)
    let layout = try engineLayout(
      LayoutConfiguration(
        columnCount: 3, columnSpacing: 15, rowSpacing: 10, insets: EdgeInsets(all: 10),
        containerWidth: 375))
    #expect(printed.items.count == layout.itemCount)
    #expect(printed.items.count >= 200)
    #expect(printed.contentSize == .init(width: 375, height: layout.contentSize.height))
    for item in printed.items {
      let frame = try #require(layout.frame(of: item.index))
      #expect(item.frame == frame)
    }
  }

  @Test func rectPrintsOnlyWhatTheRectQueryReturns() async throws {
    let result = try await CascadeProcess.run(["layout", "--width", "80", "--rect", "0,100,80,60"])
    #expect(result.status == 0, "\(result.stderr)")
    let printed = try decode(result)
    let layout = try engineLayout(LayoutConfiguration(containerWidth: 80))
    let expected = layout.indices(in: Rect(x: 0, y: 100, width: 80, height: 60))
    #expect(!expected.isEmpty)
    #expect(printed.items.map(\.index) == expected)
  }

  @Test func readsAFeedFileAndReportsSkippedItems() async throws {
    let feed = try CascadeProcess.temporaryFile(
      """
      {"data": [{"img": "a.jpg", "width": "100", "height": "50"},
                {"img": "b.jpg", "width": "0", "height": "50"},
                {"img": "c.jpg", "width": 100, "height": 200},
                {"img": "d.jpg", "width": "abc", "height": "5"}]}
      """)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run(["layout", feed.path, "--width", "100"])
    #expect(result.status == 0)
    let printed = try decode(result)
    #expect(printed.items.map(\.index) == [0, 1])
    #expect(printed.items.map(\.height) == [25, 100])
    #expect(result.stderr.contains("skipped 2 items"))
  }

  @Test func emptyFeedPrintsTopPlusBottom() async throws {
    let feed = try CascadeProcess.temporaryFile(#"{"data": []}"#)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run([
      "layout", feed.path, "--width", "50", "--insets", "3,0,4,0",
    ])
    #expect(result.status == 0)
    #expect(try decode(result) == Printed(contentSize: .init(width: 50, height: 7), items: []))
  }

  @Test func aNegativeWidthIsNamedAsTheBadValue() async throws {
    let result = try await CascadeProcess.run(["layout", "--width", "-5"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--width") && result.stderr.contains("-5"), "\(result.stderr)")
    #expect(!result.stderr.contains("column(s)"))
  }

  @Test(arguments: [
    ["layout"],
    ["layout", "--width", "abc"],
    ["layout", "--width", "nan"],
    ["layout", "--width", "0x64"],
    ["layout", "--width", "0x1.9p6"],
    ["layout", "--width", "100", "--insets", "0x1,0,0,0"],
    ["layout", "--width", "100", "--row-spacing", "1e999"],
    ["layout", "--width", "100", "--columns", "0"],
    ["layout", "--width", "100", "--columns"],
    ["layout", "--width", "100", "--insets", "1,2,3"],
    ["layout", "--width", "100", "--rect", "1,2,x,4"],
    ["layout", "--width", "100", "--column-spacing", "-1"],
    ["layout", "--width", "10", "--columns", "3", "--column-spacing", "5"],
    ["layout", "--width", "100", "--frobnicate"],
    ["layout", "-", "-", "--width", "100"],
  ])
  func usageErrorsExitTwoWithOneLine(arguments: [String]) async throws {
    let result = try await CascadeProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("cascade: "))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  @Test func unreadableFileExitsOneNamingIt() async throws {
    let result = try await CascadeProcess.run([
      "layout", "/nonexistent/feed.json", "--width", "100",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("/nonexistent/feed.json"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func malformedJSONExitsOne() async throws {
    let feed = try CascadeProcess.temporaryFile(#"{"data": [{"img": "a", "width": 1,"#)
    defer { try? FileManager.default.removeItem(at: feed) }
    let result = try await CascadeProcess.run(["layout", feed.path, "--width", "100"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("malformed JSON"))
    #expect(result.stdout.isEmpty)
  }

  @Test func helpExitsZeroAndShowsUsage() async throws {
    let result = try await CascadeProcess.run(["layout", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("usage: cascade layout"))
  }
}

@Suite struct TopLevelOptionsTests {
  @Test func versionPrintsNameAndVersion() async throws {
    let result = try await CascadeProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("cascade "))
    // Then a line per library (see `VersionTests`).
    #expect(result.stdout.split(separator: "\n").first == "cascade \(CascadeVersion.string)")
  }

  @Test func helpNamesBothCommands() async throws {
    let result = try await CascadeProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("usage: cascade [FEED…]"))
    #expect(result.stdout.contains("cascade layout"))
    #expect(result.stdout.contains("cascade items"))
  }
}

extension LayoutCommandTests {
  /// The documented example (docs/commands.md) printed 12925.04 where the binary printed
  /// 12311.83: its first lines are what the command beside them prints now.
  @Test func theReadmesExampleIsWhatTheBinaryPrints() async throws {
    let readme = try String(
      contentsOf: CascadeProcess.packageRoot.appendingPathComponent("docs/commands.md"),
      encoding: .utf8)
    let section = try #require(readme.range(of: "## `cascade layout`"))
    let text = readme[section.upperBound...]
    let start = try #require(text.range(of: "swift run cascade layout "))
    let end = try #require(text[start.upperBound...].range(of: "\n```"))
    let command = text[start.upperBound..<end.lowerBound]
      .replacingOccurrences(of: "\\\n", with: " ")
      .split(separator: " ").map(String.init)
    let json = try #require(text.range(of: "```json\n"))
    let shown = text[json.upperBound...].split(separator: "\n").prefix(3).map(String.init)
    let result = try await CascadeProcess.run(["layout"] + command)
    #expect(result.status == 0, "\(result.stderr)")
    let printed = result.stdout.split(separator: "\n").prefix(3).map(String.init)
    #expect(printed == shown, "\(command)")
  }
}
