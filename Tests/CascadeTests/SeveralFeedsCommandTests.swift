import Foundation
import TestSupport
import Testing

/// Several FEEDs and pictures as FEEDs on the command line: `layout`, `print` and `items`
/// read them as one, say which cannot be read and keep the others.
@Suite struct SeveralFeedsCommandTests {
  static let pictures = CascadeProcess.packageRoot.appendingPathComponent("Resources/pictures")

  /// A folder holding two pictures and a feed of two items.
  static func folder() throws -> URL {
    let folder = URL(fileURLWithPath: try temporaryFolder())
    for name in ["coffee.jpg", "horse.png"] {
      try FileManager.default.copyItem(
        at: pictures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    try Data(
      #"""
      {"title": "Feed \u001b[31mA", "items": [
        {"id": "1", "url": "https://example.com/one.jpg", "w": 10, "h": 20, "title": "One"},
        {"id": "2", "url": "two.jpg", "w": 30, "h": 40, "title": "T\u202ewo"}]}
      """#.utf8
    ).write(to: folder.appendingPathComponent("feed.json"))
    return folder
  }

  @Test func layoutTakesPicturesAndFeedsTogether() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CascadeProcess.run(
      ["layout", "--width", "100", "--columns", "2", "coffee.jpg", "feed.json", "horse.png"],
      directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"index\": 3"))
    #expect(!result.stdout.contains("\"index\": 4"))
  }

  @Test func oneFeedThatCannotBeReadIsNamedAndTheOthersLaidOut() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CascadeProcess.run(
      ["layout", "--width", "100", "coffee.jpg", "missing.json", "htp://typo", "horse.png"],
      directory: folder)
    // As `cat a b` does: the rest written, and the status says something was not.
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("\"index\": 1"))
    #expect(!result.stdout.contains("\"index\": 2"))
    #expect(result.stderr.contains("missing.json: cannot read: no such file"))
    #expect(result.stderr.contains("htp://typo"))
    let none = try await CascadeProcess.run(
      ["layout", "--width", "100", "missing.json", "gone.json"], directory: folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("missing.json"))
  }

  @Test func standardInputTwiceIsAUsageError() async throws {
    let result = try await CascadeProcess.run(["layout", "--width", "100", "-", "-"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("standard input (-) can be read once"))
  }

  @Test func printShowsEveryFeedsItemsOnOneSheet() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CascadeProcess.run(
      ["print", "--width", "80", "--height", "30", "--color", "none", "coffee.jpg", "feed.json"],
      directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("coffee.jpg"))
    #expect(result.stdout.contains("One"))
    // The feed's title, its escape sequence gone, on the top edge of its items' boxes.
    #expect(result.stdout.contains("Feed [31mA") || result.stdout.contains("Feed A"))
    #expect(!result.stdout.contains("\u{1b}"))
  }

  /// `cascade items`: one JSON object a line, every one read back by a JSON parser, the
  /// feeds in the order given, pictures as feeds of one, and a feed that cannot be read said
  /// on stderr with status 1.
  @Test func itemsWritesJSONLinesForEveryFeed() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CascadeProcess.run(
      ["items", "coffee.jpg", "feed.json", "missing.json", "horse.png"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing.json: cannot read"))
    let lines = result.stdout.split(separator: "\n")
    let objects = try lines.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      objects.map { $0["feed"] as? String } == [
        "coffee.jpg", "feed.json", "feed.json", "horse.png",
      ])
    #expect(
      objects.map { $0["title"] as? String } == [
        "coffee.jpg", "One", "T\u{202e}wo", "horse.png",
      ])
    let urls = objects.map { ($0["pictures"] as? [[String: Any]])?.first?["url"] as? String }
    #expect(
      urls == [
        folder.path + "/coffee.jpg", "https://example.com/one.jpg", folder.path + "/two.jpg",
        folder.path + "/horse.png",
      ])
    // Written escaped: the override never reaches a terminal as it is.
    #expect(!result.stdout.unicodeScalars.contains("\u{202e}"))
    let jsonFeed =
      #"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "d", "#
      + #""image": "https://example.com/d.png", "date_published": "2024-05-01T16:03:00+02:00"}]}"#
    try Data(jsonFeed.utf8).write(to: folder.appendingPathComponent("dated.json"))
    let dated = try await CascadeProcess.run(["items", "dated.json"], directory: folder)
    let object = try JSONSerialization.jsonObject(with: Data(dated.stdout.utf8)) as? [String: Any]
    #expect(object?["date"] as? String == "2024-05-01T14:03:00Z")
    let sample = try await CascadeProcess.run(["items"])
    #expect(sample.status == 0)
    #expect(sample.stdout.split(separator: "\n").count > 10)
  }

  /// An item a feed repeats is written once, as the browser shows it once; the same item in
  /// two FEEDs is two items, one of each.
  @Test func itemsWritesARepeatedItemOncePerFeed() async throws {
    let item = #"{"id": "1", "url": "https://x.example/a.jpg", "w": 1, "h": 1}"#
    let file = try CascadeProcess.temporaryFile(#"{"items": [\#(item), \#(item)]}"#)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await CascadeProcess.run(["items", file.path, file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test func itemsMasksSecretsUnlessAskedToShowThem() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/feed.json?api_key=k3y",
      reply: .json(#"{"items": [{"url": "https://x.example/a.jpg?token=s3cr3t", "w": 1, "h": 1}]}"#)
    )
    let feed = server.url("/feed.json?api_key=k3y")
    let masked = try await CascadeProcess.run(["items", feed])
    #expect(masked.status == 0, "\(masked.stderr)")
    #expect(!masked.stdout.contains("s3cr3t"))
    #expect(!masked.stdout.contains("k3y"))
    #expect(masked.stdout.contains("***"))
    let shown = try await CascadeProcess.run(["items", "--show-secrets", feed])
    #expect(shown.stdout.contains("token=s3cr3t"))
    #expect(shown.stdout.contains("api_key=k3y"))
  }

  /// Items are written as they are read: those before a body that stalls are out, parsed
  /// whole, though the load then fails on the stall.
  @Test func itemsAreStreamedAsTheyAreRead() async throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let items = (0..<3).map { #"{"url": "https://x.example/\#($0).jpg", "w": 1, "h": 1}"# }
    let body = #"{"items": ["# + items.joined(separator: ", ") + ", "
    server.route(
      "/feed.json", reply: .stallAfter(body: Array(body.utf8), declaredLength: body.utf8.count * 4))
    let result = try await CascadeProcess.run(["items", "--timeout", "1", server.url("/feed.json")])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no answer within"), "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
    }
  }
}
