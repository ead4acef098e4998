import Foundation

/// A small feed file whose items have http image URLs and links, for tests of what the browser
/// does with them (`o`, `y`), independent of the sample feed's relative picture paths.
struct WebFeedFile {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "cascade-e2e-web-\(getpid())-\(UUID().uuidString).json"
      ).path
    let items = (1...3).map { i in
      #"{"img":"https://example.com/pictures/\#(i).jpg","link":"https://example.com/\#(i)","width":100,"height":120,"title":"web \#(i)"}"#
    }
    try #"{"data":[\#(items.joined(separator: ","))]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
