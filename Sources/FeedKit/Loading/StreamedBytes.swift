import FeedModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a local file or pipe, read while the decoder walks them, with the pages it has
/// passed given back to the system.
///
/// Why: reading a 90 MB feed into one array kept all 90 MB beside the million items decoded from
/// it. Here only the few MiB around the decoder are resident at any time.
///
/// How: one anonymous mapping reserved without access (address space only, nothing committed),
/// so the bytes never move and the decoder's pointers and tokens stay valid as more arrive. It is
/// made readable and writable a step at a time just ahead of `read`, and `release(upTo:)` hands
/// whole pages behind the decoder back with `madvise(MADV_DONTNEED)`; they would read as zeros,
/// and the decoder never reads them again. The file itself is not mapped: a file truncated while
/// mapped kills the reader with SIGBUS, whereas `read` just returns less.
///
/// The only type in FeedKit that maps memory (`TextBlock` owns a plain allocation); one thread
/// uses it at a time.
final class StreamedBytes {
  /// Most address space reserved for one input: far beyond any feed, well within what a 64-bit
  /// process can map.
  static let maxReservation = 1 << 40
  /// How much more is made readable and writable at a time.
  static let commitStep = 4 << 20
  static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
  /// The most the first read maps ahead (`prefault(upTo:)`); later reads map as much as has
  /// been read, up to `readSize`.
  static let firstPrefault = 64 << 10

  /// Bytes asked of one `read`; tests make it small to cut items at every place.
  let readSize: Int
  let source: String
  let maxBytes: Int
  private let input: any ByteInput
  private let base: UnsafeMutablePointer<UInt8>
  /// Bytes of address space from `base`: `maxBytes` and one more, so that reading one byte too
  /// many shows that the body is too large.
  private let reserved: Int
  /// Bytes from `base` made readable and writable.
  private var committed = 0
  /// Bytes read so far.
  private(set) var count = 0
  /// Told the byte count after every read, when set.
  var progress: LoadProgress?
  /// Whether the input has ended: `bytes` is the whole document.
  private(set) var isComplete = false
  /// Bytes from `base` given back, a multiple of the page size; they read as zeros.
  private(set) var released = 0
  /// Bytes from `base` whose pages `prefault(upTo:)` has mapped.
  private var prefaulted = 0

  /// Reserves the address space; reads nothing yet. Does not close `descriptor`.
  convenience init(descriptor: Int32, source: String, maxBytes: Int, readSize: Int = 1 << 20)
    throws(FeedError)
  {
    try self.init(
      input: DescriptorInput(descriptor: descriptor, source: source), source: source,
      maxBytes: maxBytes, readSize: readSize)
  }

  /// Reserves the address space; reads nothing yet.
  /// - Parameter maxBytesSetBy: how the reader sets `maxBytes`, for the error that asks for less.
  init(
    input: any ByteInput, source: String, maxBytes: Int,
    maxBytesSetBy: String = SettingNames.library[.maxBytes], readSize: Int = 1 << 20
  )
    throws(FeedError)
  {
    precondition(readSize > 0, "StreamedBytes: readSize must be positive")
    self.input = input
    self.source = source
    self.maxBytes = maxBytes
    self.readSize = readSize
    let wanted = min(max(maxBytes, 0), Self.maxReservation - 1) + 1
    reserved = (wanted + Self.pageSize - 1) / Self.pageSize * Self.pageSize
    let address = mmap(
      nil, reserved, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let address, address != MAP_FAILED else {
      throw .unreadable(
        source: source,
        detail: "cannot reserve \(ByteCountText(reserved)) of address space to read it ("
          + String(cString: strerror(errno)) + "); lower \(maxBytesSetBy)")
    }
    base = address.bindMemory(to: UInt8.self, capacity: reserved)
  }

  deinit { munmap(base, reserved) }

  /// The bytes read so far; those below `released` read as zeros.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Reads until at least `target` bytes are in or the input ends; but once a read has given
  /// bytes, stops when no more come within `patience` seconds (by default, when none are there
  /// to read without waiting). A pipe or a body that arrives slowly is then decoded as it comes,
  /// instead of a megabyte at a time: a feed dripping in showed nothing, and took no keys,
  /// until a megabyte or its end had come. Format detection waits a little longer for the
  /// bytes it tells the format from.
  func fill(upTo target: Int, patience: Double = 0) throws(FeedError) {
    let start = count
    while count < target, !isComplete {
      if count > start, !input.hasWaitingBytes(within: patience) { return }
      try readOnce()
    }
  }

  func readToEnd() throws(FeedError) {
    while !isComplete { try readOnce() }
  }

  /// Gives back the whole pages below `offset`; nothing below `offset` may be read again.
  func release(upTo offset: Int) {
    let end = min(offset, count) / Self.pageSize * Self.pageSize
    guard end > released else { return }
    _ = madvise(base + released, end - released, MADV_DONTNEED)
    released = end
  }

  /// On a decoding error: reads the rest of the input without keeping it, and throws the body
  /// size error if it is over `maxBytes` — reported first, as it was when the whole body was read
  /// before decoding. A read error here leaves the decoding error to be reported.
  func checkRemainingSize() throws(FeedError) {
    if count > maxBytes { throw tooLarge }
    guard !isComplete else { return }
    var total = count
    var scratch = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = scratch.withUnsafeMutableBytes { buffer in
        Result { () throws(FeedError) in
          try input.read(into: buffer.baseAddress.unsafelyUnwrapped, count: buffer.count)
        }
      }
      guard case .success(let got) = read, got > 0 else { break }
      total += got
      if total > maxBytes { throw tooLarge }
    }
    isComplete = true
  }

  private var tooLarge: FeedError {
    .limitExceeded(source: source, limit: .bodySize(maxBytes), location: nil)
  }

  private func readOnce() throws(FeedError) {
    let room = reserved - count
    guard room > 0 else {
      // Only when `maxBytes` is beyond `maxReservation`.
      throw .unreadable(
        source: source,
        detail: "it is larger than \(ByteCountText(Self.maxReservation)), more than Cascade reads")
    }
    let size = min(readSize, room)
    try commit(upTo: count + size)
    // Ahead by as much as has come, up to a read: most feeds are a few tens of KiB, and
    // mapping a whole read's worth for each (`readSize`) zeroed 80 MB of pages for 300 of them.
    prefault(upTo: count + min(size, max(Self.firstPrefault, count)))
    let got = try input.read(into: base + count, count: size)
    if got == 0 {
      isComplete = true
      return
    }
    count += got
    progress?.read(count)
    if count > maxBytes { throw tooLarge }
  }

  /// Maps the fresh pages up to `end` in one call before `read` writes to them.
  ///
  /// Every read lands in pages never touched (those behind the decoder are given back), and
  /// `read` faulted them in one at a time: 256 faults a MiB, about a tenth of decoding a large
  /// file. Where the system cannot (not Linux, or before Linux 5.14), `read` faults them as
  /// before.
  private func prefault(upTo end: Int) {
    #if os(Linux)
      let start = max(prefaulted, (count + Self.pageSize - 1) / Self.pageSize * Self.pageSize)
      let end = min((end + Self.pageSize - 1) / Self.pageSize * Self.pageSize, committed)
      guard end > start else { return }
      _ = madvise(base + start, end - start, MADV_POPULATE_WRITE)
      prefaulted = end
    #endif
  }

  /// Makes the reservation readable and writable up to at least `end`.
  private func commit(upTo end: Int) throws(FeedError) {
    guard end > committed else { return }
    let step = max(end, committed + Self.commitStep)
    let newEnd = min((step + Self.pageSize - 1) / Self.pageSize * Self.pageSize, reserved)
    guard mprotect(base + committed, newEnd - committed, PROT_READ | PROT_WRITE) == 0 else {
      throw .unreadable(
        source: source, detail: "out of memory while reading (\(String(cString: strerror(errno))))")
    }
    committed = newEnd
  }
}

/// Where `StreamedBytes` reads from: a file or pipe, or a body arriving over the network.
protocol ByteInput {
  /// Reads up to `count` bytes into `buffer`, waiting until some are there; 0 at the end.
  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedError) -> Int
  /// Whether a read would give bytes (or the end) without waiting, now or within `seconds`.
  func hasWaitingBytes(within seconds: Double) -> Bool
}

/// An open file or pipe; not closed here.
struct DescriptorInput: ByteInput {
  let descriptor: Int32
  /// How errors name it.
  let source: String

  /// A regular file always has (its reads do not wait); a pipe, a socket or a terminal when
  /// `poll` says so.
  func hasWaitingBytes(within seconds: Double) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, min(seconds * 1000, 3_600_000)))
    while true {
      let ready = poll(&entry, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      return ready != 0
    }
  }

  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedError) -> Int {
    while true {
      let got = readDescriptor(descriptor, buffer, count)
      if got >= 0 { return got }
      if errno != EINTR {
        throw .unreadable(source: source, detail: String(cString: strerror(errno)))
      }
    }
  }
}

/// `read(2)`, under a name the `read(into:count:)` methods do not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
