import Foundation
import LayoutEngine

/// What `cascade layout` prints, decoded back for the tests to compare with the engine.
struct PrintedLayout: Decodable, Equatable {
  struct Size: Decodable, Equatable {
    var width: Double
    var height: Double
  }

  struct Item: Decodable, Equatable {
    var index: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var span: Int?
    var scale: Double?

    var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
  }

  var contentSize: Size
  var items: [Item]

  init(contentSize: Size, items: [Item]) {
    self.contentSize = contentSize
    self.items = items
  }

  init(_ result: CascadeProcess.Result) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(result.stdout.utf8))
  }
}
