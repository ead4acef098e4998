import BrowserCore
import EmbeddedPictures
import FeedKit
import FeedModel
import FoundationEssentials
import Glibc
import PictureKit
import Pictures

/// `w` and `v`: the selected item's original picture saved in the save folder, or shown in
/// the reader's picture viewer.
///
/// The bytes are the original file's: from the disk cache when it holds them, else fetched
/// again with the same limits as for drawing (a remote feed's picture never from a local
/// path). Only a picture is handed on, and a picture is what its bytes are: a server's page
/// answered for `photo.png`, or a picture URL ending in `.desktop` or `.html`, would be written
/// or opened as what its name says (some desktops run a `.desktop` file's command). So the
/// bytes must sniff as a picture, and the file is named with their format's extension. A
/// saved picture is named from its URL, made safe for a file name, never overwrites a file
/// (`name-1.jpg`), and is not saved twice (the same bytes under the same name are "already
/// saved").
struct PictureKeeper: Sendable {
  var settings: PictureSettings?
  /// The save folder; nil for `defaultFolder`.
  var folder: String?
  var environment: [String: String] = ProcessInfo.processInfo.environment
  /// Where `v` copies a picture that is not a file of the reader's own.
  var viewerFolder: ViewerFolder

  init(
    settings: PictureSettings?, folder: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    viewerFolder: ViewerFolder? = nil
  ) {
    self.settings = settings
    self.folder = folder
    self.environment = environment
    self.viewerFolder = viewerFolder ?? ViewerFolder(environment: environment)
  }

  /// Saved pictures are the reader's own files, like a web browser's downloads: readable by
  /// others as the umask allows. The viewer's copies are 0600, in a 0700 folder.
  static let savedMode: mode_t = 0o644

  /// Carries out `request`; the event that says how it went.
  func run(_ request: KeepRequest) async -> Event {
    let outcome: KeepOutcome
    do throws(KeepError) {
      switch request.kind {
      case .save:
        let (path, isNew) = try await save(request.url)
        outcome = isNew ? .saved(path) : .alreadySaved(path)
      case .view:
        let (file, program) = try await view(request.url)
        outcome = .viewing(file: file, program: program)
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

  /// Saves the picture at `url` in the save folder: the path it is saved at, as the reader
  /// writes it (`~/…`), and whether it is new (false: the same bytes were there already).
  func save(_ url: String) async throws(KeepError) -> (path: String, isNew: Bool) {
    let bytes = try await originalBytes(url)
    let ext = try Self.pictureExtension(bytes)
    let folder = self.folder.map(expandingHome) ?? Self.defaultFolder(environment: environment)
    if let reason = Self.makeFolder(folder) {
      throw KeepError(reason: "cannot make the save folder \(folder): \(reason)")
    }
    let name = Self.fileName(for: url, extension: ext)
    let written = try Self.writeNew(bytes, in: folder, named: name, mode: Self.savedMode)
    return (abbreviatingHome(written.path), written.isNew)
  }

  /// Starts the viewer on the picture at `url`: the feed's own local file when it is a
  /// picture named as one, else a copy of its bytes (from the disk cache, else fetched) in a
  /// private temporary folder (`ViewerFolder`). The file shown, and the program.
  func view(_ url: String) async throws(KeepError) -> (file: String, program: String) {
    let path: String
    if case .file(let local)? = try? settings?.source.pictureLocation(of: url),
      Self.isPictureNamedAsOne(local)
    {
      path = local
    } else {
      // A copy of the picture's own bytes, named for what it is: a disk cache entry starts
      // with its key's hash, which no viewer reads.
      let bytes = try await originalBytes(url)
      let ext = try Self.pictureExtension(bytes)
      let folder: String
      do throws(ViewerFolder.Refusal) {
        folder = try viewerFolder.path()
      } catch {
        throw KeepError(reason: "no private folder for a copy: \(error.reason)")
      }
      path =
        try Self.writeNew(bytes, in: folder, named: Self.fileName(for: url, extension: ext))
        .path
    }
    switch Opener.view(path, environment: environment) {
    case .success(let started):
      started.whenEnded { _ in }
      return (abbreviatingHome(path), started.program)
    case .failure(.spawnFailed(let program, let code, _)):
      let advice = code == ENOENT ? "; set $CASCADE_VIEWER to a picture viewer" : ""
      throw KeepError(
        reason: "cannot start \(program): \(String(cString: strerror(code)))\(advice)")
    case .failure:
      throw KeepError(reason: "its path holds control characters")
    }
  }

  /// The extension for the picture `bytes` are, by their first bytes; or why they are not
  /// handed on. Formats Cascade recognises but does not draw (HEIC, AVIF…) are pictures too.
  static func pictureExtension(_ bytes: [UInt8]) throws(KeepError) -> String {
    if let format = PictureFormat.sniff(bytes) { return format == .jpeg ? "jpg" : format.rawValue }
    switch ForeignPictureFormat.sniff(bytes) {
    case .heif?: return "heic"
    case .avif?: return "avif"
    case .jpegXL?: return "jxl"
    case .bmp?: return "bmp"
    case .tiff?: return "tif"
    case nil:
      let what =
        bytes.isEmpty ? "it is empty" : "its bytes are no JPEG, PNG, GIF, WebP or other picture"
      throw KeepError(reason: "the server sent no picture (\(what))")
    }
  }

  /// Whether the local file at `path` is a regular file whose bytes are a picture and whose
  /// name ends as that picture's format does, so the viewer can be given the file itself.
  static func isPictureNamedAsOne(_ path: String) -> Bool {
    guard let head = try? PictureFile.prefix(of: path, count: 12),
      let ext = try? pictureExtension(head)
    else { return false }
    let own = path.split(separator: "/").last?.split(separator: ".").last?.lowercased()
    return own == ext || (ext == "jpg" && own == "jpeg") || (ext == "tif" && own == "tiff")
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
  /// extension; never over a file that is there. The path written, new; or the path of a
  /// file of those names that already holds the same bytes, not new.
  static func writeNew(
    _ bytes: [UInt8], in folder: String, named name: String, mode: mode_t = 0o600
  ) throws(KeepError) -> (path: String, isNew: Bool) {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let (stem, suffix) = (name[..<dot], name[dot...])
    for attempt in 0..<10_000 {
      let path = folder + "/" + (attempt == 0 ? name : "\(stem)-\(attempt)\(suffix)")
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor < 0 {
        if errno == EEXIST {
          if holds(bytes, path) { return (path, false) }
          continue
        }
        throw KeepError(reason: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      defer { close(descriptor) }
      // The mode asked for, whatever the umask takes away from it: 0600 stays 0600, and a
      // saved picture is readable as its mode says.
      fchmod(descriptor, mode)
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
      return (path, true)
    }
    throw KeepError(reason: "\(folder) already has 10000 files named \(name)")
  }

  /// Whether the file at `path` is a regular file holding exactly `bytes`: its type and size
  /// are checked before a byte is read, so a FIFO or a huge file there costs nothing.
  private static func holds(_ bytes: [UInt8], _ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) == bytes.count
    else { return false }
    return PictureFile.read(descriptor, count: bytes.count) == bytes
  }

  /// A file name for a picture at `url` whose format's extension is `ext`: the URL's last
  /// path segment (no query), with only letters, digits, `.`, `-` and `_` kept (others become
  /// `_`), no leading dot, at most 100 characters, its own extension replaced by `ext`: the
  /// server's name says nothing of what the bytes are.
  static func fileName(for url: String, extension ext: String) -> String {
    var path = Substring(url)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    // Not the server's name: `https://x.example/` has no file name.
    if let scheme = path.firstRange(of: "://") {
      path = path[scheme.upperBound...].drop { $0 != "/" }
    }
    let last = path.split(separator: "/").last.map(String.init) ?? ""
    // Decoded, a name may hold slashes of its own (`..%2Fetc%2Fpasswd`): its last part.
    let whole = last[...].removingPercentEncodingLoosely
    let decoded = whole.split(separator: "/").last.map(String.init) ?? ""
    var safe = String(
      decoded.unicodeScalars.map { scalar -> Character in
        let allowed =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_"
        return allowed ? Character(scalar) : "_"
      })
    while safe.hasPrefix(".") { safe.removeFirst() }
    if let dot = safe.lastIndex(of: "."), dot != safe.startIndex { safe = String(safe[..<dot]) }
    if safe.count > 100 { safe = String(safe.suffix(100)) }
    if safe.isEmpty || safe.allSatisfy({ $0 == "_" || $0 == "." }) { safe = "picture" }
    return safe + "." + ext
  }

  /// Makes the folder `path` and those above it that are missing, as `mkdir -p` does; the
  /// system's reason when one cannot be made, nil when the folder is there.
  static func makeFolder(_ path: String) -> String? {
    var made = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      made += "/" + part
      if mkdir(made, 0o777) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
    }
    var status = stat()
    guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
    return status.st_mode & S_IFMT == S_IFDIR ? nil : "it is a file, not a folder"
  }

  /// `$XDG_PICTURES_DIR/cascade` as `~/.config/user-dirs.dirs` (or `$XDG_CONFIG_HOME`'s)
  /// names it, else `~/Pictures/cascade`.
  static func defaultFolder(environment: [String: String]) -> String {
    let folders = XDGFolders(environment: environment)
    let home = folders.home ?? FileManager.default.homeDirectoryForCurrentUser.path
    let config = folders.config ?? home + "/.config"
    if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
        let value = line.dropFirst("XDG_PICTURES_DIR=".count)
          .trimming { $0 == "\"" }
        let folder = value.replacing("$HOME", with: home)
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
