// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Cascade",
  products: [
    .executable(name: "cascade", targets: ["cascade"]),
    .library(name: "WaterfallLayout", targets: ["WaterfallLayout"]),
    .library(name: "FeedKit", targets: ["FeedKit"]),
  ],
  targets: [
    // The engine: pure Swift, imports nothing.
    .target(name: "WaterfallLayout"),
    // Feed items, decoding, sources (file, stdin, http), paging.
    .target(name: "FeedKit"),
    // The only C-facing surface for ncurses.
    .systemLibrary(name: "CNCurses"),
    // Canvas, viewport, drawing, keys and the app loop.
    .target(name: "CascadeTUI", dependencies: ["WaterfallLayout", "FeedKit", "CNCurses"]),
    // The executable stays thin: option parsing and wiring. The sample feed is embedded as a
    // resource file next to the binary *and* found by path, see `SampleFeed`.
    .executableTarget(
      name: "cascade",
      dependencies: ["WaterfallLayout", "FeedKit", "CascadeTUI"]
    ),
    .executableTarget(
      name: "cascade-bench",
      dependencies: ["WaterfallLayout", "FeedKit", "CascadeTUI"]
    ),
    // What several test targets share: a seeded generator and a loopback HTTP server.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "WaterfallLayoutTests", dependencies: ["WaterfallLayout", "TestSupport"]),
    .testTarget(name: "FeedKitTests", dependencies: ["FeedKit", "TestSupport"]),
    .testTarget(
      name: "CascadeTUITests",
      dependencies: ["CascadeTUI", "WaterfallLayout", "FeedKit"],
      exclude: ["Snapshots"]
    ),
    // End-to-end: runs the built `cascade` binary (and, in tmux, the browser).
    .testTarget(
      name: "CascadeTests", dependencies: ["cascade", "FeedKit", "WaterfallLayout", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
