import FeedModel

/// A cursor over the UTF-8 bytes of a JSON document that reads one token at a time.
///
/// The feed decoder walks a document with it and turns items straight into `FeedItem`s, so no
/// tree of the whole document is ever built: a million-item feed costs its items, not a
/// dictionary per item. Strings and numbers come back as `Token`s (byte ranges) and are turned
/// into Swift values only when the decoder wants them; keys are compared as bytes.
///
/// By default the reader follows RFC 8259 strictly (no comments, no trailing commas, no single
/// quotes), as a feed must be read the way every other program reads it; `Grammar.annotated`
/// also takes comments and trailing commas, for files people write by hand. Either way a
/// leading UTF-8 byte order mark is skipped, and invalid UTF-8 inside strings becomes U+FFFD,
/// as does an escaped lone surrogate.
///
/// The bytes may be a prefix of the document that grows (`StreamedBytes`): while `isComplete` is
/// false, anything that needs a byte past the end fails as an end of input at `bytes.count`,
/// never decided on the bytes at hand, so the caller can read more and try again from a `Mark`.
/// Bytes before `forgotten` may have been given back; errors still say their line and column.
struct JSONReader {
  /// A failure, with the byte offset where it happened.
  enum Failure: Error, Equatable {
    /// Not JSON; the message says what was found and what was expected.
    case syntax(offset: Int, message: String)
    /// JSON, but over one of the decoding limits.
    case limit(offset: Int, FeedLimit)
    /// Reading more of a streamed document failed (an I/O error, or the body-size limit).
    case input(FeedError)
  }

  /// A place to go back to: the cursor and the nesting depth there.
  struct Mark {
    var offset: Int
    var depth: Int
  }

  /// What the reader takes besides RFC 8259's JSON.
  enum Grammar: Equatable, Sendable {
    /// RFC 8259 and nothing else: what a feed is.
    case strict
    /// Also `//` and `/* */` comments where whitespace may go, and a comma after the last
    /// member of an object or element of a list: a config file a person annotates and edits
    /// line by line.
    case annotated
  }

  /// The kind of value that starts at the cursor.
  enum ValueKind: Equatable {
    case object, array, string, number, bool, null

    /// "a string", "an object", … for messages.
    var phrase: String {
      switch self {
      case .object: "an object"
      case .array: "a list"
      case .string: "a string"
      case .number: "a number"
      case .bool: "a boolean"
      case .null: "null"
      }
    }
  }

  /// The bytes of a string (between the quotes) or of a number.
  struct Token: Equatable {
    var start: Int
    var end: Int
    /// Whether the string holds a backslash escape, so its bytes are not its text.
    var hasEscapes: Bool

    var count: Int { end - start }
  }

  private(set) var bytes: UnsafeBufferPointer<UInt8>
  /// Whether `bytes` is the whole document, rather than the part read so far.
  private(set) var isComplete: Bool
  private(set) var offset: Int
  private(set) var depth = 0
  let maxDepth: Int
  let maxStringLength: Int
  let grammar: Grammar
  /// Bytes before this offset are no longer read (they may be gone); `forgottenPlace` is the
  /// line and column just after them.
  private(set) var forgotten = 0
  private var forgottenPlace = (line: 1, column: 1)

  /// - Parameter isComplete: false when `bytes` is the start of a document still being read; a
  ///   byte order mark must then be complete in `bytes` (three bytes read, or the whole input).
  init(
    bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool = true, maxDepth: Int = 512,
    maxStringLength: Int = .max, grammar: Grammar = .strict
  ) {
    self.bytes = bytes
    self.isComplete = isComplete
    self.maxDepth = maxDepth
    self.maxStringLength = maxStringLength
    self.grammar = grammar
    offset = bytes.starts(with: ByteOrderMark.utf8) ? ByteOrderMark.utf8.count : 0
  }

  // MARK: Streaming

  var mark: Mark { Mark(offset: offset, depth: depth) }

  mutating func restore(_ mark: Mark) {
    offset = mark.offset
    depth = mark.depth
  }

  /// More of the same document: `bytes` must start where the old bytes did and hold them all.
  mutating func grow(to bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) {
    precondition(
      bytes.baseAddress == self.bytes.baseAddress && bytes.count >= self.bytes.count,
      "JSONReader: the bytes moved or shrank")
    self.bytes = bytes
    self.isComplete = isComplete
  }

  /// Stops reading before `end` (at most the cursor), counting its lines and columns first so
  /// that `location(of:)` stays right after those bytes are given back.
  mutating func forget(upTo end: Int) {
    let end = min(end, offset)
    guard end > forgotten else { return }
    forgottenPlace = advance(forgottenPlace, over: forgotten..<end)
    forgotten = end
  }

  // MARK: Structure

  /// Skips spaces, tabs, carriage returns and newlines, and comments in the annotated grammar.
  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      case UInt8(ascii: "/") where grammar == .annotated:
        guard skipComment() else { return }
      default: return
      }
    }
  }

  /// Skips the comment at the cursor (a `/`); false, with the cursor left on the `/`, when no
  /// whole comment starts there, so that the caller reports it (`unexpected(expecting:)` says
  /// which). A comment cut off by the end of bytes still arriving is skipped to that end, to be
  /// read again with more.
  private mutating func skipComment() -> Bool {
    let start = offset
    guard start + 1 < bytes.count else {
      if !isComplete { offset = bytes.count }
      return !isComplete
    }
    var index = start + 2
    switch bytes[start + 1] {
    case UInt8(ascii: "/"):
      while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    case UInt8(ascii: "*"):
      while index + 1 < bytes.count,
        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
      {
        index += 1
      }
      guard index + 1 < bytes.count else {
        if !isComplete { offset = bytes.count }
        return !isComplete
      }
      index += 2
    default:
      return false
    }
    offset = index
    return true
  }

  /// The kind of the next value, without consuming it.
  mutating func peekKind() throws(Failure) -> ValueKind {
    skipWhitespace()
    guard offset < bytes.count else { throw endOfInput(expecting: "a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    default: throw unexpected(expecting: "a value")
    }
  }

  /// Consumes `{`; returns false (and consumes `}` too) when the object is empty.
  mutating func enterObject() throws(Failure) -> Bool {
    try enter(UInt8(ascii: "{"), closing: UInt8(ascii: "}"), what: "an object")
  }

  /// Consumes `[`; returns false (and consumes `]` too) when the list is empty.
  mutating func enterArray() throws(Failure) -> Bool {
    try enter(UInt8(ascii: "["), closing: UInt8(ascii: "]"), what: "a list")
  }

  /// Reads a key and its colon.
  mutating func readKey() throws(Failure) -> Token {
    skipWhitespace()
    guard offset < bytes.count else { throw endOfInput(expecting: "a key") }
    guard bytes[offset] == UInt8(ascii: "\"") else {
      throw unexpected(expecting: "a key in double quotes")
    }
    let key = try readString()
    try expect(UInt8(ascii: ":"), what: "':' after the key")
    return key
  }

  /// Consumes a key and its colon when the next bytes, after whitespace, are exactly `text` (the
  /// bytes from a key's opening quote to its colon, as an earlier key was read); otherwise
  /// consumes only the whitespace and returns false. Bytes the grammar allowed once are a key
  /// it allows again, with the same meaning, so nothing is checked twice.
  mutating func skipRepeatedKey(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    skipWhitespace()
    guard let base = bytes.baseAddress, let expected = text.baseAddress, !text.isEmpty,
      text.count <= bytes.count - offset
    else { return false }
    // Eight bytes a step, inline: a key and its colon are a few bytes, and a call to `memcmp`
    // for them cost more than the compare.
    let here = UnsafeRawPointer(base + offset)
    let there = UnsafeRawPointer(expected)
    var i = 0
    while i &+ 8 <= text.count {
      guard
        here.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          == there.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      else { return false }
      i &+= 8
    }
    while i < text.count {
      guard base[offset &+ i] == expected[i] else { return false }
      i &+= 1
    }
    offset += text.count
    return true
  }

  /// After an object member: consumes `,` and returns true, or consumes `}` and returns false.
  mutating func objectHasMore() throws(Failure) -> Bool {
    try hasMore(closing: UInt8(ascii: "}"), what: "',' or '}' after a member of an object")
  }

  /// After a list element: consumes `,` and returns true, or consumes `]` and returns false.
  mutating func arrayHasMore() throws(Failure) -> Bool {
    try hasMore(closing: UInt8(ascii: "]"), what: "',' or ']' after an element of a list")
  }

  /// Checks that only whitespace follows the top-level value.
  mutating func expectEnd() throws(Failure) {
    skipWhitespace()
    if offset < bytes.count { throw unexpected(expecting: "the end of the document") }
    if !isComplete { throw endOfInput(expecting: "the end of the document") }
  }

  /// Reads and discards one value of any kind, checking its syntax.
  ///
  /// A loop with a stack of open containers, not recursion: `--max-depth` may allow a document
  /// nested 100,000 deep, and one stack frame per level would overflow the thread's stack.
  mutating func skipValue() throws(Failure) {
    // Whether each open container is an object (true) or a list (false), innermost last.
    var open: [Bool] = []
    while true {
      switch try peekKind() {
      case .object:
        if try enterObject() {
          open.append(true)
          _ = try readKey()
          continue
        }
      case .array:
        if try enterArray() {
          open.append(false)
          continue
        }
      case .string: _ = try readString()
      case .number: _ = try readNumber()
      case .bool, .null: _ = try readLiteral()
      }
      // A value is complete: close every container that ends here, then read the next member.
      while let isObject = open.last {
        if isObject {
          if try objectHasMore() {
            _ = try readKey()
            break
          }
        } else if try arrayHasMore() {
          break
        }
        open.removeLast()
      }
      if open.isEmpty { return }
    }
  }

  // MARK: Scalars

  /// Reads `true`, `false` or `null`; returns the boolean (false for null).
  mutating func readLiteral() throws(Failure) -> Bool {
    skipWhitespace()
    let (word, value): (StaticString, Bool)
    switch offset < bytes.count ? bytes[offset] : 0 {
    case UInt8(ascii: "t"): (word, value) = ("true", true)
    case UInt8(ascii: "f"): (word, value) = ("false", false)
    default: (word, value) = ("null", false)
    }
    let literal = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard offset + literal.count <= bytes.count,
      bytes[offset..<offset + literal.count].elementsEqual(literal)
    else {
      // `tr` at the very end is a cut-short `true`, not a typo.
      if literal.starts(with: bytes[offset...]) { throw endOfInput(expecting: "\(word)") }
      throw unexpected(expecting: "true, false or null")
    }
    offset += literal.count
    return value
  }

  /// Reads a string starting at the cursor's quote; returns the bytes between the quotes.
  mutating func readString() throws(Failure) -> Token {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw unexpected(expecting: "a string")
    }
    let start = offset + 1
    var index = start
    var hasEscapes = false
    while true {
      index = Self.skipPlainStringBytes(bytes, from: index)
      guard index < bytes.count else {
        offset = index
        throw endOfInput(expecting: "the end of a string")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        index = try checkEscape(at: index)
        continue
      }
      if byte < 0x20 {
        offset = index
        throw .syntax(
          offset: index,
          message: "control character \(hex(byte)) inside a string (write it as \\u00\(hex2(byte)))"
        )
      }
      index += 1
    }
    if index - start > maxStringLength {
      throw .limit(offset: start - 1, .stringLength(maxStringLength))
    }
    offset = index + 1
    return Token(start: start, end: index, hasEscapes: hasEscapes)
  }

  /// The position of the first quote, backslash or control character from `index` on, or of
  /// the last few bytes (fewer than 8) when there is none before them: the bytes a string's
  /// loop would only step over are skipped.
  ///
  /// Eight bytes a step, with the bit tricks for "a byte is zero" and "a byte is below n" on a
  /// 64-bit word: image
  /// URLs and titles are most of a feed's bytes, and a byte at a time with three comparisons
  /// each was a tenth of decoding.
  @inline(__always)
  private static func skipPlainStringBytes(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int)
    -> Int
  {
    guard let base = bytes.baseAddress else { return index }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = index
    while index &+ 8 <= bytes.count {
      // Byte k of the text in bits 8k..<8k+8 whatever the machine's byte order.
      let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let special =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        | ((word &- ones &* 0x20) & ~word)
      // A borrow can mark bytes after the first special one, never before it: the lowest mark
      // is the first special byte.
      let marks = special & highs
      if marks != 0 { return index &+ marks.trailingZeroBitCount / 8 }
      index &+= 8
    }
    return index
  }

  /// Reads a number, checking RFC 8259's grammar (no `+`, no leading zeros, no `.5`, no hex).
  mutating func readNumber() throws(Failure) -> Token {
    skipWhitespace()
    let start = offset
    if peek(UInt8(ascii: "-")) { offset += 1 }
    if peek(UInt8(ascii: "0")) {
      offset += 1
      // `04` would otherwise fail at its `4`, after a number `0`, which misleads.
      if offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
        _ = skipDigits()
        // The rest of the digits may be in bytes not read yet: the error quotes them all, as
        // the same document read whole does.
        if offset == bytes.count, !isComplete {
          offset = start
          throw endOfInput(expecting: "the rest of a number")
        }
        let written = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        offset = start
        throw .syntax(
          offset: start, message: "'\(written)' is not a number: JSON writes no leading zeros")
      }
    } else if !skipDigits() {
      throw unexpected(expecting: "a digit")
    }
    if peek(UInt8(ascii: ".")) {
      offset += 1
      guard skipDigits() else { throw unexpected(expecting: "a digit after '.'") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      offset += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
      guard skipDigits() else { throw unexpected(expecting: "a digit in the exponent") }
    }
    // More digits may follow in bytes not read yet.
    if offset == bytes.count, !isComplete { throw endOfInput(expecting: "the rest of a number") }
    return Token(start: start, end: offset, hasEscapes: false)
  }

  // MARK: Errors

  /// `line 3, column 14` for a byte offset; columns count characters, not bytes.
  func location(of offset: Int) -> String {
    let place = place(of: offset)
    return "line \(place.line), column \(place.column)"
  }

  /// The line and column of a byte offset, each counted from 1; columns count characters.
  func place(of offset: Int) -> (line: Int, column: Int) {
    advance(forgottenPlace, over: forgotten..<max(forgotten, min(offset, bytes.count)))
  }

  /// The line and column after `range`, starting from `place` at its start.
  ///
  /// Runs over every byte of a streamed document once, so it counts instead of walking: the
  /// newlines, then the characters after the last of them, each in a loop without a branch per
  /// byte, which the compiler runs many bytes at a time.
  private func advance(_ place: (line: Int, column: Int), over range: Range<Int>) -> (
    line: Int, column: Int
  ) {
    var (line, column) = place
    guard let base = bytes.baseAddress, !range.isEmpty else { return place }
    var tail = range.upperBound
    while tail > range.lowerBound, base[tail - 1] != 0x0A { tail -= 1 }
    if tail > range.lowerBound {
      // In blocks of 255 with a byte-wide sum, which the compiler adds 16 or 32 lanes at once;
      // "is a newline" as arithmetic (x ^ 0x0A is 0 just for a newline, and 0 − 1 is the only
      // value to reach the top bit), since a comparison here compiles to a branch per byte.
      var index = range.lowerBound
      while index < tail {
        let count = min(tail - index, 255)
        let block = base + index
        var newlines: UInt8 = 0
        for i in 0..<count {
          newlines &+= UInt8(truncatingIfNeeded: (UInt16(block[i] ^ 0x0A) &- 1) >> 15)
        }
        line += Int(newlines)
        index += count
      }
      column = 1
    }
    // A character starts at every byte that is not a UTF-8 continuation byte.
    var characters = 0
    for index in tail..<range.upperBound { characters &+= base[index] & 0xC0 != 0x80 ? 1 : 0 }
    return (line, column + characters)
  }

  private func endOfInput(expecting what: String) -> Failure {
    .syntax(offset: bytes.count, message: "unexpected end of input, expected \(what)")
  }

  private func unexpected(expecting what: String) -> Failure {
    guard offset < bytes.count else { return endOfInput(expecting: what) }
    let byte = bytes[offset]
    // `skipWhitespace` stopped at a `/` that starts no whole comment.
    if grammar == .annotated, byte == UInt8(ascii: "/") {
      let opensBlock = offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*")
      return .syntax(
        offset: offset,
        message: opensBlock
          ? "a comment '/*' is not closed with '*/'"
          : "unexpected '/', expected \(what) (a comment starts with // or /*)")
    }
    let found =
      (0x21...0x7E).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(hex(byte))"
    return .syntax(offset: offset, message: "unexpected \(found), expected \(what)")
  }

  // MARK: Helpers

  private mutating func enter(_ opening: UInt8, closing: UInt8, what: String) throws(Failure)
    -> Bool
  {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == opening else { throw unexpected(expecting: what) }
    guard depth < maxDepth else { throw .limit(offset: offset, .nestingDepth(maxDepth)) }
    offset += 1
    depth += 1
    skipWhitespace()
    // Whether the container is empty is not known until its next byte is read.
    if offset == bytes.count, !isComplete { throw endOfInput(expecting: "\(what)'s contents") }
    if peek(closing) {
      offset += 1
      depth -= 1
      return false
    }
    return true
  }

  private mutating func hasMore(closing: UInt8, what: String) throws(Failure) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw endOfInput(expecting: what) }
    switch bytes[offset] {
    case UInt8(ascii: ","):
      offset += 1
      guard grammar == .annotated else { return true }
      // A trailing comma: the container may end after it.
      skipWhitespace()
      if offset == bytes.count, !isComplete { throw endOfInput(expecting: what) }
      guard peek(closing) else { return true }
      offset += 1
      depth -= 1
      return false
    case closing:
      offset += 1
      depth -= 1
      return false
    default:
      throw unexpected(expecting: what)
    }
  }

  private mutating func expect(_ byte: UInt8, what: String) throws(Failure) {
    skipWhitespace()
    guard peek(byte) else { throw unexpected(expecting: what) }
    offset += 1
  }

  private func peek(_ byte: UInt8) -> Bool {
    offset < bytes.count && bytes[offset] == byte
  }

  private mutating func skipDigits() -> Bool {
    let start = offset
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
    return offset > start
  }

  /// Checks the escape at `index` (a backslash) and returns the index after it.
  private mutating func checkEscape(at index: Int) throws(Failure) -> Int {
    guard index + 1 < bytes.count else {
      offset = bytes.count
      throw endOfInput(expecting: "an escape after '\\'")
    }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      for digit in index + 2..<index + 6 {
        guard digit < bytes.count else {
          offset = bytes.count
          throw endOfInput(expecting: "four hex digits after '\\u'")
        }
        guard hexDigit(bytes[digit]) != nil else {
          offset = digit
          throw unexpected(expecting: "four hex digits after '\\u'")
        }
      }
      return index + 6
    default:
      offset = index + 1
      throw unexpected(expecting: "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
    }
  }

  private func hex(_ byte: UInt8) -> String { "0x" + hex2(byte) }

  private func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
