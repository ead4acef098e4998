extension RectIndex {
  /// A run of items on its way into the index (a full layout or an appended page): the placing
  /// loop hands it one frame after another.
  ///
  /// A concrete value passed `inout`, not a closure: its `append` inlines into the placing loop
  /// whatever that loop is specialised for, so that no call per item makes the loop spill the
  /// column state it keeps in vector registers.
  struct Run: ~Copyable {
    fileprivate(set) var frames: [PlacedFrame]
    fileprivate(set) var stacks: ColumnStacks
    private var staging: ColumnStacks.Staging

    fileprivate init(frames: [PlacedFrame], stacks: ColumnStacks) {
      self.frames = frames
      self.stacks = stacks
      staging = ColumnStacks.Staging(columnCount: stacks.columnCount)
    }

    /// Records the next item's frame.
    @inline(__always)
    mutating func append(_ frame: PlacedFrame) {
      let item = Int32(truncatingIfNeeded: frames.count)
      frames.append(frame)
      let first = Int(frame.column)
      if frame.span != 1 { staging.noteSpan() }
      for column in first..<(first + Int(frame.span)) where staging.add(item, column: column) {
        frames.withUnsafeBufferPointer { stacks.flush(&staging, column: column, frames: $0) }
      }
    }

    /// Moves what is still staged into the stacks.
    fileprivate mutating func finish() {
      frames.withUnsafeBufferPointer { stacks.flush(&staging, frames: $0) }
    }
  }

  /// Records a run of items: `body` appends each next item's frame, in index order, to the run
  /// it is given.
  @inline(__always)
  mutating func appendRun(_ body: (inout Run) -> Void) {
    // Moved out, not copied, so that the run's arrays stay uniquely referenced.
    var run = Run(frames: frames, stacks: stacks)
    frames = []
    stacks = ColumnStacks(columnCount: 0)
    body(&run)
    run.finish()
    frames = run.frames
    stacks = run.stacks
  }
}
