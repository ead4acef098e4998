import BrowserCore
import EmbeddedPictures
import FeedKit
import FeedModel
import Foundation
import PictureKit
import Pictures

/// `w` and `v`: the selected item's original picture saved in the save folder, or shown in
/// the reader's picture viewer.
///
/// The bytes are the original file's: from the disk cache when it holds them, else fetched
/// again with the same limits as for drawing (a remote feed's picture never from a local
/// path). A saved picture is named from its URL, made safe for a file name, and never
/// overwrites a file (`name-1.jpg`).
struct PictureKeeper: Sendable {
  var settings: PictureSettings?
  /// The save folder; nil for `defaultFolder`.
  var folder: String?
  var environment: [String: String] = ProcessInfo.processInfo.environment

  /// Carries out `request`; the event that says how it went.
  func run(_ request: KeepRequest) async -> Event {
    let outcome: KeepOutcome
    do throws(KeepError) {
      switch request.kind {
      case .save: outcome = .saved(try await save(request.url))
      case .view: outcome = .viewing(program: try await view(request.url))
      }
    } catch {
      outcome = .failed(error.reason)
    }
    return .kept(request, outcome)
  }

  /// Why a picture was not kept, in words for the status line.
  struct KeepError: Error {
    var reason: String
  }

  /// Saves the picture at `url` in the save folder; the path it was saved at, as the reader
  /// writes it (`~/…`).
  func save(_ url: String) async throws(KeepError) -> String {
    let bytes = try await originalBytes(url)
    let folder = self.folder.map(expandingHome) ?? Self.defaultFolder(environment: environment)
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw KeepError(
        reason: "cannot make the save folder \(folder): \(error.localizedDescription)")
    }
    let name = Self.fileName(for: url, format: PictureFormat.sniff(bytes))
    let path = try Self.writeNew(bytes, in: folder, named: name)
    return abbreviatingHome(path)
  }

  /// Starts the viewer on the picture at `url`: the feed's own local file, else a copy of its
  /// bytes (from the disk cache, else fetched) in a private temporary folder. The program's
  /// name.
  func view(_ url: String) async throws(KeepError) -> String {
    var path: String?
    if case .file(let local)? = try? settings?.source.pictureLocation(of: url) {
      path = local
    } else {
      // A copy of the picture's own bytes, named for what it is: a disk cache entry starts
      // with its key's hash, which no viewer reads.
      let bytes = try await originalBytes(url)
      let folder = NSTemporaryDirectory() + "cascade-\(getuid())"
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      path = try Self.writeNew(
        bytes, in: folder, named: Self.fileName(for: url, format: PictureFormat.sniff(bytes)))
    }
    guard let path else { throw KeepError(reason: "no file to show") }
    switch Opener.view(path, environment: environment) {
    case .success(let started):
      started.whenEnded { _ in }
      return started.program
    case .failure(.spawnFailed(let program, let code, _)):
      let advice = code == ENOENT ? "; set $CASCADE_VIEWER to a picture viewer" : ""
      throw KeepError(
        reason: "cannot start \(program): \(String(cString: strerror(code)))\(advice)")
    case .failure:
      throw KeepError(reason: "its path holds control characters")
    }
  }

  private func location(_ url: String) throws(KeepError) -> PictureLocation {
    guard let settings else { throw KeepError(reason: "pictures are off") }
    do {
      return try settings.source.pictureLocation(of: url)
    } catch {
      throw KeepError(reason: error.message(naming: settings.load.settingNames))
    }
  }

  /// The picture's bytes as the server or the file has them.
  func originalBytes(_ url: String) async throws(KeepError) -> [UInt8] {
    let location = try location(url)
    let settings = self.settings ?? PictureSettings(source: .sample)
    if case .embedded(let name) = location {
      guard let bytes = SamplePictures.bytes(named: name) else {
        throw KeepError(reason: "the sample feed has no picture \(name)")
      }
      return bytes
    }
    do throws(FeedError) {
      return try await PictureFetch.bytes(
        of: location, options: settings.load, maxBytes: settings.limits.maxBytes,
        cache: settings.diskCache)
    } catch {
      throw KeepError(reason: error.message(naming: settings.load.settingNames))
    }
  }

  /// Writes `bytes` to a new file in `folder`: `name`, else `name-1`, `name-2`… before its
  /// extension; never over a file that is there. The path written.
  static func writeNew(_ bytes: [UInt8], in folder: String, named name: String)
    throws(KeepError) -> String
  {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let (stem, suffix) = (name[..<dot], name[dot...])
    for attempt in 0..<10_000 {
      let path = folder + "/" + (attempt == 0 ? name : "\(stem)-\(attempt)\(suffix)")
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        throw KeepError(reason: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      defer { close(descriptor) }
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes {
          write(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          let reason = String(cString: strerror(errno))
          unlink(path)
          throw KeepError(reason: "cannot write \(path): \(reason)")
        }
        written += count
      }
      return path
    }
    throw KeepError(reason: "\(folder) already has 10000 files named \(name)")
  }

  /// A file name for the picture at `url`: its last path segment (no query), with only
  /// letters, digits, `.`, `-` and `_` kept (others become `_`), no leading dot, at most 100
  /// characters, and the extension of `format` when it has none of its own.
  static func fileName(for url: String, format: PictureFormat?) -> String {
    var path = Substring(url)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    // Not the server's name: `https://x.example/` has no file name.
    if let scheme = path.range(of: "://") {
      path = path[scheme.upperBound...].drop { $0 != "/" }
    }
    let last = path.split(separator: "/").last.map(String.init) ?? ""
    // Decoded, a name may hold slashes of its own (`..%2Fetc%2Fpasswd`): its last part.
    let whole = last.removingPercentEncoding ?? last
    let decoded = whole.split(separator: "/").last.map(String.init) ?? ""
    var safe = String(
      decoded.unicodeScalars.map { scalar -> Character in
        let allowed =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_"
        return allowed ? Character(scalar) : "_"
      })
    while safe.hasPrefix(".") { safe.removeFirst() }
    if safe.count > 100 { safe = String(safe.suffix(100)) }
    if safe.isEmpty || safe.allSatisfy({ $0 == "_" }) { safe = "picture" }
    let known = ["jpg", "jpeg", "png", "gif", "webp"]
    let ext = safe.split(separator: ".").count > 1 ? safe.split(separator: ".").last : nil
    if let format, !(ext.map { known.contains($0.lowercased()) } ?? false) {
      safe += "." + (format == .jpeg ? "jpg" : format.rawValue)
    }
    return safe
  }

  /// `$XDG_PICTURES_DIR/cascade` as `~/.config/user-dirs.dirs` (or `$XDG_CONFIG_HOME`'s)
  /// names it, else `~/Pictures/cascade`.
  static func defaultFolder(environment: [String: String]) -> String {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? home + "/.config"
    if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
        let value = line.dropFirst("XDG_PICTURES_DIR=".count)
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let folder = value.replacingOccurrences(of: "$HOME", with: home)
        // `$HOME/` alone means the home folder itself, which the spec says disables it.
        if folder.hasPrefix("/"), folder != home, folder != home + "/" {
          return folder + "/cascade"
        }
      }
    }
    return home + "/Pictures/cascade"
  }

  private func expandingHome(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
    return home + path.dropFirst()
  }

  private func abbreviatingHome(_ path: String) -> String {
    guard let home = environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") else {
      return path
    }
    return "~" + path.dropFirst(home.count)
  }
}
