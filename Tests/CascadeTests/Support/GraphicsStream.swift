/// What a terminal would make of Cascade's output, as far as pictures go: kitty graphics
/// commands (unwrapped from tmux's passthrough), placeholder cells with the image id their
/// foreground colour names, sixel strings and iTerm2 files, in the order written.
struct GraphicsStream {
  enum Event: Equatable {
    /// A kitty command's keys, and its payload's length.
    case kitty(keys: [String: String], payloadBytes: Int)
    /// A placeholder cell; `id` is the low byte of the image id from the foreground colour, and
    /// `marks` the combining marks after it.
    case placeholder(id: Int?, marks: [Unicode.Scalar])
    case sixel
    case itermFile
  }

  var events: [Event] = []

  init(_ bytes: [UInt8]) {
    let bytes = Self.unwrapTmux(bytes)
    var foreground: Int?
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x1B, i + 1 < bytes.count {
        let kind = bytes[i + 1]
        if kind == UInt8(ascii: "[") {
          var j = i + 2
          while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
          if j < bytes.count, bytes[j] == UInt8(ascii: "m") {
            foreground = Self.foreground(
              after: String(decoding: bytes[(i + 2)..<j], as: UTF8.self), current: foreground)
          }
          i = j + 1
          continue
        }
        if kind == UInt8(ascii: "_") || kind == UInt8(ascii: "P") || kind == UInt8(ascii: "]") {
          var j = i + 2
          while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")),
            !(kind == UInt8(ascii: "]") && bytes[j] == 0x07)
          {
            j += 1
          }
          let body = String(decoding: bytes[(i + 2)..<min(j, bytes.count)], as: UTF8.self)
          if kind == UInt8(ascii: "_"), body.hasPrefix("G") {
            let parts = body.dropFirst().split(
              separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
              let kv = pair.split(separator: "=", maxSplits: 1)
              if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            events.append(
              .kitty(keys: keys, payloadBytes: parts.count > 1 ? parts[1].utf8.count : 0))
          } else if kind == UInt8(ascii: "P"), body.contains("q") {
            events.append(.sixel)
          } else if kind == UInt8(ascii: "]"), body.hasPrefix("1337;File=") {
            events.append(.itermFile)
          }
          i = j + (kind == UInt8(ascii: "]") && j < bytes.count && bytes[j] == 0x07 ? 1 : 2)
          continue
        }
        i += 2
        continue
      }
      // A placeholder in UTF-8: F4 8E BB AE.
      if byte == 0xF4, i + 3 < bytes.count,
        bytes[(i + 1)...(i + 3)].elementsEqual([0x8E, 0xBB, 0xAE])
      {
        var j = i + 4
        var marks: [Unicode.Scalar] = []
        // Combining marks in the table are two-byte (U+0300–U+07FF) or three-byte sequences.
        while j < bytes.count {
          let length = bytes[j] & 0xE0 == 0xC0 ? 2 : bytes[j] & 0xF0 == 0xE0 ? 3 : 0
          guard length > 0, j + length <= bytes.count,
            let scalar = String(decoding: bytes[j..<(j + length)], as: UTF8.self).unicodeScalars
              .first,
            scalar.properties.generalCategory == .nonspacingMark
          else { break }
          marks.append(scalar)
          j += length
        }
        events.append(.placeholder(id: foreground, marks: marks))
        i = j
        continue
      }
      i += 1
    }
  }

  /// The kitty transmissions' first chunks (`a=T`), by image id.
  var transmissions: [[String: String]] {
    events.compactMap {
      if case .kitty(let keys, _) = $0, keys["a"] == "T" { return keys }
      return nil
    }
  }

  var deletedIDs: Set<String> {
    Set(
      events.compactMap {
        if case .kitty(let keys, _) = $0, keys["a"] == "d" { return keys["i"] }
        return nil
      })
  }

  /// The low bytes of the image ids that placeholder cells name.
  var placedIDs: Set<Int> {
    Set(
      events.compactMap {
        if case .placeholder(let id, _) = $0 { return id }
        return nil
      })
  }

  /// tmux's passthrough: `ESC P tmux; … ESC \` with every inner ESC doubled.
  static func unwrapTmux(_ bytes: [UInt8]) -> [UInt8] {
    let start = Array("\u{1B}Ptmux;".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x1B, bytes[i...].starts(with: start) {
        var j = i + start.count
        while j + 1 < bytes.count {
          if bytes[j] == 0x1B, bytes[j + 1] == 0x1B {
            out.append(0x1B)
            j += 2
          } else if bytes[j] == 0x1B, bytes[j + 1] == UInt8(ascii: "\\") {
            j += 2
            break
          } else {
            out.append(bytes[j])
            j += 1
          }
        }
        i = j
        continue
      }
      out.append(bytes[i])
      i += 1
    }
    return out
  }

  /// The foreground colour index after an SGR with `parameters`.
  static func foreground(after parameters: String, current: Int?) -> Int? {
    let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    var result = current
    var k = 0
    while k < values.count {
      let v = values[k]
      switch v {
      case 0, 39: result = nil
      case 30...37: result = v - 30
      case 90...97: result = v - 90 + 8
      case 38 where k + 2 < values.count && values[k + 1] == 5:
        result = values[k + 2]
        k += 2
      case 38 where k + 4 < values.count && values[k + 1] == 2:
        result = values[k + 2] << 16 | values[k + 3] << 8 | values[k + 4]
        k += 4
      default: break
      }
      k += 1
    }
    return result
  }
}
