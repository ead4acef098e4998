// swift-tools-version: 6.0
// Cascade: a terminal image-feed browser, and the LayoutEngine and FeedKit libraries it is made
// of. Licensed under the Apache License, Version 2.0 (see LICENSE). The release version is in
// VERSION; each release is a tag vX.Y.Z on main (see the README's "Releases").
import PackageDescription

let package = Package(
  name: "Cascade",
  products: [
    .executable(name: "cascade", targets: ["cascade"]),
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    // FeedKit's clients name the items it gives them: `import FeedModel` too.
    .library(name: "FeedKit", targets: ["FeedKit", "FeedModel"]),
  ],
  targets: [
    // The engine: plain Swift that imports nothing, so that other packages can depend on it by
    // version. Its rounding (`rounded()`, `truncatingRemainder`) compiles to calls into libm,
    // which on Linux nothing links unless Foundation happens to come along.
    .target(
      name: "LayoutEngine",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // What a feed is, as values: items, their text, placeholders, errors, limits, paging
    // updates, load progress. Links no C library, so that BrowserCore can use it.
    .target(name: "FeedModel", dependencies: ["Locking"]),
    // Feeds from bytes to items: decoding, sources (file, stdin, http, folders), page fetching,
    // paging; picture headers for the sizes feeds leave out.
    .target(
      name: "FeedKit", dependencies: ["FeedModel", "Transport", "Pictures", "Locking", "CLibXML2"]),
    // The only C-facing surface for libxml2: its SAX2 parser, for RSS, Atom and RDF.
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // The one lock type: a pthread mutex, which the thread sanitizer sees (Synchronization's
    // Mutex locks with futexes it cannot); a condition to wait on, and a thread for blocking
    // work, without Foundation.
    .target(name: "Locking"),
    // The only C-facing surface for libcurl.
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // HTTP(S) over libcurl's multi interface with hard limits: feeds, pictures, probes.
    .target(name: "Transport", dependencies: ["CCurl", "Locking"]),
    // The only C-facing surface for ncurses.
    .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
    // libchafa (and the glib it needs), for PictureKit's symbol and sixel encoders only.
    .systemLibrary(
      name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    // A picture as terminal cells, as plain values: symbols and two colours per cell, kitty
    // placeholders, a moving picture's frames, how a picture fits its area. Links no C library.
    .target(name: "PictureCells"),
    // The sample feed's pictures, assembled into the binary from one archive file.
    .target(name: "CSamplePictures"),
    // The sample feed's pictures by name, from that archive.
    .target(name: "EmbeddedPictures", dependencies: ["CSamplePictures"]),
    // The browser as a pure value: state, one `Event` in and `Effect`s out, arrangements, the
    // view and its renderers into a `Canvas`. No terminal, network, clock or file system.
    // It links no C library: only modules that import no C shim, directly or through another
    // (BrowserCoreTests' `CoreDependencyTests` checks the package's graph).
    .target(
      name: "BrowserCore", dependencies: ["LayoutEngine", "FeedModel", "PictureCells", "Locking"]),
    // Everything a picture goes through after a feed names it: fetching (and the first bytes
    // for a size), the disk cache, the loader that schedules, decodes and encodes, the encoders
    // (chafa's symbols, sixel, iTerm2, kitty), the choice of protocol from the terminal's
    // answers, and the drawers a protocol each that put pictures on the screen.
    .target(
      name: "PictureKit",
      dependencies: [
        "BrowserCore", "FeedModel", "FeedKit", "Pictures", "PictureCells", "CChafa",
        "EmbeddedPictures", "Transport", "Locking",
      ]),
    // Runs the core in a real terminal: curses, the poll loop, signals, and the effect runners
    // (loads, opening links, keeping pictures) whose results come back as events.
    .target(
      name: "BrowserShell",
      dependencies: [
        "BrowserCore", "FeedModel", "FeedKit", "PictureKit", "CNCurses", "Pictures",
        "PictureCells", "EmbeddedPictures", "Locking",
      ]),
    // The picture codecs' C surface: TurboJPEG, libpng (simplified API), libwebp, giflib.
    .systemLibrary(
      name: "CPictureCodecs",
      providers: [.apt(["libturbojpeg0-dev", "libpng-dev", "libwebp-dev", "libgif-dev"])]),
    // Picture sniffing, header reading, decoding, orientation and scaling.
    .target(name: "Pictures", dependencies: ["CPictureCodecs", "Locking"]),
    // The executable stays thin: option parsing and wiring. The sample feed is embedded as a
    // resource file next to the binary *and* found by path, see `SampleFeed`.
    .executableTarget(
      name: "cascade",
      dependencies: [
        "LayoutEngine", "FeedModel", "FeedKit", "BrowserCore", "PictureKit", "BrowserShell",
        "EmbeddedPictures", "Pictures", "PictureCells", "Transport", "Locking",
      ]
    ),
    .executableTarget(
      name: "cascade-bench",
      dependencies: [
        "LayoutEngine", "FeedModel", "FeedKit", "BrowserCore", "PictureKit", "BrowserShell",
        "Pictures", "CPictureCodecs", "PictureCells", "Transport", "EmbeddedPictures",
        "TestSupport", "Locking", "CLibXML2",
      ]
    ),
    // What several test targets share: a seeded generator and a loopback HTTP server.
    .target(name: "TestSupport", dependencies: ["Locking"], path: "Tests/TestSupport"),
    .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "TestSupport"]),
    .testTarget(name: "FeedModelTests", dependencies: ["FeedModel", "TestSupport"]),
    .testTarget(name: "LockingTests", dependencies: ["Locking"]),
    .testTarget(
      name: "FeedKitTests", dependencies: ["FeedKit", "FeedModel", "TestSupport", "Locking"]),
    .testTarget(name: "PictureCellsTests", dependencies: ["PictureCells", "TestSupport"]),
    .testTarget(
      name: "PictureKitTests",
      dependencies: [
        "PictureKit", "BrowserCore", "FeedModel", "FeedKit", "Pictures", "PictureCells",
        "TestSupport", "Locking",
      ]),
    .testTarget(name: "EmbeddedPicturesTests", dependencies: ["EmbeddedPictures", "FeedKit"]),
    .testTarget(name: "TransportTests", dependencies: ["Transport", "TestSupport", "Locking"]),
    .testTarget(
      name: "PicturesTests", dependencies: ["Pictures", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "BrowserCoreTests",
      dependencies: ["BrowserCore", "LayoutEngine", "FeedModel", "FeedKit", "PictureCells"],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "BrowserShellTests",
      dependencies: [
        "BrowserShell", "BrowserCore", "PictureKit", "FeedModel", "FeedKit", "PictureCells",
        "TestSupport", "CNCurses", "Locking",
      ]),
    // The benchmark's own measures: what they report must be able to fail.
    .testTarget(
      name: "CascadeBenchTests",
      dependencies: [
        "cascade-bench", "BrowserCore", "FeedKit", "FeedModel", "PictureKit", "Pictures",
      ]),
    // End-to-end: runs the built `cascade` binary (and, in tmux, the browser).
    .testTarget(
      name: "CascadeTests",
      dependencies: [
        "cascade", "FeedModel", "FeedKit", "LayoutEngine", "BrowserCore", "Pictures", "TestSupport",
        "Locking",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
