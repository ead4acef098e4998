import FeedKit

/// What `cascade --help` and `cascade --version` print.
enum Usage {
  static let version = CascadeVersion.string

  static let main = """
    cascade \(version) — browse an image feed as a waterfall in the terminal

    usage: cascade [FEED] [--columns N] [--cell-aspect X] [--pull-threshold N]
                   [--timeout SECONDS]
           cascade layout [FEED] --width W [options]   (see 'cascade layout --help')
           cascade --help | --version

    FEED is a JSON feed: a file, '-' for standard input, or a file://, http:// or
    https:// URL (a URL with {page} in it is fetched page by page). With no FEED,
    cascade opens the sample feed it ships with.

    In the browser, press ? for the keys; q quits.
    """
}
