/// `cascade [FEED] [options]`: the full-screen browser. Owned by the browser issue.
enum BrowseCommand {
  /// Runs the browser; returns the process exit status.
  /// - Parameter arguments: the command line after the program name.
  static func run(arguments: [String]) async -> Int32 {
    print("cascade: the browser is not built yet; try `cascade layout --width 80`")
    return 0
  }
}
