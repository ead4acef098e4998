import FeedModel
import FoundationEssentials

/// What was seen of each followed feed on the visits before this one, so that `cascade` can
/// mark and count what is new: `$XDG_STATE_HOME/cascade/seen.json` (else
/// `~/.local/state/cascade/seen.json`), written atomically, 0600 (`PrivateFile`), and changed
/// only under a lock on `seen.json.lock` (`change(at:_:)`): of two browsers that open or quit
/// together, the second reads what the first wrote, and neither's items are lost.
///
/// Nothing in it can be read back into an address, a title or an id: a feed is kept under the
/// hash of its masked address, an item under the hash of its identity (`StableHash`). It is
/// bounded: the last `itemsPerFeed` items of a feed and the `feedCount` feeds read last.
struct SeenItems: Codable, Equatable {
  /// One feed's record: when it was last read and the items seen in it, oldest first.
  ///
  /// On disk the items are one string of 16 hexadecimal digits each: a few hundred feeds of
  /// 2,000 items are read and written in a blink, where as JSON numbers they cost a JSON
  /// decoder seconds at every launch.
  struct Record: Codable, Equatable {
    /// Seconds since 1970.
    var lastRead: Double
    var items: [UInt64]

    init(lastRead: Double, items: [UInt64]) {
      self.lastRead = lastRead
      self.items = items
    }

    private enum CodingKeys: String, CodingKey { case lastRead, items }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      lastRead = try container.decode(Double.self, forKey: .lastRead)
      let text = try container.decode(String.self, forKey: .items)
      guard let items = Self.items(hex: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: container, debugDescription: "not 16 hexadecimal digits an item")
      }
      self.items = items
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(lastRead, forKey: .lastRead)
      try container.encode(Self.hex(items), forKey: .items)
    }

    /// `items` as 16 lower-case hexadecimal digits each, no separator.
    static func hex(_ items: [UInt64]) -> String {
      let digits = Array("0123456789abcdef".utf8)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(items.count * 16)
      for item in items {
        for shift in stride(from: 60, through: 0, by: -4) {
          bytes.append(digits[Int((item >> UInt64(shift)) & 0xf)])
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The items of `text` (`hex(_:)`); nil when it is not a whole number of them.
    static func items(hex text: String) -> [UInt64]? {
      var items: [UInt64] = []
      var value: UInt64 = 0
      var count = 0
      for byte in text.utf8 {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        default: return nil
        }
        value = value << 4 | UInt64(digit)
        count += 1
        if count == 16 {
          items.append(value)
          (value, count) = (0, 0)
        }
      }
      return count == 0 ? items : nil
    }
  }

  static let itemsPerFeed = 2_000
  static let feedCount = 500

  /// The records, by the hash of the feed's masked address in hexadecimal.
  var feeds: [String: Record] = [:]

  /// What a visit found: the items first seen on it and, for each feed, how many and when it
  /// was read last (this visit when it could be read, else the visit before, if any).
  struct Visit: Equatable {
    struct Feed: Equatable {
      var name: String
      var newCount: Int
      var lastRead: Double?
      var error: String?
    }
    var newItems: Set<UInt64> = []
    var feeds: [Feed] = []
    var newCount: Int { feeds.reduce(0) { $0 + $1.newCount } }
  }

  /// The key a feed is kept under.
  static func key(of source: String) -> String {
    String(StableHash.of(URLSecrets.masked(source)), radix: 16)
  }

  /// Records a visit at `now` that read `outcomes`, and says what is new in it. A feed read
  /// for the first time has nothing new: there was no visit to be new since, and a feed
  /// just followed whose fifty items all said `new` would say nothing. A feed that could not
  /// be read keeps its record as it was.
  mutating func visit(_ outcomes: [FeedOutcome], at now: Double) -> Visit {
    var visit = Visit()
    for outcome in outcomes {
      let key = Self.key(of: outcome.source)
      let before = feeds[key]
      guard outcome.error == nil else {
        visit.feeds.append(
          Visit.Feed(
            name: outcome.name, newCount: 0, lastRead: before?.lastRead, error: outcome.error))
        continue
      }
      let current = Set(outcome.items)
      var new: Set<UInt64> = []
      if let before {
        new = current.subtracting(before.items)
        visit.newItems.formUnion(new)
      }
      var kept = (before?.items ?? []).filter { !current.contains($0) }
      var added: Set<UInt64> = []
      for item in outcome.items where added.insert(item).inserted { kept.append(item) }
      feeds[key] = Record(lastRead: now, items: Array(kept.suffix(Self.itemsPerFeed)))
      visit.feeds.append(Visit.Feed(name: outcome.name, newCount: new.count, lastRead: now))
    }
    if feeds.count > Self.feedCount {
      let oldest = feeds.sorted { $0.value.lastRead > $1.value.lastRead }.dropFirst(Self.feedCount)
      for (key, _) in oldest { feeds[key] = nil }
    }
    return visit
  }

  /// Adds `items` to what was seen of the feed `source`, as the newest, when it has a record
  /// (the visit's first load made one for every feed it could read); a feed without one gets
  /// one, read at `readAt`, when that is given: a followed feed first read late in the visit
  /// (past the opening's patience, or by a refresh after it failed).
  mutating func add(_ items: [UInt64], to source: String, readAt: Double? = nil) {
    let key = Self.key(of: source)
    guard var record = feeds[key] ?? readAt.map({ Record(lastRead: $0, items: []) }) else {
      return
    }
    let known = Set(record.items)
    record.items += items.filter { !known.contains($0) }
    record.items = Array(record.items.suffix(Self.itemsPerFeed))
    feeds[key] = record
  }

  /// `$XDG_STATE_HOME/cascade/seen.json`, else `~/.local/state/cascade/seen.json`: beside
  /// the recent feeds (`RecentFeeds.path`), nil where they are nowhere.
  static func path(environment: [String: String]) -> URL? {
    RecentFeeds.path(environment: environment)?.deletingLastPathComponent()
      .appendingPathComponent("seen.json")
  }

  /// The records at `url`; none when there is no file or it cannot be read (what is new is
  /// then counted from this visit on, which loses nothing a person keeps).
  static func load(from url: URL) -> SeenItems {
    guard let data = try? Data(contentsOf: url),
      let seen = try? JSONDecoder().decode(SeenItems.self, from: data)
    else { return SeenItems() }
    return seen
  }

  /// Reads the records at `url`, changes them and writes them back, all under the file's
  /// lock: what another browser wrote meanwhile is read, not written over.
  static func change<T>(
    at url: URL, _ body: (inout SeenItems) -> T
  ) throws(PrivateFile.SaveError) -> T {
    try PrivateFile.withLock(on: url) { () throws(PrivateFile.SaveError) -> T in
      var seen = load(from: url)
      let result = body(&seen)
      try seen.save(to: url)
      return result
    }
  }

  /// Writes the records atomically, 0600.
  func save(to url: URL) throws(PrivateFile.SaveError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(self) else {
      throw PrivateFile.SaveError(step: "cannot encode what was seen", code: nil)
    }
    try PrivateFile.write(data, to: url)
  }
}
