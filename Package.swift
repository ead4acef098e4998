// swift-tools-version: 6.0
import PackageDescription

// The flag is for x86-64 only (the build machine's architecture is the target's here); elsewhere
// `WaterfallAVX2` holds nothing the engine calls.
#if arch(x86_64)
  let avx2: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-mavx2"])]
#else
  let avx2: [SwiftSetting] = []
#endif

let package = Package(
  name: "Cascade",
  products: [
    .executable(name: "cascade", targets: ["cascade"]),
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    .library(name: "FeedKit", targets: ["FeedKit"]),
  ],
  targets: [
    // The engine: pure Swift, imports nothing but its AVX2 loops and the CPU's answer to
    // whether they may run.
    .target(name: "LayoutEngine", dependencies: ["WaterfallAVX2", "CCPUFeatures"]),
    // The engine's loops built for AVX2, the only code that is: see `AVX2Kernels`.
    .target(name: "WaterfallAVX2", swiftSettings: avx2),
    // CPUID from C (header only): Swift cannot ask the CPU what it has.
    .systemLibrary(name: "CCPUFeatures"),
    // Feed items, decoding, sources (file, stdin, http), paging.
    .target(name: "FeedKit", dependencies: ["Transport"]),
    // The only C-facing surface for libcurl.
    .systemLibrary(name: "CCurl"),
    // HTTP(S) over libcurl's multi interface with hard limits: feeds, pictures, probes.
    .target(name: "Transport", dependencies: ["CCurl"]),
    // The only C-facing surface for ncurses.
    .systemLibrary(name: "CNCurses"),
    // Canvas, viewport, drawing, keys and the app loop.
    .target(name: "CascadeTUI", dependencies: ["LayoutEngine", "FeedKit", "CNCurses"]),
    // The executable stays thin: option parsing and wiring. The sample feed is embedded as a
    // resource file next to the binary *and* found by path, see `SampleFeed`.
    .executableTarget(
      name: "cascade",
      dependencies: ["LayoutEngine", "FeedKit", "CascadeTUI"]
    ),
    .executableTarget(
      name: "cascade-bench",
      dependencies: ["LayoutEngine", "FeedKit", "CascadeTUI", "Transport", "TestSupport"]
    ),
    // What several test targets share: a seeded generator and a loopback HTTP server.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "TestSupport"]),
    .testTarget(
      name: "WaterfallAVX2Tests", dependencies: ["WaterfallAVX2", "CCPUFeatures", "TestSupport"]),
    .testTarget(name: "FeedKitTests", dependencies: ["FeedKit", "TestSupport"]),
    .testTarget(name: "TransportTests", dependencies: ["Transport", "TestSupport"]),
    .testTarget(
      name: "CascadeTUITests",
      dependencies: ["CascadeTUI", "LayoutEngine", "FeedKit"],
      exclude: ["Snapshots"]
    ),
    // End-to-end: runs the built `cascade` binary (and, in tmux, the browser).
    .testTarget(
      name: "CascadeTests", dependencies: ["cascade", "FeedKit", "LayoutEngine", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
