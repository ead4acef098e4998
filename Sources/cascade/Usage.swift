import FeedKit

/// What `cascade --help` and `cascade --version` print.
enum Usage {
  static let version = CascadeVersion.string

  static let main = """
    cascade \(version) — browse an image feed as a waterfall in the terminal

    usage: cascade [FEED] [--style STYLE] [--columns N | --column-width N]
                   [--order ORDER] [--tie-tolerance T] [--enlarge-probability P]
                   [--seed N] [--no-separators] [--cell-aspect X] [--pull-threshold N]
                   [limits]
           cascade layout [FEED] --width W [options]   (see 'cascade layout --help')
           cascade --help | --version

    FEED is a JSON feed: a file, '-' for standard input, or a file://, http:// or
    https:// URL (a URL with {page} in it is fetched page by page). With no FEED,
    cascade opens the sample feed it ships with.

    --style waterfall|irregular|carousel|ring   the layout to start in (L cycles)
    --columns N         columns (default: one per 24 cells of the terminal's width)
    --column-width N    instead: as many columns N cells wide as fit, on every resize
    --order shortest|left-to-right|right-to-left   which column a picture goes to
    --tie-tolerance T   bottoms within T (cell widths) count as tied (default 1 row)
    --enlarge-probability P, --seed N   irregular: how often a picture spans two
                        columns (default 0.67), and the draws' seed
    --no-separators     no header row with the feed's name, no rows between pages
    --cell-aspect X     how many times taller than wide a cell is (default 2.0)
    --pull-threshold N  rows of pull that refresh or load more (default 3)

    Limits on what is loaded:
    \(LoadOptionFlags.usage)

    In the browser, press ? for the keys; q quits.
    """
}
