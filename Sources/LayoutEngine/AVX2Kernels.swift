import CCPUFeatures
import WaterfallAVX2

/// The engine's loops that run faster with AVX2, called only where the CPU has it.
///
/// They are in their own module, `WaterfallAVX2`, the only one built with `-mavx2` (Swift has
/// no per-function target features); nothing else of the engine may be, because it must run on
/// every x86-64 CPU, whose baseline is SSE2. That module's public surface is two functions on
/// buffers of doubles and tuples, and it shares no code with this one, so that no AVX2
/// instruction can be reached but through here.
enum AVX2Kernels {
  /// CPUID and XGETBV, asked once.
  static let isAvailable = cascade_cpu_has_avx2()

  /// `ItemSize.aspectRatios`' loop, four divisions an instruction; false without AVX2.
  static func aspectRatios(
    _ items: UnsafeBufferPointer<ItemSize>, into ratios: UnsafeMutableBufferPointer<Double>
  ) -> Bool {
    guard isAvailable else { return false }
    // `ItemSize` is two stored doubles, laid out as the tuple the kernel reads.
    items.withMemoryRebound(to: (width: Double, height: Double).self) { sizes in
      aspectRatiosAVX2(sizes, into: ratios)
    }
    return true
  }

  /// `SortedColumns.place` for 7 and 8 columns, four columns an instruction; nil without AVX2.
  static func placeSorted(_ loop: SortedColumns.Loop, from start: Int) -> Int? {
    #if arch(x86_64)
      guard isAvailable, (7...8).contains(loop.bottoms.count) else { return nil }
      let output = loop.output
      return output.frames.withMemoryRebound(to: PlacedFrameFields.self) { frames in
        placeSortedAVX2(
          loop.encoded, from: start, into: frames, bottoms: loop.bottoms, last: output.last,
          marks: output.marks, tops: output.tops, block: ColumnCheckpoints.block,
          rowSpacing: loop.rowSpacing, itemWidth: loop.itemWidth)
      }
    #else
      return nil
    #endif
  }
}
