import FeedKit

/// The flags that set FeedKit's limits, shared by every command that loads a feed.
enum LoadOptionFlags {
  static let usage = """
      --timeout SECONDS    wait this long to connect, and between reads (default 15)
      --total-time SECONDS give up on one page after this long (default 300)
      --max-bytes N        largest page body, in bytes (default 67108864 = 64 MiB)
      --max-items N        most items in one page (default 5000000)
      --max-depth N        deepest nesting of JSON values (default 256)
      --max-string N       longest JSON string, in bytes (default 1048576)
      --max-pages N        most pages loaded while paging (default 100000)
    """

  /// Consumes `option` if it is one of these flags; false leaves it for the command.
  static func parse(
    _ option: String, _ scanner: inout ArgumentScanner, into options: inout LoadOptions
  )
    throws(UsageError) -> Bool
  {
    switch option {
    case "--timeout": options.timeout = try scanner.number(option, atLeast: 0.001)
    case "--total-time": options.totalTime = try scanner.number(option, atLeast: 0.001)
    case "--max-bytes": options.maxBytes = try scanner.integer(option, in: 1...Int(Int32.max))
    case "--max-items": options.maxItems = try scanner.integer(option, in: 1...100_000_000)
    case "--max-depth": options.maxDepth = try scanner.integer(option, in: 1...100_000)
    case "--max-string":
      options.maxStringLength = try scanner.integer(option, in: 1...Int(Int32.max))
    case "--max-pages": options.maxPages = try scanner.integer(option, in: 1...100_000_000)
    default: return false
    }
    return true
  }
}
