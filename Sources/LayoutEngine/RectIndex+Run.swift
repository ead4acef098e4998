extension RectIndex {
  /// A run of items on its way into the index (a full layout or an appended page): the placing
  /// loop hands it one frame after another.
  ///
  /// A concrete value passed `inout`, not a closure: its `append` inlines into the placing loop
  /// whatever that loop is specialised for. Frames are written, in the store's two halves,
  /// through pointers into blocks of their own and moved into the store a block at a time: no
  /// array is checked for uniqueness and capacity per item.
  struct Run: ~Copyable {
    /// Frames written by the run before they move into `frames`.
    private static let block = 1_024

    fileprivate(set) var frames: FrameStore
    fileprivate(set) var stacks: ColumnStacks
    private var staging: ColumnStacks.Staging
    /// Frames not yet in `frames`: `extents[0..<pendingCount]`, `places[0..<pendingCount]`.
    private let extents: UnsafeMutablePointer<FrameStore.Extent>
    private let places: UnsafeMutablePointer<UInt16>
    private var pendingCount = 0
    /// The number the next item gets: `frames.count + pendingCount`.
    private var next: Int32

    fileprivate init(frames: FrameStore, stacks: ColumnStacks) {
      next = Int32(truncatingIfNeeded: frames.count)
      self.frames = frames
      self.stacks = stacks
      staging = ColumnStacks.Staging(columnCount: stacks.columnCount)
      extents = .allocate(capacity: Self.block)
      places = .allocate(capacity: Self.block)
    }

    deinit {
      extents.deallocate()
      places.deallocate()
    }

    /// Records the next item's frame.
    @inline(__always)
    mutating func append(_ frame: PlacedFrame) {
      let k = pendingCount
      extents[k] = FrameStore.Extent(y: frame.y, height: frame.height)
      places[k] = frames.place(of: frame)
      pendingCount += 1
      let item = next
      next &+= 1
      let first = Int(frame.column)
      if frame.span != 1 { staging.noteSpan() }
      for column in first..<(first + Int(frame.span)) where staging.add(item, column: column) {
        flush(column)
      }
      if pendingCount == Self.block { moveFrames() }
    }

    /// Records the next pictures, one column wide each, as many as `body` writes. `body` is
    /// given room for at least one: it writes the next items' extents and places
    /// (`FrameStore.place(column:)`) to the front of it, stages each item in its column with
    /// `slots.add`, numbering them from `first`, stops after an item whose column that fills,
    /// and returns how many it wrote.
    ///
    /// The placing loop writes a block of frames with nothing in its way but the stores
    /// themselves: no check per item that the block is full, or that an array is unique and
    /// has room.
    @inline(__always)
    mutating func write(
      _ body: (
        _ extents: UnsafeMutablePointer<FrameStore.Extent>, _ places: UnsafeMutablePointer<UInt16>,
        _ room: Int, _ first: Int32, _ slots: ColumnStacks.Staging.Slots
      ) -> Int
    ) {
      let start = pendingCount
      let written = body(extents + start, places + start, Self.block - start, next, staging.slots)
      precondition(written > 0 && written <= Self.block - start, "Run: wrote outside its room")
      pendingCount = start + written
      next &+= Int32(truncatingIfNeeded: written)
      let last = Int(FrameStore.column(of: places[pendingCount - 1]))
      if staging.isFull(last) { flush(last) }
      if pendingCount == Self.block { moveFrames() }
    }

    /// Moves the items staged for `column` into its stack, and first every pending frame into
    /// the store (the stacks read the bottoms of the items they take from there).
    @inline(never)
    private mutating func flush(_ column: Int) {
      moveFrames()
      frames.withView { stacks.flush(&staging, column: column, frames: $0) }
    }

    /// Moves the pending frames into `frames`.
    @inline(never)
    private mutating func moveFrames() {
      guard pendingCount > 0 else { return }
      frames.append(
        extents: UnsafeBufferPointer(start: extents, count: pendingCount),
        places: UnsafeBufferPointer(start: places, count: pendingCount))
      pendingCount = 0
    }

    /// Moves what is still pending or staged into the frames and the stacks.
    fileprivate mutating func finish() {
      moveFrames()
      frames.withView { stacks.flush(&staging, frames: $0) }
    }
  }

  /// Records a run of items: `body` appends each next item's frame, in index order, to the run
  /// it is given.
  @inline(__always)
  mutating func appendRun(_ body: (inout Run) -> Void) {
    // Moved out, not copied, so that the run's arrays stay uniquely referenced.
    var run = Run(frames: frames, stacks: stacks)
    frames = FrameStore(columnCount: 0)
    stacks = ColumnStacks(columnCount: 0)
    body(&run)
    run.finish()
    frames = run.frames
    stacks = run.stacks
  }
}
