import FeedModel
import Testing

@testable import BrowserCore

/// `y` and `Y` ask the shell to copy, and the state says how it went.
@Suite struct CopyTests {
  @Test func yCopiesTheSelectedImageURLAndYItsLink() {
    var state = Fixtures.state(Fixtures.items(12))
    state.select(3)
    #expect(
      state.handle(.copy(.image))
        == [.copy("https://example.com/item/4.jpg", CopyRequest(target: .image, number: 4))])
    #expect(
      state.handle(.copy(.link))
        == [.copy("https://example.com/item/4", CopyRequest(target: .link, number: 4))])
  }

  @Test func anItemWithoutALinkSaysSo() {
    var state = Fixtures.state([FeedItem(imageURL: "https://x.example/a.jpg", width: 1, height: 1)])
    state.select(0)
    #expect(state.handle(.copy(.link)).isEmpty)
    #expect(state.message == "#1 has no link")
  }

  /// A feed's link with an escape sequence or a newline reached the clipboard, to act wherever
  /// it was pasted.
  @Test(arguments: [
    "http://example.com/\u{1B}]52;c;eA==\u{07}", "http://x/a\nrm -rf ~", "http://x/\u{9B}1m",
    // Bidi controls, zero-width and separator characters: a link other than the one shown.
    "https://example.com/\u{202E}gpj.exe", "https://exa\u{200B}mple.com/", "https://x/\u{FEFF}",
    "https://x/\u{2066}a\u{2069}", "https://x/a\u{2028}b", "https://x/a\u{2029}b",
    "https://x/\u{061C}a", "https://x/\u{2067}\u{2068}",
  ])
  func aLinkWithControlCharactersIsNotCopied(link: String) {
    var state = Fixtures.state([
      FeedItem(imageURL: "https://x.example/a.jpg", width: 1, height: 1, link: link)
    ])
    state.select(0)
    #expect(state.handle(.copy(.link)).isEmpty)
    #expect(state.message == "not copying #1's link: it holds control or invisible characters")
  }

  @Test func theOutcomeIsWorded() {
    var state = Fixtures.state(Fixtures.items(3))
    let request = CopyRequest(target: .image, number: 2)
    _ = state.update(.copied("https://example.com/item/2.jpg", request, .copied))
    #expect(state.message == "copied #2's image URL")
    _ = state.update(.copied("https://example.com/item/2.jpg", request, .unsupported))
    #expect(state.message.contains("cannot take a copy"))
    #expect(state.message.hasSuffix("https://example.com/item/2.jpg"))
  }
}

extension CopyTests {
  /// Under tmux's default `set-clipboard external` an OSC 52 copy is dropped: "copied" was a
  /// lie. The shell puts it into tmux's buffer, and the status line says so.
  @Test func aCopyIntoTmuxsBufferSaysWhere() {
    var state = Fixtures.state(Fixtures.items(3))
    let request = CopyRequest(target: .image, number: 2)
    state.copied("https://x/2.jpg", request, outcome: .tmuxBuffer(setClipboard: "external"))
    #expect(state.message.hasPrefix("copied #2's image URL to tmux's buffer"), "\(state.message)")
    #expect(state.message.contains("set-clipboard external"))
    state.copied("https://x/2.jpg", request, outcome: .tmuxRefused(setClipboard: "off"))
    #expect(state.message.hasPrefix("not copied: tmux's set-clipboard is off"), "\(state.message)")
    #expect(state.message.hasSuffix("https://x/2.jpg"))
  }
}

/// `w` and `v` ask the shell to keep the selected item's picture, and the state says how it
/// went.
@Suite struct KeepTests {
  @Test func wAsksToSaveTheSelectedPictureAndSaysWhere() {
    var state = Fixtures.state(Fixtures.items(12))
    state.select(3)
    let request = KeepRequest(kind: .save, url: "https://example.com/item/4.jpg", number: 4)
    #expect(state.update(.action(.keep(.save))).contains(.keepPicture(request)))
    _ = state.update(.kept(request, .saved("~/Pictures/cascade/4.jpg")))
    #expect(state.message == "saved #4 as 4.jpg in ~/Pictures/cascade")
    _ = state.update(.kept(request, .failed("the server answered 404")))
    #expect(state.message == "could not save #4's picture: the server answered 404")
  }

  /// The same picture saved again says where it already is; `v` names the file it opened,
  /// not the viewer's path.
  @Test func aSecondSaveAndAViewNameTheFile() {
    var state = Fixtures.state(Fixtures.items(3))
    let save = KeepRequest(kind: .save, url: "https://example.com/item/2.jpg", number: 2)
    _ = state.update(.kept(save, .alreadySaved("~/Pictures/cascade/2.jpg")))
    #expect(state.message == "#2 is already saved as 2.jpg in ~/Pictures/cascade")
    let view = KeepRequest(kind: .view, url: "https://example.com/item/2.jpg", number: 2)
    _ = state.update(.kept(view, .viewing(file: "/tmp/cascade-x1/2.jpg", program: "/bin/eog")))
    #expect(state.message == "opened 2.jpg in eog, from /tmp/cascade-x1")
  }

  /// A status line is cut at the screen's edge, so the file's name, the part a reader looks
  /// for, comes before its folder: a deep save folder does not push it off the line.
  @Test func theFileIsNamedBeforeItsFolder() {
    var state = Fixtures.state(Fixtures.items(3))
    let deep = "/srv/" + String(repeating: "a-long-folder-name/", count: 12) + "saved"
    let save = KeepRequest(kind: .save, url: "https://example.com/item/2.jpg", number: 2)
    _ = state.update(.kept(save, .saved(deep + "/sunset-2.jpg")))
    #expect(state.message.hasPrefix("saved #2 as sunset-2.jpg in /srv/"), "\(state.message)")
    _ = state.update(.kept(save, .alreadySaved(deep + "/sunset-2.jpg")))
    #expect(state.message.hasPrefix("#2 is already saved as sunset-2.jpg in /srv/"))
    // A name alone (no folder) is named alone.
    _ = state.update(.kept(save, .saved("sunset-2.jpg")))
    #expect(state.message == "saved #2 as sunset-2.jpg")
  }
}
