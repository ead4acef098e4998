import Foundation
import Testing

@testable import FeedModel
@testable import TestSupport

/// BlurHash against `python3-blurhash` (Debian's package of the reference C decoder): the same
/// hashes read, the same pixels drawn from them.
///
/// The C decoder computes in `float` and Cascade in `Double`, so a channel may differ by one
/// where a value sits on a rounding edge; never by more. Cascade is stricter about what it takes
/// (see `BlurHash`): the C decoder accepts a hash whose maximum-value digit is outside the
/// alphabet, an average colour past 24 bits or a component past 19³, which no encoder writes;
/// every other hash the two must take or refuse alike.
@Suite struct BlurHashDifferentialTests {
  static let script = #"""
    import sys, blurhash
    for line in sys.stdin:
        text, width, height = line.rstrip("\n").split("\t")
        try:
            image = blurhash.decode(text, int(width), int(height))
        except Exception:
            print("ERR")
            continue
        print(image.tobytes().hex())
    """#

  static let alphabet = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

  static func base83(_ value: Int, digits: Int) -> String {
    var value = value
    var out: [Character] = []
    for _ in 0..<digits {
      out.append(alphabet[value % 83])
      value /= 83
    }
    return String(out.reversed())
  }

  /// A hash an encoder could write: `x` × `y` components with random values in range.
  static func valid(using random: inout SplitMix64) -> String {
    let (x, y) = (Int(random.next() % 9) + 1, Int(random.next() % 9) + 1)
    var text = base83((x - 1) + (y - 1) * 9, digits: 1) + base83(Int(random.next() % 83), digits: 1)
    text += base83(Int(random.next() % 0x100_0000), digits: 4)
    for _ in 1..<(x * y) { text += base83(Int(random.next() % 6859), digits: 2) }
    return text
  }

  /// A valid hash with one character changed (now and then to one outside the alphabet), one
  /// added or one taken away.
  static func broken(using random: inout SplitMix64) -> String {
    var characters = Array(valid(using: &random))
    let position = Int(random.next() % UInt64(characters.count))
    let foreign: [Character] = [" ", "!", "\"", "'", "/", "\\", "é"]
    let replacement =
      random.next() % 3 == 0
      ? foreign[Int(random.next() % UInt64(foreign.count))]
      : alphabet[Int(random.next() % 83)]
    switch random.next() % 3 {
    case 0: characters[position] = replacement
    case 1: characters.insert(replacement, at: position)
    default: characters.remove(at: position)
    }
    return String(characters)
  }

  /// Why the C decoder takes a hash Cascade refuses, if it is one of the documented reasons.
  static func strictness(_ text: String) -> String? {
    let characters = Array(text)
    guard characters.count >= 6, let flag = alphabet.firstIndex(of: characters[0]) else {
      return nil
    }
    if !alphabet.contains(characters[1]) { return "maximum-value digit outside the alphabet" }
    func value(_ range: Range<Int>) -> Int? {
      var value = 0
      for character in characters[range] {
        guard let digit = alphabet.firstIndex(of: character) else { return nil }
        value = value * 83 + digit
      }
      return value
    }
    if let average = value(2..<6), average > 0xFF_FFFF { return "average past 24 bits" }
    let count = (flag % 9 + 1) * (flag / 9 + 1)
    for component in 1..<count where (value((4 + 2 * component)..<(6 + 2 * component)) ?? 0) >= 6859
    {
      return "component past 19³"
    }
    return nil
  }

  @Test func decoderAgreesWithTheReferenceDecoder() async throws {
    var random = SplitMix64(seed: 20_261_204)
    let sizes = [(32, 32), (7, 5), (1, 1), (32, 3)]
    var cases: [(text: String, width: Int, height: Int)] = []
    for index in 0..<1200 {
      let text = index % 3 == 0 ? Self.broken(using: &random) : Self.valid(using: &random)
      let (width, height) = sizes[index % sizes.count]
      cases.append((text, width, height))
    }
    let input = cases.map { "\($0.text)\t\($0.width)\t\($0.height)\n" }.joined()
    let output = try await OffPool.run { try Python.run(Self.script, input: Data(input.utf8)) }
    let answers = String(decoding: output, as: UTF8.self).split(separator: "\n")
    try #require(answers.count == cases.count)
    var (decoded, refused, offByOne, compared) = (0, 0, 0, 0)
    for (item, python) in zip(cases, answers) {
      let hash = BlurHash(item.text)
      if python == "ERR" {
        refused += 1
        #expect(hash == nil, "\(item.text): the reference refuses it, Cascade takes it")
        continue
      }
      guard let hash else {
        #expect(
          Self.strictness(item.text) != nil,
          "\(item.text): the reference takes it, Cascade refuses it for no documented reason")
        continue
      }
      decoded += 1
      let pixels = hash.pixels(width: item.width, height: item.height)
      let reference = python.hexBytes
      try #require(reference.count == pixels.count, "\(item.text)")
      for (mine, theirs) in zip(pixels, reference) {
        compared += 1
        let difference = abs(Int(mine) - Int(theirs))
        #expect(difference <= 1, "\(item.text) \(item.width)×\(item.height)")
        if difference == 1 { offByOne += 1 }
      }
    }
    // Both kinds of answer were exercised, and rounding edges stay rare.
    #expect(decoded > 700 && refused > 100, "\(decoded) decoded, \(refused) refused")
    #expect(offByOne * 100 < compared, "\(offByOne) of \(compared) channels off by one")
  }
}

extension Substring {
  /// The bytes of a string of hex digits.
  fileprivate var hexBytes: [UInt8] {
    var bytes: [UInt8] = []
    var index = startIndex
    while index < endIndex, let next = self.index(index, offsetBy: 2, limitedBy: endIndex) {
      bytes.append(UInt8(self[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }
}
