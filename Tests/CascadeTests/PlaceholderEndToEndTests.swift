import BrowserCore
import Foundation
import TestSupport
import Testing

/// The real browser shows a feed's placeholder colour in each box until its picture arrives.
@Suite(
  .serialized,
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed; the end-to-end tests need it"))
struct PlaceholderEndToEndTests {
  /// The cells of a `capture-pane -e` screen drawn on the 256-colour background `index`.
  static func cells(onBackground index: Int, in screen: String) -> Int {
    var count = 0
    var background: Int?
    var characters = screen.makeIterator()
    while let character = characters.next() {
      guard character == "\u{1B}" else {
        if background == index, character != "\n" { count += 1 }
        continue
      }
      guard characters.next() == "[" else { continue }
      var parameters = ""
      while let next = characters.next(), !next.isLetter { parameters.append(next) }
      let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
        Int($0) ?? 0
      }
      var i = 0
      while i < numbers.count {
        switch numbers[i] {
        case 0, 49: background = nil
        case 48 where i + 2 < numbers.count && numbers[i + 1] == 5:
          background = numbers[i + 2]
          i += 2
        case 38 where i + 2 < numbers.count && numbers[i + 1] == 5: i += 2
        default: break
        }
        i += 1
      }
    }
    return count
  }

  @Test func aPlaceholderColourFillsTheBoxesUntilThePicturesReplaceIt() async throws {
    let binary = try #require(BuiltBinary.cascade, "the cascade binary was not found").path
    let server = try TestHTTPServer()
    defer { server.stop() }
    let gate = ResponseGate()
    defer { gate.open() }
    let items = (1...12).map { i in
      ##"{"img": "\##(server.url("/p/\(i).png"))", "width": 64, "height": 32, "title": "red \##(i)", "color": "#c04040"}"##
    }
    server.route("/feed.json", reply: .json(#"{"data": ["# + items.joined(separator: ",") + "]}"))
    try gate.servePictures(1...12, on: server)
    let tmux = try TmuxSession(
      command: "'\(binary)' --columns 3 --timeout 120 '\(server.url("/feed.json"))'",
      width: 100, height: 30)
    defer { tmux.close() }
    let red = Color.rgb(0xC0, 0x40, 0x40).paletteIndex

    // While the pictures are held back, the boxes' picture areas are the feed's colour.
    let (shown, screen) = try await tmux.waitFor("12 items", timeout: 60)
    #expect(shown, "\(screen)")
    var waiting = 0
    for _ in 0..<600 where waiting < 200 {
      waiting = Self.cells(onBackground: red, in: try await tmux.captureWithColors())
      if waiting < 200 { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(waiting >= 200, "cells in the placeholder colour: \(waiting)")

    // Once the pictures arrive they take the placeholders' places.
    gate.open()
    var left = waiting
    for _ in 0..<1200 where left > 0 {
      try await Task.sleep(for: .milliseconds(50))
      left = Self.cells(onBackground: red, in: try await tmux.captureWithColors())
    }
    #expect(left == 0, "cells still in the placeholder colour: \(left)")
    let blocks = Set("▀▄▌▐█▁▂▃▅▆▇▉▊▋▍▎▏▖▗▘▝▚▞")
    let pictures = BrowserEndToEndTests.colouredBlocks(
      try await tmux.captureWithColors(), blocks: blocks)
    #expect(pictures > 100, "picture cells: \(pictures)")
  }
}
