import FeedKit
import FeedModel

/// `--help` for each command, written from the option table, so a new option is in the help
/// the moment it is declared, with its real default and its range.
enum HelpText {
  static let version = CascadeVersion.string

  static var browse: String {
    """
    cascade \(version) — browse an image feed as a waterfall in the terminal

    usage: cascade [FEED…] [options]
           cascade layout [FEED…] --width W [options]   (see 'cascade layout --help')
           cascade print [FEED…] [--width W] [--height H | --all]   (see 'cascade print --help')
           cascade items [FEED…] [--show-secrets]   (see 'cascade items --help')
           cascade add URL [NAME] | remove URL|NAME | import FILE.opml | export
                                                  (see 'cascade help add')
           cascade help [layout|print|items|add] | --help | --version | --completions bash|zsh|fish

    \(wrapped(feedText))

    \(options(for: .browse))
    \(HelpExamples.helpText)
    In the browser, press ? for the keys; q quits.
    """
  }

  static var print: String {
    """
    usage: cascade print [FEED…] [--width W] [--height H | --all] [options]

    Writes the waterfall's first screen (or with --all the whole first page), pictures
    included, to standard output with ANSI colours, and exits once every picture on it
    is drawn or has failed: a contact sheet for a pipe, a file or a quick look. Colours
    follow --color; `auto` gives 24-bit where COLORTERM says truecolor, else the
    256-colour palette (16 on a terminal that has only 16), and plain text with no
    colour under NO_COLOR (set and not empty) or TERM=dumb. Skipped items and sizes
    that could not be read are reported on stderr.

    \(options(for: .print))
    """
  }

  static var layout: String {
    """
    usage: cascade layout [FEED…] --width W [options]

    Lays FEED out and prints the frames as JSON:
      {"contentSize": {"width": W, "height": H},
       "items": [{"index": 0, "x": 0, "y": 0, "width": 187.5, "height": 351.4}, ...]}
    `index` counts the items that were kept; skipped items are reported on stderr.
    FEED is a file, a folder or a picture, '-' for standard input, or a file/http/https
    URL; several are laid out as one feed; the bundled sample feed when left out. Carousel and ring print the boxes in a W×H view
    (--height): the carousel's in view at --offset, in view coordinates, with their
    "scale"; the ring's around a circle, item 0 at the bottom (y grows downwards), the
    indices turning counter-clockwise as seen on screen. (The browser reads its ring
    like a clock instead: the selected item at the top, the next ones clockwise.)

    \(options(for: .layout))
    """
  }

  static var items: String {
    """
    usage: cascade items [FEED…] [--show-secrets] [options]

    Writes every item of each FEED's first page to standard output as a line of JSON
    (JSON Lines, for jq), as the items are read, the feeds in the order given:
      {"feed": "photos.json", "id": "42", "title": "Dunes", "link": "https://…",
       "date": "2024-05-01T14:03:00Z", "author": "Ana", "summary": "…",
       "pictures": [{"url": "https://…/dunes.jpg", "width": 1200, "height": 800,
                     "type": "image/jpeg"}]}
    A field the feed leaves out is null; a text item has no pictures; a picture's
    width and height are null when the feed gives no size, its type null when its
    name says none. `feed` is the FEED as given, `date` ISO 8601 in UTC. Passwords
    and tokens in URLs are masked (***) unless --show-secrets. A FEED that cannot be
    read is said on stderr, the others are written, and the status is 1.
      cascade items feed.json | jq -r '.pictures[].url'

    \(options(for: .items))
    """
  }

  static var subscriptions: String {
    """
    usage: cascade add URL [NAME]     follow a feed: a URL or a path, and a name
           cascade remove URL|NAME    stop following it
           cascade import FILE.opml   follow the feeds of an OPML export
           cascade export [--show-secrets]   the feeds followed, as OPML 2.0

    The feeds followed are a plain file, one a line (the URL or path, in double
    quotes when it holds a space, then an optional name; # starts a comment; a line
    [Folder] files the feeds under it, [] ends the folder), which you may edit by
    hand: $XDG_CONFIG_HOME/cascade/feeds, else ~/.config/cascade/feeds, readable by
    you alone. OPML folders (nested outlines) become such folders and are exported
    back as them. Passwords and tokens in URLs are kept in the file and shown masked
    (***); export writes them only with --show-secrets.

    \(options(for: .export))
    """
  }

  /// What Cascade does, for the man page's description.
  static let summary =
    "Cascade shows a feed of pictures as a Pinterest-style waterfall in the terminal: each "
    + "picture dropped into the shortest column as a box with its aspect ratio, with its title "
    + "below it, and drawn inside it in coloured block symbols on any terminal, or in real "
    + "pixels where the terminal speaks kitty graphics, sixel or iTerm2's protocol. The feed "
    + "can also be seen as an irregular waterfall, a carousel or a ring (--style, or L); "
    + "pulling at the top refreshes it and pulling at the bottom loads its next page."

  /// What FEED may be: every format `--format` names, by the name people know it by.
  static let feedText =
    "FEED is a feed (JSON, RSS, Atom, JSON Feed, Reddit, Mastodon, Bluesky, Lemmy, MediaWiki, "
    + "Imgur, an Unsplash, Pexels, Pixabay, Flickr, Giphy or Tenor answer, a list of picture "
    + "URLs or paths) in a file, '-' for standard input, a file://, http:// or https:// URL (a "
    + "URL with {page} in it is fetched page by page), a folder of pictures, or a picture. "
    + "Several FEEDs (a few feeds, a shell glob of pictures) open as one waterfall of all their "
    + "items, each naming its feed; one that cannot be read is said and the others shown. With "
    + "no FEED, cascade opens the feeds followed (cascade add) as one waterfall, newest first, "
    + "the items new since the last visit marked and counted (F lists the feeds); the sample "
    + "feed built into it when none is followed. Every option also takes the --name=value "
    + "form."

  /// `text` in lines of at most 80 columns.
  static func wrapped(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > 80 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The options of `command`, by group: name and value, then what it does, its default and
  /// what it allows.
  static func options(for command: Command) -> String {
    let specs = OptionTable.options(for: command)
    let defaults = Settings()
    var groups: [String] = []
    for group in OptionSpec.Group.allCases {
      let members = specs.filter { $0.group == group }
      guard !members.isEmpty else { continue }
      var out = "\(group.rawValue):\n"
      for spec in members {
        let names = (spec.alias.map { $0 + ", " } ?? "") + spec.name
        let head = "  " + names + (spec.placeholder.isEmpty ? "" : " " + spec.placeholder)
        var notes: [String] = []
        if let value = spec.defaultText(defaults) { notes.append("default \(value)") }
        if let allowed = spec.allowed { notes.append(allowed) }
        let text = spec.help + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
        out += layOut(head: head, text: text)
      }
      groups.append(out)
    }
    return groups.joined(separator: "\n")
  }

  /// The option's name in a column of 24, its text wrapped at 80 beside it.
  private static func layOut(head: String, text: String) -> String {
    let indent = 24
    var lines: [String] = []
    var line = head.count < indent - 1 ? head.padding(to: indent) : head
    if head.count >= indent - 1 {
      lines.append(line)
      line = "".padding(to: indent)
    }
    var lineHasWords = false
    for word in text.split(separator: " ") {
      if lineHasWords, line.count + 1 + word.count > 80 {
        lines.append(line)
        line = "".padding(to: indent)
        lineHasWords = false
      }
      line += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
