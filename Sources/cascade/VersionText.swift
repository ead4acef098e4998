import BrowserShell
import FeedKit
import FeedModel
import PictureCells
import PictureKit
import Pictures
import Transport

/// `cascade --version`: Cascade's version and those of the libraries that draw, fetch and decode,
/// so that a bug report says in one paste what the program was made of.
enum VersionText {
  static var text: String {
    var lines = ["cascade \(CascadeVersion.string)"]
    let libraries: [(String, String)] =
      [
        ("Swift", "\(compiler) (compiler), \(platform)"),
        ("ncurses", CursesVersion.description),
        ("libcurl", CurlVersion.description),
        ("chafa", ChafaVersion.description),
      ] + CodecVersions.all.map { ($0.name, $0.version) }
    let width = libraries.map(\.0.count).max() ?? 0
    for (name, version) in libraries {
      lines.append("  " + name + String(repeating: " ", count: width - name.count + 2) + version)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The compiler's version, to the patch level `#if compiler` can tell. The Swift runtime on
  /// Linux is the one of the toolchain that built the binary, so this names both.
  #if compiler(>=7.2.4)
    static let compiler = "7.2.4"
  #elseif compiler(>=7.2.3)
    static let compiler = "7.2.3"
  #elseif compiler(>=7.2.2)
    static let compiler = "7.2.2"
  #elseif compiler(>=7.2.1)
    static let compiler = "7.2.1"
  #elseif compiler(>=7.2)
    static let compiler = "7.2"
  #elseif compiler(>=7.1.4)
    static let compiler = "7.1.4"
  #elseif compiler(>=7.1.3)
    static let compiler = "7.1.3"
  #elseif compiler(>=7.1.2)
    static let compiler = "7.1.2"
  #elseif compiler(>=7.1.1)
    static let compiler = "7.1.1"
  #elseif compiler(>=7.1)
    static let compiler = "7.1"
  #elseif compiler(>=7.0.4)
    static let compiler = "7.0.4"
  #elseif compiler(>=7.0.3)
    static let compiler = "7.0.3"
  #elseif compiler(>=7.0.2)
    static let compiler = "7.0.2"
  #elseif compiler(>=7.0.1)
    static let compiler = "7.0.1"
  #elseif compiler(>=7.0)
    static let compiler = "7.0"
  #elseif compiler(>=6.5.4)
    static let compiler = "6.5.4"
  #elseif compiler(>=6.5.3)
    static let compiler = "6.5.3"
  #elseif compiler(>=6.5.2)
    static let compiler = "6.5.2"
  #elseif compiler(>=6.5.1)
    static let compiler = "6.5.1"
  #elseif compiler(>=6.5)
    static let compiler = "6.5"
  #elseif compiler(>=6.4.4)
    static let compiler = "6.4.4"
  #elseif compiler(>=6.4.3)
    static let compiler = "6.4.3"
  #elseif compiler(>=6.4.2)
    static let compiler = "6.4.2"
  #elseif compiler(>=6.4.1)
    static let compiler = "6.4.1"
  #elseif compiler(>=6.4)
    static let compiler = "6.4"
  #elseif compiler(>=6.3.4)
    static let compiler = "6.3.4"
  #elseif compiler(>=6.3.3)
    static let compiler = "6.3.3"
  #elseif compiler(>=6.3.2)
    static let compiler = "6.3.2"
  #elseif compiler(>=6.3.1)
    static let compiler = "6.3.1"
  #elseif compiler(>=6.3)
    static let compiler = "6.3"
  #elseif compiler(>=6.2.4)
    static let compiler = "6.2.4"
  #elseif compiler(>=6.2.3)
    static let compiler = "6.2.3"
  #elseif compiler(>=6.2.2)
    static let compiler = "6.2.2"
  #elseif compiler(>=6.2.1)
    static let compiler = "6.2.1"
  #elseif compiler(>=6.2)
    static let compiler = "6.2"
  #elseif compiler(>=6.1.4)
    static let compiler = "6.1.4"
  #elseif compiler(>=6.1.3)
    static let compiler = "6.1.3"
  #elseif compiler(>=6.1.2)
    static let compiler = "6.1.2"
  #elseif compiler(>=6.1.1)
    static let compiler = "6.1.1"
  #elseif compiler(>=6.1)
    static let compiler = "6.1"
  #elseif compiler(>=6.0.4)
    static let compiler = "6.0.4"
  #elseif compiler(>=6.0.3)
    static let compiler = "6.0.3"
  #elseif compiler(>=6.0.2)
    static let compiler = "6.0.2"
  #elseif compiler(>=6.0.1)
    static let compiler = "6.0.1"
  #elseif compiler(>=6.0)
    static let compiler = "6.0"
  #else
    static let compiler = "before 6.0"
  #endif

  #if os(Linux)
    static let system = "Linux"
  #elseif os(macOS)
    static let system = "macOS"
  #else
    static let system = "another system"
  #endif

  #if arch(x86_64)
    static let platform = "x86_64 \(system)"
  #elseif arch(arm64)
    static let platform = "arm64 \(system)"
  #else
    static let platform = system
  #endif
}
