import Foundation
import TestSupport

/// An X server of the test's own (Xvfb, no window manager, no TCP), to run real terminal
/// emulators on and photograph them.
///
/// The server picks a free display number itself (`-displayfd`) and says it once it is ready,
/// so tests never race other servers for a number and never sleep waiting for it. `close()` (or
/// deinit) ends it. Every call that waits for a program waits off Swift concurrency's pool (see
/// `OffPool`).
final class VirtualDisplay: @unchecked Sendable {
  static let programs = ["Xvfb", "xwd", "convert", "xdotool", "xwininfo"]

  /// Whether every program the display needs is installed.
  static var isAvailable: Bool { programs.allSatisfy { ExecutablePath.find($0) != nil } }

  /// The screen's size in pixels: room for a terminal of 100×30 cells of a 10-point font.
  static let size = (width: 1000, height: 720)

  let number: Int
  private let server: ChildProcess
  private let lock = NSLock()
  private var closed = false

  private init(number: Int, server: ChildProcess) {
    self.number = number
    self.server = server
  }

  /// Starts a server and waits (at most `timeout` seconds) until it takes connections.
  static func start(timeout: Double = 20) async throws -> VirtualDisplay {
    try await OffPool.run { try startBlocking(timeout: timeout) }
  }

  private static func startBlocking(timeout: Double) throws -> VirtualDisplay {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw VirtualDisplayError.notStarted("no pipe") }
    // Only the server gets the write end (as descriptor 3), no other child started meanwhile.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { closeDescriptor(ends[0]) }
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-xvfb-\(getpid())-\(UUID().uuidString).log").path
    defer { unlink(log) }
    let server: ChildProcess
    do {
      server = try ChildProcess.start(
        [
          "Xvfb", "-displayfd", "3", "-screen", "0", "\(size.width)x\(size.height)x24",
          "-nolisten", "tcp", "-noreset",
          // A key held while the machine is busy must not repeat: a second `j` would scroll
          // the terminal a row further than its twin in tmux.
          "-ardelay", "30000", "-arinterval", "30000",
        ],
        environment: ["PATH": ExecutablePath.searchPath], outputPath: log,
        keep: [(ends[1], 3)])
    } catch {
      closeDescriptor(ends[1])
      throw error
    }
    closeDescriptor(ends[1])
    // The server writes its display number and a newline when it is ready; the pipe closes
    // early if it fails.
    var text = ""
    let deadline = Date().addingTimeInterval(timeout)
    var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    while !text.hasSuffix("\n") && Date() < deadline {
      guard poll(&poller, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(ends[0], &byte, 1) == 1 else { break }
      text.append(Character(UnicodeScalar(byte)))
    }
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      server.stop()
      let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw VirtualDisplayError.notStarted(said.isEmpty ? "no display number in time" : said)
    }
    return VirtualDisplay(number: number, server: server)
  }

  deinit { close() }

  /// Ends the server. Idempotent.
  func close() {
    let first = lock.withLock {
      defer { closed = true }
      return !closed
    }
    if first { server.stop() }
  }

  /// What a client of this display needs in its environment.
  var environment: [String: String] {
    ["DISPLAY": ":\(number)", "PATH": ExecutablePath.searchPath]
  }

  /// The whole screen, through `xwd` and ImageMagick's `convert`.
  func screenshot() async throws -> Screenshot {
    let command = "xwd -root -silent -display :\(number) | convert xwd:- -depth 8 ppm:-"
    let (status, output) = try await run(["/bin/sh", "-c", command])
    guard status == 0, let shot = Screenshot(ppm: output) else {
      throw VirtualDisplayError.noScreenshot(String(decoding: output.prefix(500), as: UTF8.self))
    }
    return shot
  }

  /// Types `key` (an xdotool key name) into the window under the pointer.
  ///
  /// xterm ignores synthetic key events (XSendEvent), so the key goes through XTEST with no
  /// window named, to the window the pointer is over: with no window manager, that window has
  /// the focus.
  func press(_ key: String, pointerAt point: (x: Int, y: Int)) async throws {
    _ = try await run(["xdotool", "mousemove", "\(point.x)", "\(point.y)"])
    _ = try await run(["xdotool", "key", key])
  }

  /// Where a top-level window of `windowClass` (its WM_CLASS class, as `xwininfo -tree` shows
  /// it) is, inside its border; nil while there is none.
  func window(class windowClass: String) async throws -> WindowGeometry? {
    let (_, tree) = try await run(["xwininfo", "-root", "-children"])
    // `     0x20000c "bash": ("xterm" "XTerm")  804x514+0+0  +0+0`; kitty also maps a small
    // window of the same class: the largest one is the terminal.
    let candidates = String(decoding: tree, as: UTF8.self).split(separator: "\n").compactMap {
      line -> (id: String, area: Int)? in
      guard line.contains("\"\(windowClass)\")"),
        let id = line.split(separator: " ").first, id.hasPrefix("0x"),
        let size = line.firstMatch(of: /\)\s+(\d+)x(\d+)\+/),
        let width = Int(size.1), let height = Int(size.2)
      else { return nil }
      return (String(id), width * height)
    }
    guard let id = candidates.max(by: { $0.area < $1.area })?.id else { return nil }
    let (_, info) = try await run(["xwininfo", "-id", id])
    let text = String(decoding: info, as: UTF8.self)
    func value(_ label: String) -> Int? {
      text.split(separator: "\n").first { $0.contains(label) }
        .flatMap { $0.split(separator: ":").last }
        .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    guard text.contains("IsViewable"), let x = value("Absolute upper-left X"),
      let y = value("Absolute upper-left Y"), let width = value("Width"),
      let height = value("Height"), let border = value("Border width")
    else { return nil }
    // xwininfo gives the corner outside the border.
    return WindowGeometry(x: x + border, y: y + border, width: width, height: height)
  }

  private func run(_ arguments: [String]) async throws -> (status: Int32, output: [UInt8]) {
    let environment = environment
    return try await OffPool.run { try ChildProcess.run(arguments, environment: environment) }
  }
}

/// `close(2)`, out of reach of `VirtualDisplay.close()` inside the class.
private func closeDescriptor(_ descriptor: Int32) { close(descriptor) }

/// A window's inside on the screen, in pixels.
struct WindowGeometry: Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

enum VirtualDisplayError: Error, CustomStringConvertible {
  case notStarted(String)
  case noScreenshot(String)

  var description: String {
    switch self {
    case .notStarted(let why): "Xvfb did not start: \(why)"
    case .noScreenshot(let why): "no screenshot from xwd | convert: \(why)"
    }
  }
}

/// Programs found on the search path, as a shell would.
enum ExecutablePath {
  static let searchPath = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"

  static func find(_ name: String) -> String? {
    searchPath.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
