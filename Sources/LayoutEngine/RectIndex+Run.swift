extension RectIndex {
  /// A run of items on its way into the index (a full layout or an appended page): the placing
  /// loop hands it one frame after another.
  ///
  /// A concrete value passed `inout`, not a closure: its `append` inlines into the placing loop
  /// whatever that loop is specialised for. Frames are written, in the store's two halves,
  /// through pointers straight into the store's memory and counted in a block at a time: no
  /// array is checked for uniqueness and capacity per item.
  struct Run: ~Copyable {
    /// Frames written in the store's tail between two commits, at most.
    private static let block = 1_024

    fileprivate(set) var frames: FrameStore
    fileprivate(set) var stacks: ColumnStacks
    private var staging: ColumnStacks.Staging
    /// Where the next frames go: the store's tail, with room for `room` from the last commit.
    /// `extents[0..<pendingCount]`, `places[0..<pendingCount]` are written and not counted yet.
    private var extents: UnsafeMutablePointer<FrameStore.Extent>
    private var places: UnsafeMutablePointer<UInt16>
    private var room: Int
    private var pendingCount = 0
    /// The number the next item gets: `frames.count + pendingCount`.
    private var next: Int32
    /// The items the run was said to hold and has not been given yet: the room taken ahead
    /// stops there.
    private var expectedLeft: Int

    /// A run that takes over `frames` and `stacks`, leaving them empty until `appendRun` gives
    /// them back: swapped, not copied, so that the store and the arrays stay uniquely
    /// referenced and the run writes into the store's own memory.
    fileprivate init(taking frames: inout FrameStore, _ stacks: inout ColumnStacks, expected: Int) {
      self.frames = FrameStore(columnCount: 0)
      self.stacks = ColumnStacks(columnCount: 0)
      swap(&self.frames, &frames)
      swap(&self.stacks, &stacks)
      next = Int32(truncatingIfNeeded: self.frames.count)
      staging = ColumnStacks.Staging(columnCount: self.stacks.columnCount, expected: expected)
      expectedLeft = expected
      // No room yet: the first item takes it.
      room = 0
      (extents, places) = self.frames.tail(room: 0)
    }

    /// Records the next item's frame.
    @inline(__always)
    mutating func append(_ frame: PlacedFrame) {
      if pendingCount == room { takeRoom() }
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
    }

    /// Records the next pictures, one column wide each, as many as `body` writes. `body` is
    /// given room for at least one: it writes the next items' extents and places
    /// (`FrameStore.place(column:)`) to the front of it, stages each item in its column with
    /// `slots.add`, numbering them from `first`, stops after an item whose column that fills,
    /// and returns how many it wrote.
    ///
    /// The placing loop writes a block of frames straight into the store with nothing in its
    /// way but the stores themselves: no check per item that the block is full, or that an
    /// array is unique and has room.
    @inline(__always)
    mutating func write(
      _ body: (
        _ extents: UnsafeMutablePointer<FrameStore.Extent>, _ places: UnsafeMutablePointer<UInt16>,
        _ room: Int, _ first: Int32, _ slots: ColumnStacks.Staging.Slots
      ) -> Int
    ) {
      if pendingCount == room { takeRoom() }
      let start = pendingCount
      let written = body(extents + start, places + start, room - start, next, staging.slots)
      precondition(written > 0 && written <= room - start, "Run: wrote outside its room")
      pendingCount = start + written
      next &+= Int32(truncatingIfNeeded: written)
      let last = Int(FrameStore.column(of: places[pendingCount - 1]))
      if staging.isFull(last) { flush(last) }
    }

    /// Moves the items staged for `column` into its stack, and first counts every pending
    /// frame in the store (the stacks read the bottoms of the items they take from there).
    @inline(never)
    private mutating func flush(_ column: Int) {
      commit()
      frames.withView { stacks.flush(&staging, column: column, frames: $0) }
    }

    /// Counts the pending frames in `frames`; the next item takes new room.
    private mutating func commit() {
      guard pendingCount > 0 else { return }
      frames.commit(pendingCount)
      expectedLeft -= pendingCount
      pendingCount = 0
      room = 0
    }

    /// Counts what is pending and takes room in the store's tail for the next block: `block`
    /// frames, fewer when fewer are expected (so that a store reserved for the whole layout is
    /// not outgrown by its last block, and copied into twice the memory), at least one (a
    /// caller may give more items than it said).
    @inline(never)
    private mutating func takeRoom() {
      commit()
      room = max(1, min(Self.block, expectedLeft))
      (extents, places) = frames.tail(room: room)
    }

    /// Counts what is still pending in the frames, and moves what is staged into the stacks.
    fileprivate mutating func finish() {
      commit()
      frames.withView { stacks.flush(&staging, frames: $0) }
    }
  }

  /// Records a run of about `expected` items: `body` appends each next item's frame, in index
  /// order, to the run it is given.
  @inline(__always)
  mutating func appendRun(expected: Int, _ body: (inout Run) -> Void) {
    var run = Run(taking: &frames, &stacks, expected: expected)
    body(&run)
    run.finish()
    swap(&frames, &run.frames)
    swap(&stacks, &run.stacks)
  }
}
