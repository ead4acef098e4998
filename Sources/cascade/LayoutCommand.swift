import FeedKit
import Foundation
import WaterfallLayout

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
      Console.out(LayoutOptions.usage + "\n")
      return 0
    }
    let document: FeedDocument
    do {
      let source = try options.feed.map { argument throws(FeedError) in
        try FeedSource(argument: argument)
      }
      document = try await FeedLoader(options: options.load).load(source ?? .sample)
    } catch {
      Console.error(error.description)
      return 1
    }
    if let skipped = document.skipped.message { Console.error(skipped) }
    var layout = WaterfallLayout(
      configuration: options.configuration,
      items: document.items.map { ItemSize(width: $0.width, height: $0.height) })
    do {
      try layout.prepare()
    } catch {
      Console.error(error.description)
      return 2
    }
    let items =
      if let rect = options.rect {
        layout.attributes(in: rect)
      } else {
        (0..<layout.itemCount).compactMap { layout.attributes(at: $0) }
      }
    Console.out(LayoutJSON.render(contentSize: layout.contentSize, items: items))
    return 0
  }
}
