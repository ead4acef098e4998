import FeedModel

/// libFuzzer target: `LiberalJSONDecoder.decode` on arbitrary bytes.
///
/// Compiled together with `Sources/FeedKit/*.swift` into one module (see `run.sh`), so it can
/// reach FeedKit's internals. Every input must decode to items or throw a `FeedError`; a trap,
/// an overflow or a memory error is a crash that libFuzzer reports.
///
/// The first byte picks the limits, so the fuzzer also explores the limit paths: nesting depth
/// 1...31, 100,000 (the most `--max-depth` allows, so deep documents are walked, not refused) or
/// the default; a short string limit or the default; a small item count or the default.

#if canImport(Glibc)
  import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let control = data[0]
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  var options = LoadOptions()
  if control & 0x80 != 0 {
    options.maxDepth = control & 0x1F == 0x1F ? 100_000 : Int(control & 0x1F) + 1
  }
  if control & 0x40 != 0 { options.maxStringLength = Int(control & 0x0F) }
  if control & 0x20 != 0 { options.maxItems = Int(control & 0x07) + 1 }
  let whole: Outcome
  do {
    let document = try LiberalJSONDecoder.decode(bytes, source: "fuzz", options: options)
    check(document, options: options)
    whole = Outcome(document)
  } catch {
    // Every error must be describable without trapping.
    require(!error.description.isEmpty, "empty error description")
    whole = Outcome(error: error)
  }
  // Files and stdin are decoded while they are read, cut wherever a read ends: that must give
  // what decoding the whole document gives, items and errors (with their line and column) alike.
  let readSize = Int(control & 0x07) * 3 + 1
  if let streamed = streamedOutcome(bytes, options: options, readSize: readSize) {
    require(streamed == whole, "streamed in \(readSize)-byte reads: \(streamed) != \(whole)")
  }
  // The number and string helpers are reached by the decoder, but straight calls go deeper.
  let text = String(decoding: bytes, as: UTF8.self)
  if let value = ItemFields.decimalValue(of: text) {
    require(!value.isNaN, "decimalValue gave NaN for \(ItemFields.quoted(text))")
  }
  _ = ItemFields.quoted(text)
  return 0
}

/// A decoding's result, comparable.
private struct Outcome: Equatable {
  var items: [FeedItem] = []
  var skipped = SkipReport()
  var next: String?
  var title: String?
  var error: FeedError?

  init(_ document: FeedDocument) {
    (items, skipped, next, title) =
      (document.items, document.skipped, document.next, document.title)
  }

  init(error: FeedError) { self.error = error }
}

/// `bytes` decoded through `StreamedBytes` from a pipe (as `cascade -` reads); nil when they do
/// not fit in the pipe's buffer, as writing them all before reading would block.
private func streamedOutcome(_ bytes: [UInt8], options: LoadOptions, readSize: Int) -> Outcome? {
  var ends: [Int32] = [0, 0]
  guard bytes.count <= 60_000, pipe(&ends) == 0 else { return nil }
  let descriptor = ends[0]
  defer { close(descriptor) }
  let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
  close(ends[1])
  guard written == bytes.count else { return nil }
  do throws(FeedError) {
    let stream = try StreamedBytes(
      descriptor: descriptor, source: "fuzz", maxBytes: options.maxBytes, readSize: readSize)
    return Outcome(try LiberalJSONDecoder.decode(stream, source: "fuzz", options: options))
  } catch {
    return Outcome(error: error)
  }
}

/// What every decoded document promises.
private func check(_ document: FeedDocument, options: LoadOptions) {
  require(document.items.count <= options.maxItems, "more items than the limit")
  for item in document.items {
    require(!item.imageURL.isEmpty, "an item without an image URL")
    // The size is the feed's (or 0×0 when it gave none, to be read from the picture); only the
    // layout's shape is clamped.
    if item.hasSize {
      for side in [item.width, item.height] {
        require(side.isFinite && side > 0, "unusable size \(item.width)x\(item.height)")
        require(side <= ItemFields.maxSide, "size above the limit: \(side)")
      }
    } else {
      require(item.width == 0 && item.height == 0, "half a size \(item.width)x\(item.height)")
    }
    let shape = item.layoutSize
    let ratio = shape.height / shape.width
    require(
      ratio >= ItemFields.minAspectRatio * 0.999_999
        && ratio <= ItemFields.maxAspectRatio * 1.000_001,
      "layout aspect ratio \(ratio) outside the clamp for \(item.width)x\(item.height)")
    // The texts are read back from the page's chunks through their headers: an item built from
    // the strings read must be the same item, and its identity bytes the identity's.
    let rebuilt = FeedItem(
      imageURL: item.imageURL, width: item.width, height: item.height, title: item.title,
      id: item.id, link: item.link, placeholder: item.placeholder)
    require(rebuilt == item && rebuilt.hashValue == item.hashValue, "texts do not read back")
    require(
      item.withIdentityUTF8 { Array($0) } == Array(item.identity.utf8),
      "identity bytes differ from the identity")
    // A placeholder kept is a valid one, whose blur draws at any size without trapping.
    if case .blur(let hash) = item.placeholder {
      require(
        hash.text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a blur with unprintable bytes")
      require(hash.pixels(width: 3, height: 2).count == 18, "a blur drew the wrong size")
    }
  }
  if document.skipped.count > 0 {
    require(document.skipped.firstReason != nil, "skips without a reason")
  }
  _ = document.skipped.message
}

/// `precondition` that says why even in an optimised build (which drops the message), then
/// aborts so that libFuzzer keeps the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fputs("invariant broken: \(message())\n", stderr)
  abort()
}
