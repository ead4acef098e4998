import BrowserCore
import CPictureCodecs
import FeedKit
import FeedModel
import Foundation
import PictureCells
import PictureKit
import Pictures

/// The picture figures a person notices: a 40×20-cell box drawn from a big photo, a frame of
/// drawn pictures against one of empty boxes, and `cascade print` of a screen of photos from
/// disk (cold, warm, and against timg where it is installed).
enum PictureScreenWorkloads {
  static func measure(quick: Bool, into report: inout Report) {
    boxFromPhoto(quick: quick, into: &report)
    frame(quick: quick, into: &report)
    printSheet(quick: quick, into: &report)
  }

  /// Decode + scale + symbols of a 4000×3000 JPEG for a 40×20-cell box, the loader's own steps,
  /// against a full TurboJPEG decode of the same file.
  static func boxFromPhoto(quick: Bool, into report: inout Report) {
    guard let jpeg = PictureWorkload.photo(width: 4000, height: 3000) else { return }
    let renderer = SymbolRenderer(colorMode: .direct)
    let times = Stopwatch.pairedMedians(
      runs: quick ? 3 : 9,
      baseline: { Sink.take(PictureWorkload.decode(jpeg, width: 4000, height: 3000)) },
      work: {
        let size = PictureFit.decodeSize(columns: 40, rows: 20)
        guard let image = try? PictureDecoder.decode(jpeg, fitting: size) else { return }
        let cells = renderer.render(
          rgba: image.pixels, width: image.width, height: image.height, columns: 40, rows: 20)
        Sink.take(cells.cells.count)
      })
    report.add(
      Figure(
        "picture 4000×3000 JPEG → 40×20 cells", "decode + scale + symbols", times.work * 1000,
        unit: "ms", baseline: ("full TurboJPEG decode ms", times.baseline * 1000),
        target: "report"))
  }

  /// A 200×60 frame of the sample feed with every picture in view drawn, against the same
  /// frame with pictures off (empty boxes).
  static func frame(quick: Bool, into report: inout Report) {
    guard let document = try? FeedDocument.decode(SampleFeed.bytes, origin: "sample") else {
      return
    }
    let screen = CanvasSize(columns: 200, rows: 60)
    var withPictures = BrowserState(options: BrowserOptions(columns: 8), screen: screen)
    let effects = withPictures.update(
      .started(.replaced(document.items, skipped: SkipReport(), hasMore: false), title: nil))
    let cache = PictureCache()
    for effect in effects {
      guard case .loadPicture(let key) = effect else { continue }
      let cells = SymbolCell(scalar: "▀", foreground: .rgb(0xC08040), background: .rgb(0x2040A0))
      cache.insert(
        SymbolPicture(
          columns: key.columns, rows: key.rows,
          cells: Array(repeating: cells, count: key.columns * key.rows)), for: key)
      _ = withPictures.update(.pictureLoaded(key, failure: nil))
    }
    var empty = withPictures
    _ = empty.update(.action(.togglePictures))
    let view = BrowserView(theme: Theme())
    var canvas = MemoryCanvas(columns: screen.columns, rows: screen.rows)
    let times = Stopwatch.pairedMedians(
      runs: quick ? 5 : 21,
      baseline: {
        view.draw(empty, pictures: cache.drawn(for: empty), into: &canvas)
        Sink.take(Int(canvas[0, 0].width))
      },
      work: {
        view.draw(withPictures, pictures: cache.drawn(for: withPictures), into: &canvas)
        Sink.take(Int(canvas[0, 0].width))
      })
    report.add(
      Figure(
        "frame 200×60 with pictures", "draw", times.work * 1000, unit: "ms",
        baseline: ("empty boxes ms", times.baseline * 1000), target: "≤ 2×"))
  }

  /// `cascade print --width 200 --height 60` of 30 photos from disk: cold (no cache), warm (the
  /// drawn cells cached on disk), and `timg --grid` over the same files.
  static func printSheet(quick: Bool, into report: inout Report) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cascade-bench-print-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shapes = [(1600, 1200), (1200, 1600), (1600, 900), (1080, 1350), (1400, 1400)]
    var items: [String] = []
    var files: [String] = []
    for i in 0..<30 {
      let (w, h) = shapes[i % shapes.count]
      guard let jpeg = PictureWorkload.photo(width: w, height: h) else { return }
      let name = "photo-\(i).jpg"
      guard
        FileManager.default.createFile(
          atPath: folder.appendingPathComponent(name).path, contents: Data(jpeg))
      else { return }
      files.append(folder.appendingPathComponent(name).path)
      items.append(#"{"img": "\#(name)", "width": \#(w), "height": \#(h)}"#)
    }
    let feed = folder.appendingPathComponent("feed.json")
    guard
      FileManager.default.createFile(
        atPath: feed.path, contents: Data(#"{"data": [\#(items.joined(separator: ","))]}"#.utf8))
    else { return }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cascade").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print(
        "pictures: \(binary) is not built (swift build -c release --product cascade), so "
          + "cascade print is not measured")
      return
    }
    let cacheHome = folder.appendingPathComponent("cache").path
    let arguments = [
      "print", feed.path, "--width", "200", "--height", "60", "--color", "256",
    ]
    let runs = quick ? 3 : 7
    let cold = Stopwatch.median(runs: runs) {
      try? FileManager.default.removeItem(atPath: cacheHome)
      Sink.take(
        Int(ChildProcess.run(binary, arguments, environment: ["XDG_CACHE_HOME": cacheHome]).status))
    }
    _ = ChildProcess.run(binary, arguments, environment: ["XDG_CACHE_HOME": cacheHome])
    let warm = Stopwatch.median(runs: runs) {
      Sink.take(
        Int(ChildProcess.run(binary, arguments, environment: ["XDG_CACHE_HOME": cacheHome]).status))
    }
    report.add(
      Figure(
        "cascade print 200×60, 30 photos", "warm cache", warm * 1000, unit: "ms",
        baseline: ("cold ms", cold * 1000), target: "≤ 0.3×"))
    guard let timg = ChildProcess.find("timg") else {
      print("pictures: timg is not installed, so cascade print is not compared with it")
      return
    }
    let peer = Stopwatch.median(runs: runs) {
      Sink.take(
        Int(ChildProcess.run(timg, ["--grid=8", "-g200x60", "-ph", "--color8"] + files).status))
    }
    report.add(
      Figure(
        "cascade print 200×60, 30 photos", "cold cache", cold * 1000, unit: "ms",
        baseline: ("timg --grid ms", peer * 1000), target: "≤ 1.0×"))
  }
}
