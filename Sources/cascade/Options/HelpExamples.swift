/// The examples `--help` and the man page end with: one of each way in (a URL, a folder,
/// standard input) and out (a file, jq), so that a first reader can copy one and change it.
enum HelpExamples {
  struct Example {
    var command: String
    var what: String
  }

  static let all: [Example] = [
    Example(
      command: "cascade https://mastodon.social/api/v1/timelines/tag/photography",
      what: "Browse a feed from the web: Mastodon posts tagged #photography."),
    Example(
      command: "cascade ~/Pictures --columns 4",
      what: "Browse a folder of pictures, in four columns."),
    Example(
      command: "find ~/Pictures -name '*.jpg' | cascade -",
      what: "Browse a list read from standard input, a path or URL a line."),
    Example(
      command: "cascade print feed.json --width 100 --all > sheet.txt",
      what: "Print the first page with its pictures to a file (less -R shows it)."),
    Example(
      command: "cascade layout feed.json --width 800 --columns 4 | jq '.contentSize.height'",
      what: "Lay a feed out 800 wide in four columns; jq reads the height."),
  ]

  /// The section of `--help`: each command, with what it does indented below it (within 80
  /// columns, as the options are).
  static var helpText: String {
    "Examples:\n"
      + all.map { "  \($0.command)\n      \($0.what)\n" }.joined()
  }
}
