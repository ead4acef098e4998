/// Where Cascade keeps its files, worked out once by the XDG base directory specification's
/// rules: the config file and the feeds followed under `config`, the picture and feed caches
/// under `cache`, the recent feeds and what was seen of the followed ones under `state`, each
/// in a `cascade` folder of its own.
///
/// A variable that is unset, empty or relative is ignored, as the specification says, and the
/// folder is then the one under `$HOME`; with no absolute `$HOME` either, there is none.
public struct XDGFolders: Equatable, Sendable {
  /// `$HOME`, when it is absolute.
  public var home: String?
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public var config: String?
  /// The system's config folders after the person's own: `$XDG_CONFIG_DIRS`' absolute
  /// folders, in order, else `/etc/xdg`.
  public var configDirectories: [String]
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public var cache: String?
  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public var state: String?

  public init(environment: [String: String]) {
    func absolute(_ name: String) -> String? {
      environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
    home = absolute("HOME")
    config = absolute("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
    cache = absolute("XDG_CACHE_HOME") ?? home.map { $0 + "/.cache" }
    state = absolute("XDG_STATE_HOME") ?? home.map { $0 + "/.local/state" }
    let system = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
    configDirectories = system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
  }
}
