import FeedKit
import FeedModel
import FoundationEssentials
import LayoutEngine

/// `cascade layout`: lays a feed out and prints the frames as JSON, for scripts and tests.
enum LayoutCommand {
  static func run(arguments: [String]) async -> Int32 {
    let options: LayoutOptions
    do {
      options = try LayoutOptions(arguments: arguments)
    } catch {
      Console.error(error.description)
      return 2
    }
    if options.help {
      Console.out(HelpText.layout)
      return 0
    }
    if options.settings.version {
      Console.out(VersionText.text)
      return 0
    }
    if options.settings.printConfig {
      Console.out(ConfigWriter.render(options.settings, for: .layout))
      return 0
    }
    guard let source = FeedArgument.source(options.feeds, help: "cascade layout --help") else {
      return 2
    }
    var document: FeedDocument
    do throws(FeedError) {
      var load = options.load
      // Frames are of pictures: a text item's card is sized by its text in a terminal's cells,
      // which a layout in pixels has not got; such items are skipped and counted.
      load.picturesOnly = true
      let progress = LoadProgress()
      load.progress = progress
      let notice = ProgressNotice.start(name: source.displayName, progress: progress)
      let loaded: Result<FeedDocument, FeedError>
      do throws(FeedError) {
        loaded = .success(try await FeedLoader(options: load).load(source))
      } catch {
        loaded = .failure(error)
      }
      await ProgressNotice.stop(notice)
      document = try loaded.get()
    } catch {
      Console.error(error.message(naming: .commandLine))
      return 1
    }
    FeedArgument.reportSkipped(document.skipped)
    if let unsized = await UnsizedItems.resolve(
      &document.items, source: source, options: options.load, probe: !options.noProbe)
    {
      Console.error(unsized)
    }
    let sizes = document.items.map {
      ItemSize(width: $0.layoutSize.width, height: $0.layoutSize.height)
    }
    var output = ByteOutput { Console.out($0) }
    switch options.style {
    case .waterfall, .irregular:
      var layout = WaterfallLayout(configuration: options.configuration, items: sizes)
      do {
        try layout.prepare()
      } catch {
        Console.error(error.description)
        return 2
      }
      if let rect = options.rect {
        write(layout.contentSize, layout.attributes(in: rect), to: &output)
      } else {
        // Item by item from the layout: gathering a million attributes first cost 64 MB.
        LayoutJSON.write(
          contentSize: layout.contentSize, count: layout.itemCount,
          item: { layout.attributes(at: $0) }, to: &output)
      }
    case .carousel:
      let (size, items) = carousel(options, count: sizes.count)
      write(size, items, to: &output)
    case .ring:
      let (size, items) = ring(options, count: sizes.count)
      write(size, items, to: &output)
    }
    output.flush()
    ProcessEnd.keep(document)
    return FeedArgument.status(source, of: options.feeds, skipped: document.skipped)
  }

  private static func write(
    _ contentSize: Size, _ items: [LayoutAttributes], to output: inout ByteOutput
  ) {
    LayoutJSON.write(
      contentSize: contentSize, count: items.count, item: { items[$0] }, to: &output)
  }

  /// The boxes in view at `--offset`, in view coordinates, each with its scale.
  private static func carousel(_ options: LayoutOptions, count: Int) -> (Size, [LayoutAttributes]) {
    let width = options.configuration.containerWidth
    let height = options.height ?? 0
    // Square boxes that fit the view both ways: with a side from the height alone, a tall
    // narrow view had boxes wider than itself, none of them centred, at offset 0 none in view.
    let side = 0.6 * min(height, width)
    let layout = CarouselLayout(
      configuration: .init(
        viewWidth: width, viewHeight: height, itemWidth: side, itemHeight: side,
        spacing: options.configuration.columnSpacing),
      itemCount: count)
    var items = layout.attributes(atOffset: options.offset)
    for i in items.indices { items[i].frame.x -= options.offset }
    if let rect = options.rect { items.removeAll { !$0.frame.overlaps(rect) } }
    return (layout.contentSize, items)
  }

  private static func ring(_ options: LayoutOptions, count: Int) -> (Size, [LayoutAttributes]) {
    let width = options.configuration.containerWidth
    let height = options.height ?? 0
    let side = 0.2 * min(width, height)
    let layout = RingLayout(
      configuration: .init(viewWidth: width, viewHeight: height, itemWidth: side, itemHeight: side),
      itemCount: count)
    let items =
      if let rect = options.rect {
        layout.attributes(in: rect)
      } else {
        (0..<count).compactMap { i in
          layout.frame(of: i).map { LayoutAttributes(index: i, frame: $0, column: 0) }
        }
      }
    return (layout.contentSize, items)
  }
}
