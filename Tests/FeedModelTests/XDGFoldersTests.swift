import FeedModel
import Testing

/// The folders Cascade keeps its files in, by the XDG rules: the variables when absolute,
/// else under `$HOME`, else none.
@Suite struct XDGFoldersTests {
  @Test func theVariablesWinWhenAbsolute() {
    let folders = XDGFolders(environment: [
      "HOME": "/home/ana", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k",
      "XDG_STATE_HOME": "/s", "XDG_CONFIG_DIRS": "/etc/a:relative:/etc/b",
    ])
    #expect(folders.home == "/home/ana")
    #expect(folders.config == "/c" && folders.cache == "/k" && folders.state == "/s")
    #expect(folders.configDirectories == ["/etc/a", "/etc/b"])
  }

  @Test func anEmptyOrRelativeVariableFallsBackToTheHome() {
    let folders = XDGFolders(environment: [
      "HOME": "/home/ana", "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": "cache",
      "XDG_STATE_HOME": "./state", "XDG_CONFIG_DIRS": "",
    ])
    #expect(folders.config == "/home/ana/.config")
    #expect(folders.cache == "/home/ana/.cache")
    #expect(folders.state == "/home/ana/.local/state")
    #expect(folders.configDirectories == ["/etc/xdg"])
  }

  @Test func withoutAnAbsoluteHomeOnlyTheVariablesCount() {
    let folders = XDGFolders(environment: ["HOME": "relative", "XDG_CACHE_HOME": "/k"])
    #expect(folders.home == nil && folders.config == nil && folders.state == nil)
    #expect(folders.cache == "/k")
    #expect(XDGFolders(environment: [:]).cache == nil)
  }
}
