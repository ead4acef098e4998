import Foundation
import TestSupport
import Testing

/// The real binary over a loopback feed that gives no sizes: the boxes are `?×?` squares until
/// the pictures' headers are read, then take the pictures' shapes, while the selected box keeps
/// its place on screen.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct LateSizeEndToEndTests {
  /// The rows of a box `width` cells wide around a 2:1 picture: the picture fills the width
  /// inside the border (two cells a row tall at the default cell aspect), and the border and
  /// caption add three rows.
  static func twoByOne(width: Int) -> Int { (width - 2) / 4 + 3 }

  /// A JSON Feed of `count` pictures without sizes, at `/p/N.png` of `server`.
  private static func feed(_ count: Int, on server: TestHTTPServer) -> String {
    feed(pictures: Array(1...count), on: server)
  }

  /// A JSON Feed without sizes whose items show the pictures `/p/N.png` of `server` numbered
  /// `pictures`, in that order (a number twice: one picture in two items).
  private static func feed(pictures: [Int], on server: TestHTTPServer) -> String {
    let items = pictures.enumerated().map { i, n in
      #"{"id": "\#(i)", "title": "wide \#(i)", "image": "\#(server.url("/p/\(n).png"))"}"#
    }
    return #"{"version": "https://jsonfeed.org/version/1.1", "title": "Late sizes", "items": ["#
      + items.joined(separator: ",") + "]}"
  }

  @Test func boxesTakeTheirShapesWhenSizesArriveAndTheSelectionKeepsItsPlace() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let gate = ResponseGate()
    defer { gate.open() }
    server.route("/feed.json", reply: .json(Self.feed(40, on: server)))
    try gate.servePictures(1...40, on: server, latency: 0.15)
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 3 --timeout 120 '\(server.url("/feed.json"))'",
      width: 100, height: 30)
    defer { tmux.close() }

    // Without sizes, every box is a square that says so.
    let (unsized, first) = try await tmux.waitFor(timeout: 60) {
      TmuxSession.statusLine($0).contains("40 items") && $0.contains("?×?")
    }
    #expect(unsized, "\(first)")
    // Go to item 25 while the first view's sizes are still on their way.
    try await tmux.send("2", "5", "G")
    let (jumped, square) = try await tmux.waitFor(timeout: 60) { screen in
      ScreenBox.all(in: screen).contains { $0.selected && $0.number == 25 }
    }
    #expect(jumped, "\(square)")
    let before = try #require(ScreenBox.all(in: square).first { $0.selected })
    #expect(square.contains("?×?"), "the sizes came before the gate opened:\n\(square)")

    gate.open()
    // Settled: no box in view waits for its size, and the same screen twice in a row (a
    // capture never catches a frame half drawn).
    var previous = ""
    let (settled, shaped) = try await tmux.waitFor(timeout: 120) { screen in
      defer { previous = screen }
      return screen == previous && !screen.contains("?×?")
        && ScreenBox.all(in: screen).contains { $0.selected && $0.number == 25 }
        && ScreenBox.all(in: screen).filter { !$0.selected }.count >= 3
    }
    #expect(settled, "\(shaped)")
    let boxes = ScreenBox.all(in: shaped)
    let after = try #require(boxes.first { $0.selected }, "\(shaped)")
    #expect(after.number == 25, "\(shaped)")
    // The square was as tall as it is wide (a cell is twice as tall as wide); a 2:1 picture's
    // box is half that.
    #expect(abs(before.rect.height - ((before.rect.width - 2) / 2 + 3)) <= 2, "square: \(before)")
    let twoByOne = Self.twoByOne(width: after.rect.width)
    #expect(abs(after.rect.height - twoByOne) <= 2, "2:1: \(after)\n\(shaped)")
    // The selected box is the reader's place: it stays on the same screen row.
    #expect(after.rect.row == before.rect.row, "\(before) → \(after)\n\(shaped)")
    #expect(
      boxes.allSatisfy { abs($0.rect.height - Self.twoByOne(width: $0.rect.width)) <= 2 },
      "every box in view is 2:1:\n\(shaped)")
  }
}

extension LateSizeEndToEndTests {
  /// The binary run with `flags` over a feed without sizes of the pictures numbered
  /// `pictures` (`feed(pictures:on:)`), served at once: whether its screen settled (the same
  /// twice in a row, no `?×?` left, at least `boxes` boxes, and `done` true of it), that
  /// screen, and the paths the server was asked for.
  private static func settled(
    pictures: [Int], flags: String, boxes: Int, done: @escaping (String) -> Bool = { _ in true }
  ) async throws -> (ok: Bool, screen: String, asked: [String]) {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let gate = ResponseGate()
    gate.open()
    server.route("/feed.json", reply: .json(Self.feed(pictures: pictures, on: server)))
    try gate.servePictures(1...(pictures.max() ?? 1), on: server, latency: 0)
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 3 \(flags) '\(server.url("/feed.json"))'",
      width: 100, height: 30)
    defer { tmux.close() }
    var previous = ""
    let (ok, screen) = try await tmux.waitFor(timeout: 60) { screen in
      defer { previous = screen }
      return screen == previous
        && TmuxSession.statusLine(screen).contains("\(pictures.count) items")
        && !screen.contains("?×?") && ScreenBox.all(in: screen).count >= boxes && done(screen)
    }
    return (ok, screen, server.requests.map(\.path))
  }

  /// With pictures off the sizes are still read: the boxes are laid out with the pictures'
  /// shapes. They stayed `?×?` squares, the status line saying "cannot read a picture's size:
  /// no feed", since the size probe took its feed from the pictures' settings.
  @Test func picturesOffStillReadsTheSizes() async throws {
    let (settled, shaped, _) = try await Self.settled(
      pictures: Array(1...12), flags: "--pictures off", boxes: 3)
    #expect(settled, "\(shaped)")
    #expect(!shaped.contains("cannot read"), "\(shaped)")
    let boxes = ScreenBox.all(in: shaped)
    #expect(
      boxes.allSatisfy { abs($0.rect.height - Self.twoByOne(width: $0.rect.width)) <= 2 },
      "every box in view is 2:1:\n\(shaped)")
  }

  /// A feed without sizes that repeats its pictures (one photo in several boxes, as the
  /// built-in sample does): every box takes its shape and draws its picture. The boxes after
  /// the first of each picture asked for its size "again" in the first asking, the loader took
  /// that for a request made before, and no box of a repeated picture was ever drawn: the
  /// status line said "pictures 0 of 6" for good.
  @Test func picturesRepeatedInAFeedWithoutSizesAreAllDrawn() async throws {
    let (settled, shaped, asked) = try await Self.settled(
      pictures: [1, 2, 1, 2, 1, 2], flags: "--pictures symbols", boxes: 6
    ) { !TmuxSession.statusLine($0).contains("pictures ") }
    #expect(settled, "\(shaped)")
    let boxes = ScreenBox.all(in: shaped)
    #expect(
      boxes.allSatisfy { abs($0.rect.height - Self.twoByOne(width: $0.rect.width)) <= 2 },
      "every box is 2:1:\n\(shaped)")
    let pictures = asked.filter { $0.hasPrefix("/p/") }
    #expect(Set(pictures) == ["/p/1.png", "/p/2.png"], "\(asked)")
  }
}
