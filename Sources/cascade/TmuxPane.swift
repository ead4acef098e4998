import Foundation

/// What Cascade asks of the tmux it runs inside, through tmux's own command line: what tmux
/// passes on to the terminal around it, and passthrough for Cascade's own pane.
enum TmuxPane {
  /// tmux's `client_termfeatures` for this client (`RGB` when it passes 24-bit colour on);
  /// nil outside tmux or when tmux does not answer.
  static func clientFeatures(environment: [String: String]) -> String? {
    guard environment["TMUX"]?.isEmpty == false else { return nil }
    return run(["display-message", "-p", "#{client_termfeatures}"])
  }

  /// Turns `allow-passthrough` on for this pane alone (as timg and kitty's icat do), so that
  /// pictures for the terminal around tmux reach it without the user changing tmux's config.
  /// Returns what was done, in words for `--probe`; nil outside tmux.
  static func allowPassthrough(environment: [String: String]) -> String? {
    guard environment["TMUX"]?.isEmpty == false else { return nil }
    let pane = environment["TMUX_PANE"] ?? ""
    var arguments = ["set-option", "-p"]
    if !pane.isEmpty { arguments += ["-t", pane] }
    guard run(arguments + ["allow-passthrough", "on"]) != nil else {
      return "tmux did not turn allow-passthrough on for this pane (tmux 3.3 or later has it)"
    }
    return "allow-passthrough turned on for this pane"
  }

  /// Runs `tmux arguments…`; its output without the last newline, nil when it fails.
  private static func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
