/// `cascade layout`: prints a layout as JSON. Being written.
enum LayoutCommand {
  static func run(arguments: [String]) async -> Int32 { 0 }
}
