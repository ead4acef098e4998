import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scripted HTTP/1.1 server on 127.0.0.1, on a free port, inside the test process.
///
/// Each route answers with a `Reply`, which can also misbehave on purpose: never answer, close
/// in the middle of the body, stall, drip the body a byte at a time, or declare a wrong length. One thread accepts, one thread serves each connection, and
/// every connection is closed after one exchange (`Connection: close`), so `stop()` leaves
/// nothing running. Tests call `stop()` in a `defer`.
package final class TestHTTPServer: @unchecked Sendable {
  package struct Request: Sendable {
    package var method: String
    package var path: String
    /// Header names lowercased.
    package var headers: [String: String]
  }

  package enum Reply: Sendable {
    /// A complete response with `Content-Length`.
    case respond(status: Int, headers: [String: String], body: [UInt8])
    /// Headers promising `declaredLength` bytes, then `body` (shorter), then the socket closes.
    case closeMidBody(declaredLength: Int, body: [UInt8])
    /// `closeMidBody` with a status and headers of its own (a 206 cut short, say).
    case closeMidAnswer(status: Int, headers: [String: String], declaredLength: Int, body: [UInt8])
    /// A 200 with `Transfer-Encoding: chunked`, so the size is unknown until the end.
    case chunked(body: [UInt8], headers: [String: String])
    /// Read the request and never answer (the connection stays open until `stop()`).
    case silence
    /// Send headers and part of the body, then stall until `stop()`.
    case stallAfter(body: [UInt8], declaredLength: Int)
    /// A 200 whose body arrives one byte every `interval` seconds, each byte soon enough to
    /// keep an idle timeout from firing; ends when the body is sent or the client leaves.
    case drip(body: [UInt8], interval: Double)
    /// A 200 whose `body` goes `chunk` bytes at a time, `interval` seconds apart; after each
    /// chunk `sent` is told the bytes sent so far, and once more with `clientLeft` if the
    /// client closed the connection (or the server stopped) before the end. With a gate, the
    /// rest waits after the first chunk until the test opens it: what the test does meanwhile
    /// (a cancel, reading a size) comes before the end however slow the machine.
    case paced(
      body: [UInt8], chunk: Int, interval: Double, holdingAfterFirstChunkAt: Gate? = nil,
      sent: @Sendable (_ bytes: Int, _ clientLeft: Bool) -> Void)
    /// A 200 whose `Content-Length` says `declaredLength` while the whole `body` is sent (more
    /// or fewer bytes), then the socket closes.
    case wrongLength(declaredLength: Int, body: [UInt8], headers: [String: String])
    /// A chunked 200 that never ends: `chunk` again and again, `interval` seconds apart (0: as
    /// fast as the socket takes them, a chunk storm), until the client leaves.
    case endless(chunk: [UInt8], interval: Double, headers: [String: String])
    /// Headers promising `declaredLength`, then `body`, then a TCP reset (not a clean close).
    case resetMidBody(declaredLength: Int, body: [UInt8])
    /// A 200 status line, then header lines of `lineLength` bytes without end, until the client
    /// leaves.
    case endlessHeaders(lineLength: Int)

    package static func json(_ text: String, status: Int = 200) -> Reply {
      .respond(
        status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }

    /// `body`, or the part a `Range: bytes=a-b` header of `request` asks for (206 with
    /// `Content-Range`), as a server that honours ranges answers.
    package static func ranged(_ body: [UInt8], for request: Request) -> Reply {
      guard let range = request.headers["range"], range.hasPrefix("bytes="),
        case let bounds = range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false),
        bounds.count == 2, let start = Int(bounds[0]), start < body.count
      else { return .respond(status: 200, headers: [:], body: body) }
      let end = min(Int(bounds[1]) ?? (body.count - 1), body.count - 1)
      return .respond(
        status: 206, headers: ["Content-Range": "bytes \(start)-\(end)/\(body.count)"],
        body: Array(body[start...end]))
    }

    package static func status(_ status: Int) -> Reply {
      .respond(status: status, headers: ["Content-Type": "text/plain"], body: Array("oops".utf8))
    }

    package static func redirect(to location: String, status: Int = 302) -> Reply {
      .respond(status: status, headers: ["Location": location], body: [])
    }
  }

  package typealias Handler = @Sendable (Request) -> Reply

  package let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var routes: [String: Handler] = [:]
  private var received: [Request] = []
  private var lifetimes: [(path: String, held: Duration)] = []
  private var connections: Set<Int32> = []
  private var mostConnections = 0
  private var stopped = false

  /// The most connections open at once since the server started or `resetMostOpen()`: every
  /// connection carries one exchange, so this is the most requests a client had at once.
  package var mostOpen: Int {
    lock.lock()
    defer { lock.unlock() }
    return mostConnections
  }

  package func resetMostOpen() {
    lock.lock()
    defer { lock.unlock() }
    mostConnections = connections.count
  }

  /// Starts listening; throws when no socket can be had.
  package init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 512) == 0 else {
      close(fd)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    listener = fd
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT/path`.
  package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Answers requests for `path` (the query string is part of it) with `handler`.
  package func route(_ path: String, _ handler: @escaping Handler) {
    lock.lock()
    routes[path] = handler
    lock.unlock()
  }

  /// Answers `path` with the same reply every time.
  package func route(_ path: String, reply: Reply) {
    route(path) { _ in reply }
  }

  /// The requests served so far, in order.
  package var requests: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// How long the connections that asked for `path` stayed open, from the request read to the
  /// close, in the order they closed. Measured on the server's own threads: a test that asks
  /// how soon the client gave up reads it here, not off a clock around an `await`, which counts
  /// the time the test waited for one of Swift's two cooperative threads while a thousand
  /// other tests ran (a 0.5 s timeout measured 20.9 s that way).
  package func heldOpen(_ path: String) -> [Duration] {
    lock.lock()
    defer { lock.unlock() }
    return lifetimes.filter { $0.path == path }.map(\.held)
  }

  /// Stops accepting, closes every open connection, and wakes stalled handlers.
  package func stop() {
    lock.lock()
    guard !stopped else {
      lock.unlock()
      return
    }
    stopped = true
    // Under the lock: a connection's thread removes its descriptor (under the lock) before
    // closing it, so each one here is still open and still this server's. Shut down after
    // unlocking, a descriptor could already be closed and reused by another socket of the
    // process (a transport's connection, another test's server), and that one would die.
    for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    lock.unlock()
    // Only shut down: the accepting thread closes the listener as it leaves. Closed here, its
    // number could go to another test's listener before that thread calls accept() again, and
    // it would take (and close) a connection meant for the other server.
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while true {
      let fd = accept(listener, nil, nil)
      if fd < 0 {
        if errno == EINTR { continue }
        close(listener)
        return
      }
      lock.lock()
      if stopped {
        lock.unlock()
        close(fd)
        close(listener)
        return
      }
      // A connection whose client has closed its end is the client's no more, though its
      // thread here may not have run yet to close ours: not counted, or a client that read
      // an answer whole and opened its next connection was seen holding one too many.
      connections = connections.filter { !Self.closedByPeer($0) }
      connections.insert(fd)
      mostConnections = max(mostConnections, connections.count)
      lock.unlock()
      Thread.detachNewThread { [self] in serve(fd) }
    }
  }

  /// Whether the client of `fd` has closed its end: a peek reads the end of the stream.
  private static func closedByPeer(_ fd: Int32) -> Bool {
    var byte: UInt8 = 0
    return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
  }

  private func serve(_ fd: Int32) {
    var path: String?
    let clock = ContinuousClock()
    var read = clock.now
    defer {
      lock.lock()
      connections.remove(fd)
      if let path { lifetimes.append((path, clock.now - read)) }
      lock.unlock()
      close(fd)
    }
    guard let request = readRequest(fd) else { return }
    path = request.path
    read = clock.now
    lock.lock()
    received.append(request)
    let handler = routes[request.path]
    lock.unlock()
    let reply = handler?(request) ?? .status(404)
    switch reply {
    case .respond(let status, let headers, let body):
      writeHead(fd, status: status, headers: headers, length: body.count)
      writeAll(fd, body)
    case .closeMidBody(let declaredLength, let body):
      writeHead(fd, status: 200, headers: [:], length: declaredLength)
      writeAll(fd, body)
    case .closeMidAnswer(let status, let headers, let declaredLength, let body):
      writeHead(fd, status: status, headers: headers, length: declaredLength)
      writeAll(fd, body)
    case .chunked(let body, let headers):
      var head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      writeAll(fd, Array((head + "\r\n").utf8))
      var offset = 0
      while offset < body.count {
        let count = min(16_384, body.count - offset)
        writeAll(fd, Array((String(count, radix: 16) + "\r\n").utf8))
        writeAll(fd, Array(body[offset..<offset + count]) + [13, 10])
        offset += count
      }
      writeAll(fd, Array("0\r\n\r\n".utf8))
    case .silence:
      waitForClose(fd)
    case .stallAfter(let body, let declaredLength):
      writeHead(fd, status: 200, headers: [:], length: declaredLength)
      writeAll(fd, body)
      waitForClose(fd)
    case .drip(let body, let interval):
      writeHead(fd, status: 200, headers: [:], length: body.count)
      for byte in body {
        if isStopped || !writeAll(fd, [byte]) { return }
        Thread.sleep(forTimeInterval: interval)
      }
    case .paced(let body, let chunk, let interval, let gate, let sent):
      writeHead(fd, status: 200, headers: [:], length: body.count)
      var offset = 0
      while offset < body.count {
        let end = min(body.count, offset + max(1, chunk))
        guard !isStopped, writeAll(fd, Array(body[offset..<end])) else {
          sent(offset, true)
          return
        }
        let first = offset == 0
        offset = end
        sent(offset, false)
        if first { gate?.wait() }
        if offset < body.count { Thread.sleep(forTimeInterval: interval) }
      }
    case .wrongLength(let declaredLength, let body, let headers):
      writeHead(fd, status: 200, headers: headers, length: declaredLength)
      writeAll(fd, body)
    case .endless(let chunk, let interval, let headers):
      serveEndless(fd, chunk: chunk, interval: interval, headers: headers)
    case .resetMidBody(let declaredLength, let body):
      writeHead(fd, status: 200, headers: [:], length: declaredLength)
      writeAll(fd, body)
      // Linger 0: close() sends RST instead of FIN.
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    case .endlessHeaders(let lineLength):
      guard writeAll(fd, Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
      let line = Array(("X-Filler: " + String(repeating: "a", count: lineLength) + "\r\n").utf8)
      while !isStopped, writeAll(fd, line) {}
    }
  }

  private func serveEndless(
    _ fd: Int32, chunk: [UInt8], interval: Double, headers: [String: String]
  ) {
    var head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    guard writeAll(fd, Array((head + "\r\n").utf8)) else { return }
    let framed = Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + [13, 10]
    // A storm sends its small chunks in batches, so the socket, not this loop, is the limit.
    let copies = interval > 0 ? 1 : max(1, 65_536 / framed.count)
    let batch = Array([[UInt8]](repeating: framed, count: copies).joined())
    while !isStopped, writeAll(fd, batch) {
      if interval > 0 { Thread.sleep(forTimeInterval: interval) }
    }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// Blocks until the client closes the connection or `stop()` shuts it down.
  private func waitForClose(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 512)
    while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
  }

  private func readRequest(_ fd: Int32) -> Request? {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Array("\r\n\r\n".utf8)
    while !data.contains(subsequence: end) {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0, data.count < 65_536 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    let first = lines.removeFirst().split(separator: " ")
    guard first.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Request(method: String(first[0]), path: String(first[1]), headers: headers)
  }

  private func writeHead(_ fd: Int32, status: Int, headers: [String: String], length: Int) {
    var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(length)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    writeAll(fd, Array((head + "\r\n").utf8))
  }

  /// Sends every byte; false when the client has gone.
  @discardableResult
  private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(subsequence: [UInt8]) -> Bool {
    guard count >= subsequence.count else { return false }
    for start in 0...(count - subsequence.count)
    where self[start..<start + subsequence.count].elementsEqual(subsequence) {
      return true
    }
    return false
  }
}
