// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Cascade",
  products: [
    .executable(name: "cascade", targets: ["cascade"]),
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    .library(name: "FeedKit", targets: ["FeedKit"]),
  ],
  targets: [
    // The engine: plain Swift that imports nothing, so that other packages can depend on it by
    // version. Its rounding (`rounded()`, `truncatingRemainder`) compiles to calls into libm,
    // which on Linux nothing links unless Foundation happens to come along.
    .target(
      name: "LayoutEngine",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Feed items, decoding, sources (file, stdin, http), paging.
    .target(name: "FeedKit"),
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
      dependencies: ["LayoutEngine", "FeedKit", "CascadeTUI"]
    ),
    // What several test targets share: a seeded generator and a loopback HTTP server.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "TestSupport"]),
    .testTarget(name: "FeedKitTests", dependencies: ["FeedKit", "TestSupport"]),
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
