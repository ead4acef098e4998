import Foundation
import Testing

@testable import BrowserCore

/// Compares `text` with `Snapshots/<name>.txt` beside this file; `RECORD_SNAPSHOTS=1` records.
/// A changed snapshot is reviewed by eye before it is committed.
func assertSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let file = folder.appendingPathComponent("\(name).txt")
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  let stored = try? String(contentsOf: file, encoding: .utf8)
  if recording || stored == nil {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot record \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    if !recording {
      Issue.record(
        "recorded new snapshot \(name).txt; review it and run again",
        sourceLocation: sourceLocation)
    }
    return
  }
  #expect(
    stored == text + "\n", "snapshot \(name) differs:\n\(text)", sourceLocation: sourceLocation)
}

/// Draws `state` into a fresh in-memory canvas of its screen size.
func render(_ state: BrowserState, theme: Theme = Theme()) -> MemoryCanvas {
  var canvas = MemoryCanvas(columns: state.screen.columns, rows: state.screen.rows)
  BrowserView(theme: theme).draw(state, into: &canvas)
  return canvas
}
