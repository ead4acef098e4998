import FeedModel
import Foundation
import Testing

@testable import FeedKit

@Suite struct PictureLocationTests {
  @Test func webPicturesAreReadFromTheWebWhateverTheFeed() throws {
    for source in [
      FeedSource.file("/feeds/a.json"), .standardInput, .sample,
      .url("https://example.com/feed.json"),
    ] {
      #expect(
        try source.pictureLocation(of: "https://img.example.com/a.jpg")
          == .web("https://img.example.com/a.jpg"))
    }
  }

  @Test func aNetworkFeedNeverNamesALocalFile() throws {
    let feed = FeedSource.url("https://example.com/feeds/feed.json")
    for link in ["file:///etc/passwd", "FILE:/etc/passwd", "ftp://example.com/a.jpg"] {
      #expect(throws: FeedError.self) { try feed.pictureLocation(of: link) }
    }
    // An absolute path is a path on the feed's own server, never on this machine.
    #expect(try feed.pictureLocation(of: "/etc/passwd") == .web("https://example.com/etc/passwd"))
    let template = FeedSource.template("https://example.com/feed?page={page}")
    #expect(throws: FeedError.self) { try template.pictureLocation(of: "file:///etc/passwd") }
  }

  @Test func aNetworkFeedsRelativePicturesResolveAgainstItsURL() throws {
    let feed = FeedSource.url("https://example.com/feeds/feed.json")
    #expect(
      try feed.pictureLocation(of: "img/a.jpg") == .web("https://example.com/feeds/img/a.jpg"))
    #expect(try feed.pictureLocation(of: "../b.png") == .web("https://example.com/b.png"))
  }

  @Test func aLocalFeedsPathsResolveAgainstItsFolder() throws {
    let feed = FeedSource.file("/home/me/feeds/feed.json")
    #expect(try feed.pictureLocation(of: "pics/a.jpg") == .file("/home/me/feeds/pics/a.jpg"))
    #expect(try feed.pictureLocation(of: "/tmp/b.png") == .file("/tmp/b.png"))
    #expect(try feed.pictureLocation(of: "file:///tmp/c.gif") == .file("/tmp/c.gif"))
    #expect(throws: FeedError.self) { try feed.pictureLocation(of: "ftp://x/a.jpg") }
    #expect(throws: FeedError.self) { try feed.pictureLocation(of: "file://otherhost/a.jpg") }
  }

  /// A path handed to an opener or a viewer is absolute: a feed from standard input, or at a
  /// relative path, names files relative to the folder Cascade was started in.
  @Test func aRelativeFeedsPathsAreAbsolute() throws {
    let here = FileManager.default.currentDirectoryPath
    #expect(try FeedSource.standardInput.pictureLocation(of: "a.jpg") == .file(here + "/a.jpg"))
    #expect(
      try FeedSource.file("feeds/feed.json").pictureLocation(of: "b.png")
        == .file(here + "/feeds/b.png"))
    #expect(try FeedSource.file("feed.json").pictureLocation(of: "c.gif") == .file(here + "/c.gif"))
  }

  @Test func theSampleFeedsPicturesAreBuiltIn() throws {
    #expect(try FeedSource.sample.pictureLocation(of: "pictures/fern.jpg") == .embedded("fern.jpg"))
  }

  @Test func aWebPicturesServerIsItsHostAndPort() {
    #expect(PictureLocation.web("https://Example.com/a.png").server == "example.com:443")
    #expect(PictureLocation.web("http://example.com/a.png").server == "example.com:80")
    #expect(PictureLocation.web("http://127.0.0.1:8080/a.png").server == "127.0.0.1:8080")
    #expect(PictureLocation.file("/tmp/a.png").server == nil)
    #expect(PictureLocation.embedded("fern.jpg").server == nil)
  }

  /// `//cdn.example/x.jpg` in a local feed was read as a path; it takes https, as over HTTP it
  /// takes the page's scheme.
  @Test func protocolRelativeURLsTakeTheFeedsScheme() throws {
    let local = FeedSource.file("/home/me/feed.xml")
    #expect(
      try local.pictureLocation(of: "//cdn.example/x.jpg") == .web("https://cdn.example/x.jpg"))
    #expect(
      try FeedSource.standardInput.pictureLocation(of: " //cdn.example/y.png")
        == .web("https://cdn.example/y.png"))
    let web = FeedSource.url("http://blog.example/feed")
    #expect(try web.pictureLocation(of: "//cdn.example/x.jpg") == .web("http://cdn.example/x.jpg"))
  }
}
