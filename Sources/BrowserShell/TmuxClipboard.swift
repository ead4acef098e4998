import Foundation

/// Copying inside tmux, which takes an application's OSC 52 copy only with `set-clipboard on`.
///
/// Its default, `external`, drops the copy while the application is told nothing, so `y`
/// said "copied" and nothing was. So tmux is asked what it will do (`show -gv set-clipboard`),
/// and unless it takes OSC 52 the text goes into its paste buffer by `tmux load-buffer -w -`,
/// which also passes it on to the terminal's clipboard where tmux can.
enum TmuxClipboard {
  /// How long a tmux command may take before it is given up: a server that does not answer
  /// must not hold up the browser.
  static let patience: TimeInterval = 2

  /// tmux's `set-clipboard` (`on`, `external`, `off`) when the browser runs inside tmux
  /// (`$TMUX`), nil outside it or when tmux does not answer.
  static func setting(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
    guard let answer = run(["show-options", "-gv", "set-clipboard"], input: nil), answer.0 == 0
    else { return nil }
    let value = String(decoding: answer.1, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  /// Puts `text` into tmux's paste buffer (and, where tmux can, the terminal's clipboard);
  /// whether tmux took it.
  static func load(_ text: String) -> Bool {
    run(["load-buffer", "-w", "-"], input: Data(text.utf8))?.0 == 0
  }

  /// Runs `tmux` with `arguments`, `input` on its standard input; its exit status and output,
  /// or nil when it could not be started or did not end in time.
  private static func run(_ arguments: [String], input: Data?) -> (Int32, Data)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let output = Pipe()
    let feed = Pipe()
    process.standardOutput = output
    process.standardInput = feed
    process.standardError = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    do { try process.run() } catch { return nil }
    if let input { try? feed.fileHandleForWriting.write(contentsOf: input) }
    try? feed.fileHandleForWriting.close()
    // Its answer is a word, far less than a pipe holds: it is read once tmux has ended.
    guard ended.wait(timeout: .now() + patience) == .success else {
      process.terminate()
      return nil
    }
    return (process.terminationStatus, output.fileHandleForReading.readDataToEndOfFile())
  }
}
