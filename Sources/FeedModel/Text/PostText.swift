/// A post's whole text as the post view shows it: blocks (paragraphs, headings, quotes, list
/// items, preformatted text, pictures, rules) the view wraps to its width, and the post's links,
/// numbered as the text marks them (`[1]`), listed at its end and opened by number.
///
/// Made from the HTML a feed carries (`PostMarkup` in FeedKit) when the post is opened, not
/// kept for every item: a card keeps its first kilobyte of summary, and only the post shown
/// holds its whole text. Plain text with no control character, escape sequence or invisible
/// formatting character; a link holds none of `LinkCharacters`' hidden characters.
public struct PostText: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case paragraph, heading, preformatted, picture, rule
    /// A list item, with its marker (`•`, `3.`).
    case item(String)
  }

  public struct Block: Hashable, Sendable {
    public var kind: Kind
    /// The text: one paragraph (`\n` where the HTML broke the line), or preformatted lines.
    public var text: String
    /// How deep in quotes (`blockquote`) the block is: each level is drawn as a `│ ` margin.
    public var quoteDepth: Int
    /// How deep in lists the block is: each level indents it.
    public var listDepth: Int
    /// The runs of the text the HTML emphasised (`b` `strong` `em` `i` `code`), as ranges of
    /// its Unicode scalars: drawn in bold where the terminal has it.
    public var emphasis: [Range<Int>]

    public init(
      kind: Kind, text: String, quoteDepth: Int = 0, listDepth: Int = 0,
      emphasis: [Range<Int>] = []
    ) {
      self.kind = kind
      self.text = text
      self.quoteDepth = quoteDepth
      self.listDepth = listDepth
      self.emphasis = emphasis
    }
  }

  public var blocks: [Block]
  /// The links, link N at index N-1: absolute `http(s)` addresses.
  public var links: [String]
  /// Whether the text was cut at the cap on a post's size (`maximumBytes`).
  public var cut: Bool

  /// The most of a post's HTML read: a post longer than this is cut, and says so.
  public static let maximumBytes = 1 << 20

  public init(blocks: [Block] = [], links: [String] = [], cut: Bool = false) {
    self.blocks = blocks
    self.links = links
    self.cut = cut
  }

  /// A post of plain text (a summary): one paragraph.
  public init(plain: String) {
    self.init(blocks: plain.isEmpty ? [] : [Block(kind: .paragraph, text: plain)])
  }
}
