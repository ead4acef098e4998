import FeedModel
import TestSupport
import Testing

@testable import FeedKit

/// The items a session holds and a batch after them.
private struct Items: IdentitySource {
  let kept: [FeedItem]
  let batch: [FeedItem]

  func withIdentity<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    (position < kept.count ? kept[position] : batch[position - kept.count]).withIdentityUTF8(body)
  }
}

/// A session's use of the table, with a `Set<String>` beside it as the reference: batches
/// (pages) of items are inserted at the positions they would take, the left-out ones closed up.
private struct Session {
  var table: IdentityTable
  var items: [FeedItem] = []
  /// Whether batches go in one `insert` at a time, or in one `insert(from:count:identities:)`.
  var oneByOne: Bool

  init(hash: @escaping IdentityTable.HashFunction, oneByOne: Bool = false) {
    table = IdentityTable(hash: hash)
    self.oneByOne = oneByOne
  }

  /// The batch's items the table let in.
  mutating func add(_ batch: [FeedItem]) -> [FeedItem] {
    let base = items.count
    let identities = Items(kept: items, batch: batch)
    let dropped: [Int]
    if oneByOne {
      var left: [Int] = []
      for i in batch.indices where !table.insert(base + i, identities: identities) {
        left.append(i)
      }
      dropped = left
    } else {
      dropped = table.insert(from: base, count: batch.count, identities: identities)
    }
    table.closeGaps(after: base, dropped: dropped)
    let fresh = batch.indices.filter { !dropped.contains($0) }.map { batch[$0] }
    items += fresh
    return fresh
  }
}

private func item(_ identity: String, byID: Bool = false) -> FeedItem {
  byID
    ? FeedItem(imageURL: "same.jpg", width: 1, height: 1, id: identity)
    : FeedItem(imageURL: identity, width: 1, height: 1)
}

@Suite struct IdentityTableTests {
  static let hashes: [(String, IdentityTable.HashFunction)] = [
    ("standard", IdentityTable.standardHash),
    ("all collide", { _ in 0 }),
    ("by length", { $0.count }),
  ]

  @Test func duplicatesAreDroppedAndCollisionsKept() {
    for (name, hash) in Self.hashes {
      var session = Session(hash: hash)
      let fresh = session.add(["a", "b", "a", "c", "b", "ab", "ba"].map { item($0) })
      #expect(fresh.map(\.identity) == ["a", "b", "c", "ab", "ba"], "\(name)")
      #expect(session.table.count == 5, "\(name)")
    }
  }

  @Test func batchesDropWhatEarlierBatchesHold() {
    for (name, hash) in Self.hashes {
      var session = Session(hash: hash)
      _ = session.add(["a", "x", "a", "y", "x", "z"].map { item($0) })
      // Positions after the closed gaps must name the right items: "y" and "z" moved up.
      let second = session.add(["z", "new", "y", "a", "new"].map { item($0) })
      #expect(second.map(\.identity) == ["new"], "\(name)")
    }
  }

  @Test func idsAndURLsAreOneIdentitySpace() {
    var session = Session(hash: IdentityTable.standardHash)
    // An id equal to another item's URL is the same identity; the URL of an item with an id
    // is not its identity.
    let fresh = session.add([item("k", byID: true), item("k"), item("same.jpg")])
    #expect(fresh.map(\.identity) == ["k", "same.jpg"])
  }

  @Test func canonicallyEquivalentIdentitiesAreDuplicatesAsStringsAre() {
    var session = Session(hash: IdentityTable.standardHash)
    let fresh = session.add([item("\u{212A}"), item("K"), item("caf\u{E9}"), item("cafe\u{301}")])
    #expect(fresh.map(\.imageURL) == ["\u{212A}", "caf\u{E9}"])
  }

  /// `hashText` hashes ASCII without making a `String`; it must still agree with `String`, or
  /// an ASCII identity and a canonically equivalent non-ASCII one would land apart.
  @Test(arguments: ["", "K", "a;b`c", "https://images.example.com/feed/123456.jpg"])
  func asciiTextsHashAsStringsDo(_ text: String) {
    var bytes = text
    let hashed = bytes.withUTF8 { IdentityTable.standardHash($0) }
    var hasher = Hasher()
    hasher.combine(text)
    #expect(hashed == hasher.finalize())
  }

  @Test func randomBatchesMatchASetOfStrings() {
    for (name, hash) in Self.hashes {
      for seed in UInt64(0)..<20 {
        var random = SplitMix64(seed: seed)
        var session = Session(hash: hash, oneByOne: seed % 2 == 0)
        var reference: Set<String> = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          let batch = (0..<Int.random(in: 0...300, using: &random)).map { _ in
            item(
              String(Int.random(in: 0..<400, using: &random), radix: 7),
              byID: Bool.random(using: &random))
          }
          let expected = batch.filter { reference.insert($0.identity).inserted }
          let got = session.add(batch)
          guard got == expected else {
            Issue.record(
              "hash \(name), seed \(seed): \(got.count) kept, \(expected.count) expected")
            return
          }
        }
        #expect(session.table.count == reference.count, "hash \(name), seed \(seed)")
      }
    }
  }

  /// A table sized for what is coming holds it at most three quarters full in about as many
  /// slots as that needs, not the next power of two (a third of its memory at a million).
  @Test func aReservedTableHasTheSlotsItNeeds() {
    for total in [1, 100, 1_000, 12_345, 1_000_000] {
      var table = IdentityTable()
      table.reserve(total)
      #expect(table.capacity * 3 >= total * 4, "\(total)")
      #expect(table.capacity <= max(16, total * 4 / 3 + 2), "\(total)")
    }
  }

  /// Tables of sizes that are not powers of two, reserved short of what comes (so they grow
  /// while batches arrive, from any size), with every hash: the same items as a set keeps.
  @Test func reservedTablesOfAnySizeMatchASetOfStrings() {
    for (name, hash) in Self.hashes {
      for reserved in [0, 1, 17, 100, 333] {
        var session = Session(hash: hash)
        session.table.reserve(reserved)
        var reference: Set<String> = []
        var random = SplitMix64(seed: UInt64(reserved))
        for _ in 0..<4 {
          let batch = (0..<Int.random(in: 50...400, using: &random)).map { _ in
            item(String(Int.random(in: 0..<900, using: &random), radix: 5))
          }
          let expected = batch.filter { reference.insert($0.identity).inserted }
          #expect(session.add(batch) == expected, "hash \(name), reserved \(reserved)")
        }
        #expect(session.table.count == reference.count, "hash \(name), reserved \(reserved)")
        #expect(session.table.capacity * 3 >= reference.count * 4)
      }
    }
  }
}
