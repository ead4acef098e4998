import Foundation

/// nghttp2's own server, `nghttpd`, on loopback over TLS, serving the files of a folder: the
/// one HTTP/2 server the tests have (Python's has no HTTP/2, and libcurl asks for HTTP/2 over
/// TLS only). Its certificate is signed by an authority made for the run with `openssl`,
/// which a client must be told to trust (`authority`). Its log says how many connections
/// came and how many requests each carried.
package final class TestH2Server {
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static let serverPath = "/usr/sbin/nghttpd"
  package static let opensslPath = "/usr/bin/openssl"

  /// Whether nghttpd and openssl are installed (`Scripts/install-deps` installs both).
  package static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: serverPath)
      && FileManager.default.isExecutableFile(atPath: opensslPath)
  }

  /// The folder served: a file `name` in it is `url("/name")`.
  package let documents: URL
  /// The PEM certificate of the authority that signed the server's.
  package let authority: URL
  package let port: Int
  private let folder: URL
  private let log: URL
  private var server: ChildProcess?

  package init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-h2-\(UUID().uuidString)")
    documents = folder.appendingPathComponent("documents")
    authority = folder.appendingPathComponent("authority.pem")
    log = folder.appendingPathComponent("nghttpd.log")
    try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
    try Self.makeCertificates(in: folder)
    // A port free a moment ago; taken meanwhile, nghttpd exits and another is tried.
    var started: (server: ChildProcess, port: Int)?
    for _ in 0..<5 where started == nil {
      let port = try Self.freePort()
      let server = try ChildProcess.start(
        [
          Self.serverPath, "-v", "--address=127.0.0.1", "--htdocs=\(documents.path)",
          "\(port)", folder.appendingPathComponent("server.key").path,
          folder.appendingPathComponent("server.pem").path,
        ], environment: ProcessInfo.processInfo.environment, outputPath: log.path)
      if Self.waitForListener(port: port, while: server) {
        started = (server, port)
      } else {
        server.stop()
      }
    }
    guard let started else {
      let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: folder)
      throw Failure(description: "nghttpd did not start: \(said)")
    }
    server = started.server
    port = started.port
  }

  deinit { stop() }

  /// `https://127.0.0.1:PORT/path`.
  package func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

  /// Serves `bytes` as `name`.
  package func serve(_ name: String, _ bytes: Data) throws {
    try bytes.write(to: documents.appendingPathComponent(name))
  }

  /// The TLS connections the server took so far.
  package var connections: Int {
    logText.components(separatedBy: "SSL/TLS handshake completed").count - 1
  }

  /// The requests it was sent so far: one stream each.
  package var requests: Int { logText.components(separatedBy: "recv HEADERS frame").count - 1 }

  package var logText: String { String(decoding: logBytes, as: UTF8.self) }

  private var logBytes: Data { (try? Data(contentsOf: log)) ?? Data() }

  package func stop() {
    server?.stop()
    server = nil
    try? FileManager.default.removeItem(at: folder)
  }

  /// An authority, and a certificate for 127.0.0.1 it signed, as `authority.pem`, `server.key`
  /// and `server.pem` in `folder`.
  private static func makeCertificates(in folder: URL) throws {
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let extensions = path("server.cnf")
    try Data(
      "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
        .utf8
    ).write(to: URL(fileURLWithPath: extensions))
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try openssl(
      ["req", "-x509"] + key + [
        "-keyout", path("authority.key"), "-out", path("authority.pem"), "-days", "2",
        "-subj", "/CN=Cascade test authority",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign",
      ])
    try openssl(
      ["req"] + key + [
        "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1",
      ])
    try openssl([
      "x509", "-req", "-in", path("server.csr"), "-CA", path("authority.pem"),
      "-CAkey", path("authority.key"), "-CAcreateserial", "-out", path("server.pem"),
      "-days", "2", "-extfile", extensions,
    ])
  }

  private static func openssl(_ arguments: [String]) throws {
    let (status, output) = try ChildProcess.run(
      [opensslPath] + arguments, environment: ProcessInfo.processInfo.environment)
    guard status == 0 else {
      throw Failure(
        description: "openssl \(arguments.joined(separator: " ")) failed: "
          + String(decoding: output, as: UTF8.self))
    }
  }

  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard found else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether something listens on `port` within ten seconds, while `server` runs.
  private static func waitForListener(port: Int, while server: ChildProcess) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, server.isRunning {
      if let fd = Loopback.connect(port: port) {
        close(fd)
        return true
      }
      usleep(20_000)
    }
    return false
  }
}
