import Foundation

/// A photograph of a virtual X display, as RGB pixels, and the measures the real-terminal tests
/// judge it by.
struct Screenshot: Sendable {
  let width: Int
  let height: Int
  /// Three bytes a pixel, row after row.
  let pixels: [UInt8]

  /// An RGB colour; `distance` is the largest difference of one channel.
  struct Colour: Equatable, CustomStringConvertible {
    var red: Double
    var green: Double
    var blue: Double

    func distance(to other: Colour) -> Double {
      max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    var description: String { "(\(Int(red)), \(Int(green)), \(Int(blue)))" }
  }

  /// Reads a binary PPM (`P6`, at most 255 a channel), as `convert xwd:- ppm:-` writes it.
  init?(ppm bytes: [UInt8]) {
    // The header: magic, width, height, maximum, each after white space or a comment, then
    // one white-space byte before the pixels.
    var index = 0
    func field() -> String? {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else if Self.isSpace(bytes[index]) {
          index += 1
        } else {
          break
        }
      }
      let start = index
      while index < bytes.count && !Self.isSpace(bytes[index]) { index += 1 }
      return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }
    guard field() == "P6", let width = field().flatMap({ Int($0) }),
      let height = field().flatMap({ Int($0) }), let maximum = field().flatMap({ Int($0) }),
      width > 0, height > 0, maximum == 255, index < bytes.count
    else { return nil }
    index += 1
    let count = width * height * 3
    guard bytes.count - index >= count else { return nil }
    self.width = width
    self.height = height
    pixels = Array(bytes[index..<(index + count)])
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The mean colour of the pixels within `radius` of (`x`, `y`) that lie on the screen.
  func average(x: Int, y: Int, radius: Int) -> Colour {
    var sums = (0, 0, 0)
    var count = 0
    for py in max(0, y - radius)...min(height - 1, y + radius) {
      for px in max(0, x - radius)...min(width - 1, x + radius) {
        let offset = (py * width + px) * 3
        sums.0 += Int(pixels[offset])
        sums.1 += Int(pixels[offset + 1])
        sums.2 += Int(pixels[offset + 2])
        count += 1
      }
    }
    let n = Double(max(count, 1))
    return Colour(red: Double(sums.0) / n, green: Double(sums.1) / n, blue: Double(sums.2) / n)
  }

  /// The smallest rectangle (inclusive bounds) around the pixels of the given rectangle whose
  /// colour is more than `distance` from `colour`; nil when there are none.
  func bounds(
    x: Int, y: Int, width w: Int, height h: Int, notNear colour: Colour, by distance: Double
  )
    -> (minX: Int, minY: Int, maxX: Int, maxY: Int)?
  {
    var found: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for py in max(0, y)..<min(height, y + h) {
      for px in max(0, x)..<min(width, x + w) {
        let offset = (py * width + px) * 3
        let pixel = Colour(
          red: Double(pixels[offset]), green: Double(pixels[offset + 1]),
          blue: Double(pixels[offset + 2]))
        guard pixel.distance(to: colour) > distance else { continue }
        if let old = found {
          found = (min(old.minX, px), min(old.minY, py), max(old.maxX, px), max(old.maxY, py))
        } else {
          found = (px, py, px, py)
        }
      }
    }
    return found
  }

  /// Writes the screenshot as a PPM file (any viewer, or `convert`, reads it) and returns its
  /// path, for a failing test to point at.
  func save(named name: String) -> String {
    let path = "/tmp/cascade-\(name).ppm"
    var data = Data("P6\n\(width) \(height)\n255\n".utf8)
    data.append(contentsOf: pixels)
    try? data.write(to: URL(fileURLWithPath: path))
    return path
  }
}
