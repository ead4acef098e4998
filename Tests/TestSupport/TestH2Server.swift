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
  private var server: pid_t = 0

  package init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-h2-\(UUID().uuidString)")
    documents = folder.appendingPathComponent("documents")
    authority = folder.appendingPathComponent("authority.pem")
    log = folder.appendingPathComponent("nghttpd.log")
    try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
    try Self.makeCertificates(in: folder)
    // A port free a moment ago; taken meanwhile, nghttpd exits and another is tried.
    var started: (pid: pid_t, port: Int)?
    for _ in 0..<5 where started == nil {
      let port = try Self.freePort()
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      let pid = try Self.spawn(
        Self.serverPath,
        [
          "-v", "--address=127.0.0.1", "--htdocs=\(documents.path)", "\(port)",
          folder.appendingPathComponent("server.key").path,
          folder.appendingPathComponent("server.pem").path,
        ], output: log.path)
      if Self.waitForListener(port: port, while: pid) { started = (pid, port) }
    }
    guard let started else {
      let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: folder)
      throw Failure(description: "nghttpd did not start: \(said)")
    }
    server = started.pid
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
    if server > 0 {
      Self.end(server)
      server = 0
    }
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
    let pid = try spawn(opensslPath, arguments, output: "/dev/null")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Exited (the low seven bits 0) with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw Failure(description: "openssl \(arguments.joined(separator: " ")) failed")
    }
  }

  /// Starts `path` with `arguments`, its output and errors into the file `output`, with no
  /// signal blocked (a child inherits the test process's mask otherwise). `posix_spawn`, not
  /// `Process`: Foundation's keeps a weak reference's side table that the leak sanitizer
  /// reports when it runs on a test's cooperative thread.
  private static func spawn(_ path: String, _ arguments: [String], output: String) throws
    -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let failed = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard failed == 0 else {
      throw Failure(description: "could not start \(path): \(String(cString: strerror(failed)))")
    }
    return pid
  }

  /// Stops `pid` and reaps it.
  private static func end(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
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

  /// Whether something listens on `port` within ten seconds, while `pid` runs; if not, `pid`
  /// has ended (or is ended) and is reaped.
  private static func waitForListener(port: Int, while pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    var status: Int32 = 0
    while Date() < deadline {
      if waitpid(pid, &status, WNOHANG) == pid { return false }
      if let fd = Loopback.connect(port: port) {
        close(fd)
        return true
      }
      usleep(20_000)
    }
    end(pid)
    return false
  }
}
