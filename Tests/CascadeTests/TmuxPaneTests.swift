import Foundation
import Testing

@testable import cascade

/// What Cascade asks of the tmux around it.
@Suite struct TmuxPaneTests {
  @Test(arguments: [("1", true), ("2", true), ("0", false), ("", false), (nil, false)])
  func aClientIsAttachedWhenTmuxCountsOne(attached: String?, has: Bool) {
    #expect(TmuxPane.hasClient(attached) == has)
  }

  /// In a session no client is attached to, `client_termfeatures` is never asked for (tmux
  /// 3.3a's server crashes expanding it there); with one attached it is.
  @Test func clientFeaturesAreAskedOnlyWithAClientAttached() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-tmux-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let asked = folder + "/asked"
    let attached = folder + "/attached"
    // A stand-in for tmux: records what it is asked, answers from `attached`.
    let fake = folder + "/tmux"
    let script = """
      #!/bin/sh
      printf '%s\\n' "$3" >> '\(asked)'
      case "$3" in
        *session_attached*) cat '\(attached)' ;;
        *) echo RGB ;;
      esac
      """
    try script.write(toFile: fake, atomically: true, encoding: .utf8)
    chmod(fake, 0o755)
    try "0\n".write(toFile: attached, atomically: true, encoding: .utf8)
    let environment = ["TMUX": "/tmp/tmux-1/default,1,0"]
    var detached = TmuxPane.clientFeatures(environment: environment, tmux: fake)
    // A script just written can be busy (ETXTBSY) while another test forks: tried again.
    for _ in 0..<50 where !FileManager.default.fileExists(atPath: asked) {
      usleep(20_000)
      detached = TmuxPane.clientFeatures(environment: environment, tmux: fake)
    }
    #expect(detached == nil)
    let before = try String(contentsOfFile: asked, encoding: .utf8)
    #expect(!before.contains("client_termfeatures"), "\(before)")
    try "1\n".write(toFile: attached, atomically: true, encoding: .utf8)
    #expect(TmuxPane.clientFeatures(environment: environment, tmux: fake) == "RGB")
    #expect(try String(contentsOfFile: asked, encoding: .utf8).contains("client_termfeatures"))
  }
}
