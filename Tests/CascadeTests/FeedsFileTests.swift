import FeedKit
import Foundation
import TestSupport
import Testing

@testable import cascade

/// The feeds file: read as a person writes it, changed line by line, and the commands that
/// change it, run as a person would.
@Suite struct FeedsFileTests {
  static let text = """
    # my feeds
    https://a.example/feed.xml Photos of A

    [Film/Old]
    "/home/me/My Pictures" Holidays
    https://u:pw@b.example/rss?token=abc
    []
    /srv/feed.json
    """

  @Test func linesReadAsFeedsFoldersAndComments() throws {
    let file = try FeedsFile.parse(Self.text, path: "feeds")
    #expect(
      file.subscriptions == [
        Subscription(feed: "https://a.example/feed.xml", name: "Photos of A"),
        Subscription(feed: "/home/me/My Pictures", name: "Holidays", folders: ["Film", "Old"]),
        Subscription(feed: "https://u:pw@b.example/rss?token=abc", folders: ["Film", "Old"]),
        Subscription(feed: "/srv/feed.json"),
      ])
    #expect(file.text == Self.text + "\n")
  }

  @Test(arguments: [
    ("[Film\n", "line 1: a folder line ends with ]"),
    ("ok.json\n\"/open quote", "line 2: a quoted address has no closing"),
    ("ftp://x.example/f", "line 1: ftp://x.example/f: cannot load"),
    ("-", "line 1: standard input"),
  ])
  func aBadLineIsNamedByNumber(text: String, message: String) {
    #expect {
      _ = try FeedsFile.parse(text, path: "feeds")
    } throws: { error in
      "\(error)".contains("feeds, " + message)
    }
  }

  @Test func addKeepsTheOtherLinesAndLeavesAFolderFirst() throws {
    var file = try FeedsFile.parse("# mine\n[Film]\nhttps://a.example/f\n", path: "feeds")
    let fresh = file.add(Subscription(feed: "https://c.example/f", name: "C"))
    let twice = file.add(Subscription(feed: "https://a.example/f"))
    #expect(fresh)
    #expect(!twice)
    #expect(file.text == "# mine\n[Film]\nhttps://a.example/f\n[]\nhttps://c.example/f C\n")
    let back = try FeedsFile.parse(file.text, path: "feeds")
    #expect(back.subscriptions.last == Subscription(feed: "https://c.example/f", name: "C"))
  }

  @Test func removeByAddressMaskedAddressOrName() throws {
    var file = try FeedsFile.parse(Self.text, path: "feeds")
    let byName = file.remove("photos of a")
    let byMasked = file.remove("https://***@b.example/rss?token=***")
    let byNothing = file.remove("nothing")
    #expect(byName?.count == 1)
    #expect(byMasked?.count == 1)
    #expect(byNothing?.isEmpty == true)
    #expect(file.subscriptions.map(\.feed) == ["/home/me/My Pictures", "/srv/feed.json"])
    var twice = try FeedsFile.parse(
      "https://a.example/1 Same\nhttps://a.example/2 same\n", path: "f")
    let ambiguous = twice.remove("Same")
    #expect(ambiguous == nil)
    #expect(twice.subscriptions.count == 2)
  }

  /// `import -` reads standard input (`curl … | cascade import -`); a path that is no file
  /// is said, and nothing is written.
  @Test func importReadsStandardInputAndSaysWhatIsNotAFile() async throws {
    let home = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let opml =
      #"<opml version="2.0"><body><outline text="S" xmlURL="https://s.example/f"/></body></opml>"#
    let piped = try await CascadeProcess.run(
      ["import", "-"], stdin: Data(opml.utf8), environment: ["XDG_CONFIG_HOME": home])
    #expect(piped.status == 0, "\(piped.stderr)")
    let followed = try FeedsFile.load(from: URL(fileURLWithPath: home + "/cascade/feeds"))
    #expect(followed.subscriptions == [Subscription(feed: "https://s.example/f", name: "S")])
    let missing = try await CascadeProcess.run(
      ["import", home], environment: ["XDG_CONFIG_HOME": home])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("not a file here"))
  }

  /// add, import, export and remove through the binary: the file is the owner's alone, an
  /// OPML export imports and exports back, and a secret is never shown unless asked for.
  @Test func commandsFollowImportExportAndRemove() async throws {
    let home = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = ["XDG_CONFIG_HOME": home]
    func run(_ arguments: [String]) async throws -> CascadeProcess.Result {
      try await CascadeProcess.run(arguments, environment: environment)
    }
    let added = try await run(["add", "https://u:pw@a.example/f?token=abc", "My", "photos"])
    #expect(added.status == 0, "\(added.stderr)")
    let path = home + "/cascade/feeds"
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let again = try await run(["add", "https://u:pw@a.example/f?token=abc"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("followed already") && !again.stderr.contains("abc"))
    let export = """
      <?xml version="1.0"?><opml version="1.0"><head/><body>
      <outline text="Photo &amp; Film"><outline text="Inner">
      <outline type="rss" text="Deep" xmlUrl="https://deep.example/rss"/></outline>
      <outline type="rss" title="Film" xmlUrl="https://film.example/atom"/></outline>
      <outline type="rss" text="Top" xmlUrl="https://top.example/feed"/></body></opml>
      """
    let opml = try CascadeProcess.temporaryFile(export, suffix: ".opml")
    defer { try? FileManager.default.removeItem(at: opml) }
    let imported = try await run(["import", opml.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("imported 3 feeds"))
    let exported = try await run(["export"])
    #expect(exported.status == 0)
    #expect(!exported.stdout.contains("abc") && !exported.stdout.contains("u:pw"))
    let shown = try await run(["export", "--show-secrets"])
    #expect(shown.stdout.contains("token=abc"))
    // Exported and imported into a fresh file, the same feeds in the same folders.
    let copy = try CascadeProcess.temporaryFile(shown.stdout, suffix: ".opml")
    defer { try? FileManager.default.removeItem(at: copy) }
    let other = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: other) }
    let reimported = try await CascadeProcess.run(
      ["import", copy.path], environment: ["XDG_CONFIG_HOME": other])
    #expect(reimported.status == 0)
    let first = try FeedsFile.load(from: URL(fileURLWithPath: path)).subscriptions
    let second = try FeedsFile.load(from: URL(fileURLWithPath: other + "/cascade/feeds"))
      .subscriptions
    #expect(first == second)
    let removed = try await run(["remove", "my photos"])
    #expect(removed.status == 0, "\(removed.stderr)")
    let missing = try await run(["remove", "my photos"])
    #expect(missing.status == 1)
    let rest = try FeedsFile.load(from: URL(fileURLWithPath: path)).subscriptions
    #expect(rest.count == 3)
  }
}
