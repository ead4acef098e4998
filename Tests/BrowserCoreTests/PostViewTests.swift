import FeedModel
import Foundation
import Testing

@testable import BrowserCore

/// `Enter` opens an item's post: its picture beside or above the text by the window's shape,
/// the facts, the whole text scrolled with the movement keys; `Enter` again shows the picture
/// alone; links open by number. With pictures on there was no way to read a post's text, and
/// the details panel (pictures off) jumped between columns as it scrolled.
@Suite struct PostViewTests {
  /// A post of `words` numbered words (`word0 … wordN`), opened on a small window.
  static func opened(
    words: Int, pictures: Bool = false, size: CanvasSize = CanvasSize(columns: 60, rows: 20)
  ) -> BrowserState {
    let items = [TextCardTests.card(1, words: words), TextCardTests.card(2, words: 3)]
    var state = Fixtures.state(
      items, options: BrowserOptions(columns: 1, pictures: pictures), size: size)
    _ = state.update(.action(.select(.next)))
    _ = state.update(.action(.details))
    return state
  }

  /// The column of the first non-blank cell of each row holding a word, and the rows' widths.
  static func wordColumns(_ text: String) -> Set<Int> {
    Set(
      text.split(separator: "\n").compactMap { row in
        row.range(of: "word").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
          .flatMap { column in column < 10 ? column : nil }
      })
  }

  @Test func theWholeTextIsReadAPageAtATimeWithoutJumping() {
    var state = Self.opened(words: 400)
    #expect(state.showsPost)
    var seen = Set<String>()
    var edges = Set<Int>()
    var screens = 0
    while screens < 100 {
      let text = render(state).text
      for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      where word.hasPrefix("word") {
        seen.insert(String(word))
      }
      edges.formUnion(Self.wordColumns(text))
      screens += 1
      if text.contains("word399") { break }
      _ = state.update(.action(.page(1)))
      #expect(state.panel == .details(0), "a paging key closed the post")
    }
    #expect((0..<400).allSatisfy { seen.contains("word\($0)") }, "words never shown")
    #expect(screens > 3)
    #expect(edges == [2], "the text's left edge stays put: \(edges)")
  }

  @Test func theKeysRowSaysWhichLinesAreShown() throws {
    var state = Self.opened(words: 400)
    let first = render(state).text
    #expect(first.contains("1–18 of "), "\(first)")
    _ = state.update(.action(.scroll(1)))
    #expect(render(state).text.contains("2–19 of "))
    _ = state.update(.action(.bottom))
    #expect(render(state).text.contains("id:    post-1"))
  }

  @Test func theNeighboursAreLeftAndRight() {
    var state = Self.opened(words: 40)
    _ = state.update(.action(.select(.right)))
    #expect(state.panel == .details(1) && state.showsPost)
    _ = state.update(.action(.select(.left)))
    #expect(state.panel == .details(0))
    // `n` and `N`, as in newsboat and mutt.
    _ = state.update(.action(.nextMatch))
    #expect(state.panel == .details(1) && state.showsPost)
    _ = state.update(.action(.previousMatch))
    #expect(state.panel == .details(0))
    _ = state.update(.action(.escape))
    #expect(state.panel == .none)
  }

  @Test func theFactsAreAtTheTopInTheReadersTime() {
    var state = Self.opened(words: 5)
    state.readerTime = ReaderTimeTests.newYork
    let text = render(state).text
    for fact in [
      "Post 1", "by:    Ann", "date:  2024-05-02 06:00 EDT", "link:  https://blog.example/1",
    ] {
      #expect(text.contains(fact), "\(fact): \(text)")
    }
  }

  /// The post asks for its whole text once; when it comes it replaces the summary, and `o`
  /// with a number opens that link.
  @Test func theWholeTextComesAndItsLinksOpenByNumber() throws {
    var state = Self.opened(words: 5)
    var asked = state.update(.action(.scroll(0)))
    let key = try #require(state.items[0].postKey)
    #expect(state.postAsked == key)
    asked = state.update(.action(.scroll(1)))
    #expect(!asked.contains { if case .readPost = $0 { true } else { false } }, "asked once")
    let links = (1...12).map { "https://blog.example/l\($0)" }
    let post = PostText(
      blocks: [PostText.Block(kind: .paragraph, text: "The whole text[3].")], links: links)
    _ = state.update(.postRead(key: key, post))
    let text = render(state).text
    #expect(text.contains("The whole text[3]."), "\(text)")
    #expect(!text.contains("word4"), "the summary gave way")
    _ = state.update(.action(.top))
    _ = state.update(.action(.open))
    #expect(state.linkPrompt == "")
    // 3 of 12: no longer number starts with 3, so it opens at once.
    func opens(_ effects: [Effect]) -> [String] {
      effects.compactMap { if case .open(let url) = $0 { url } else { nil } }
    }
    #expect(opens(state.update(.action(.digit(3)))) == ["https://blog.example/l3"])
    #expect(state.linkPrompt == nil)
    // 1 may be 1 or 10-12: it waits for the next digit or Enter.
    _ = state.update(.action(.open))
    #expect(opens(state.update(.action(.digit(1)))).isEmpty)
    #expect(opens(state.update(.action(.digit(2)))) == ["https://blog.example/l12"])
    _ = state.update(.action(.open))
    _ = state.update(.action(.digit(1)))
    #expect(opens(state.update(.action(.details))) == ["https://blog.example/l1"])
    // Enter alone opens the post's page; a number past the end opens nothing.
    _ = state.update(.action(.open))
    #expect(opens(state.update(.action(.details))) == ["https://blog.example/1"])
    _ = state.update(.action(.open))
    _ = state.update(.action(.digit(1)))
    #expect(opens(state.update(.action(.digit(5)))).isEmpty)
    #expect(state.message.contains("no link 15"), "\(state.message)")
    #expect(state.panel == .details(0))
  }

  @Test func aPictureSitsBesideTheTextOnAWideWindowAndAboveOnATallOne() throws {
    let wide = PostLayout(CanvasSize(columns: 160, rows: 40), withPicture: true)
    let beside = try #require(wide.picture)
    #expect(beside.column + beside.width < wide.text.column)
    #expect(beside.height == 39 && wide.text.row == 0)
    let tall = PostLayout(CanvasSize(columns: 60, rows: 50), withPicture: true)
    let above = try #require(tall.picture)
    #expect(above.row + above.height < tall.text.row)
    #expect(PostLayout(CanvasSize(columns: 60, rows: 50), withPicture: false).picture == nil)
  }

  /// With pictures on, the post asks for its picture at the post's picture area; `Enter`
  /// shows it alone over the screen, and Esc goes back to the post, then to the waterfall.
  @Test func enterShowsThePictureAloneAndEscGoesBack() throws {
    var state = Fixtures.state(
      Fixtures.items(6), options: BrowserOptions(columns: 2),
      size: CanvasSize(columns: 160, rows: 40))
    state.select(2)
    _ = state.update(.action(.details))
    let inPost = try #require(state.fullScreenPictureKey(forItem: 2))
    let area = try #require(state.postLayout(ofItem: 2).picture)
    #expect(inPost.columns <= area.width && inPost.rows <= area.height)
    _ = state.update(.action(.details))
    #expect(!state.showsPost)
    let alone = try #require(state.fullScreenPictureKey(forItem: 2))
    #expect(alone.columns > inPost.columns || alone.rows > inPost.rows)
    _ = state.update(.action(.escape))
    #expect(state.panel == .details(2) && state.showsPost)
    _ = state.update(.action(.escape))
    #expect(state.panel == .none)
  }

  /// Emphasis in the HTML is bold on the screen, wrapped lines too.
  @Test func emphasisIsDrawnInBold() throws {
    var state = Self.opened(words: 5)
    let key = try #require(state.items[0].postKey)
    let text = "Plain words then " + String(repeating: "loud ", count: 30) + "and quiet again"
    let start = 17
    let post = PostText(
      blocks: [
        PostText.Block(
          kind: .paragraph, text: text, emphasis: [start..<(start + 5 * 30 - 1)])
      ])
    _ = state.update(.postRead(key: key, post))
    let canvas = render(state)
    var bold = Set<String>()
    var plain = Set<String>()
    for row in 0..<canvas.size.rows {
      let line = canvas.line(row)
      for word in ["Plain", "loud", "quiet"] {
        guard let range = line.range(of: word) else { continue }
        let column = line.distance(from: line.startIndex, to: range.lowerBound)
        if canvas[row, column].attributes.contains(.bold) {
          bold.insert(word)
        } else {
          plain.insert(word)
        }
      }
    }
    #expect(bold == ["loud"] && plain == ["Plain", "quiet"], "bold \(bold), plain \(plain)")
  }

  /// A slideshow with pictures off shows each item's post, and asks for its whole text too.
  @Test func aSlideshowOfTextAsksForEachPostsWholeText() throws {
    var state = Self.opened(words: 5)
    _ = state.update(.action(.escape))
    let effects = state.update(.action(.slideshow))
    #expect(state.panel == .details(0) && !state.showsPost && state.showsPostView(ofItem: 0))
    let key = try #require(state.items[0].postKey)
    #expect(effects.contains { if case .readPost(key, _) = $0 { true } else { false } })
  }
}
