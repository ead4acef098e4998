import Testing

@testable import BrowserCore

/// Keys by name, the bindings in force with the config's rebinding, and sequences.
@Suite struct KeyBindingsTests {
  @Test(arguments: [
    ("j", [Key.character("j")]), ("gg", [.character("g"), .character("g")]),
    ("<Down>", [.down]), ("<C-f>", [.control("f")]), ("<M-x>", [.alt("x")]),
    ("<space>", [.character(" ")]), ("<S-Tab>", [.backTab]), ("<lt>", [.character("<")]),
    ("<C-w>j", [.control("w"), .character("j")]), ("é", [.character("é")]),
    // The same bytes as Tab and Enter on every terminal: bound as those keys, not as controls
    // that never arrive.
    ("<C-i>", [.tab]), ("<C-M>", [.enter]), ("<C-j>", [.enter]), ("<C-h>", [.control("h")]),
  ])
  func keysAreReadByName(text: String, keys: [Key]) {
    #expect(Key.sequence(text) == keys)
  }

  @Test(arguments: ["", "<Nope>", "<C-1>", " ", "<C-", "a\u{7}"])
  func notAKey(text: String) {
    #expect(Key.sequence(text) == nil)
  }

  @Test func everyBindableKeyHasANameThatReadsBack() {
    for row in KeyMap.table {
      for binding in row.bindings {
        for key in binding.keys {
          guard let name = key.name else { continue }
          #expect(Key.sequence(name) == [key], "\(name)")
        }
      }
    }
  }

  @Test func everyNamedActionIsInTheKeyTable() {
    let bound = Set(KeyMap.table.flatMap { $0.bindings.map(\.action) })
    for (name, action) in Action.named {
      #expect(bound.contains(action), "\(name) has no row in the key table")
      #expect(Action(name: name) == action)
      #expect(action.name == name)
    }
    #expect(Set(Action.named.map(\.name)).count == Action.named.count)
  }

  @Test func rebindingReplacesAnActionsKeysAndTakesThemFromOthers() {
    let bindings = KeyBindings(rebinding: [
      .top: [[.character("g"), .character("g")]], .quit: [[.character("j")]],
    ])
    #expect(bindings.sequences(for: .top) == [[.character("g"), .character("g")]])
    #expect(bindings.sequences(for: .scroll(1)) == [[.down]])
    #expect(bindings.match([.character("j")]).action == .quit)
    #expect(bindings.match([.character("q")]).action == nil)
    #expect(bindings.match([.character("g")]).action == nil)
    #expect(bindings.match([.character("g")]).continues)
    #expect(bindings.match([.control("c")]).action == .quit, "Ctrl-C always quits")
  }

  @Test func aSequenceWaitsForItsSecondKey() {
    var reader = KeySequenceReader(
      bindings: KeyBindings(rebinding: [.top: [[.character("g"), .character("g")]]]))
    #expect(reader.read(.character("g")).isEmpty)
    #expect(reader.pending == [.character("g")])
    #expect(reader.read(.character("g")) == [.top])
    #expect(reader.pending.isEmpty)
  }

  @Test func aBrokenSequenceReadsTheNewKeyAfresh() {
    var reader = KeySequenceReader(
      bindings: KeyBindings(rebinding: [.top: [[.character("g"), .character("g")]]]))
    _ = reader.read(.character("g"))
    #expect(reader.read(.character("j")) == [.scroll(1)])
    #expect(reader.pending.isEmpty)
  }

  @Test func aKeyThatAlsoStartsASequenceActsWhenCutShort() {
    var reader = KeySequenceReader(
      bindings: KeyBindings(rebinding: [.nextStyle: [[.character("g"), .character("s")]]]))
    #expect(reader.read(.character("g")).isEmpty, "g may start gs")
    #expect(reader.read(.character("j")) == [.top, .scroll(1)])
    _ = reader.read(.character("g"))
    #expect(reader.read(.character("s")) == [.nextStyle])
  }
}

/// The help panel lists the keys in force.
@Suite struct KeyBindingsHelpTests {
  @Test func reboundRowsShowTheirNewKeysAndOthersTheirOwnText() throws {
    let bindings = KeyBindings(rebinding: [
      .top: [[.character("g"), .character("g")]], .bottom: [[.character("G")]],
    ])
    let rows = bindings.help
    let top = try #require(rows.first { $0.what == "top / bottom" })
    #expect(top.keys == "gg  G")
    #expect(rows.first { $0.what.contains("this help") }?.keys == "m  F  ?  ^L")
    #expect(KeyBindings.standard.help.map(\.keys) == KeyMap.help.map(\.0))
  }

  @Test func theHelpOverlayDrawsTheKeysInForce() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 80, rows: 40))
    _ = state.handle(.help)
    var view = BrowserView(theme: Theme())
    view.keys = KeyBindings(rebinding: [
      .quit: [[.character("Q")], [.character("Z"), .character("Z")]]
    ])
    var canvas = MemoryCanvas(columns: 80, rows: 40)
    view.draw(state, into: &canvas)
    // Esc no longer quits once `quit` has keys of its own; Ctrl-C always does.
    #expect(canvas.text.contains("<C-c> Q ZZ       quit"), "\(canvas.text)")
    #expect(!canvas.text.contains("<Esc>"), "\(canvas.text)")
  }
}

extension KeyBindingsTests {
  /// Esc closes and clears but never quits by default: one Esc too many after closing a search
  /// or the details ended the program. `q` and Ctrl-C quit, and the help says so.
  @Test func escClosesButDoesNotQuitByDefault() throws {
    let bindings = KeyBindings.standard
    #expect(!bindings.escapeQuits)
    let quitRow = try #require(bindings.help.first { $0.what == "quit" })
    #expect(!quitRow.keys.contains("Esc"), "\(quitRow)")
    #expect(quitRow.keys.contains("q"))
    var state = Fixtures.state(Fixtures.items(20), options: BrowserOptions(pictures: false))
    _ = state.update(.action(.help))
    _ = state.update(.action(.escape))
    #expect(state.panel == .none, "Esc closes")
    #expect(!state.update(.action(.escape)).contains(.quit), "and does not quit")
    #expect(state.update(.action(.quit)).contains(.quit))
  }

  /// A config that binds Esc to `quit` gets it: Esc still closes what is open first, and quits
  /// when nothing is; the help says so.
  @Test func escBoundToQuitClosesFirstThenQuits() throws {
    let bindings = KeyBindings(rebinding: [.quit: [[.character("q")], [.escape]]])
    #expect(bindings.escapeQuits)
    #expect(bindings.match([.escape]).action == .escape)
    let escRow = try #require(bindings.help.first { $0.keys == "Esc" })
    #expect(escRow.what.hasSuffix("else quit"), "\(escRow)")
    var options = BrowserOptions(pictures: false)
    options.escapeQuits = bindings.escapeQuits
    var state = Fixtures.state(Fixtures.items(20), options: options)
    _ = state.update(.action(.help))
    #expect(!state.update(.action(.escape)).contains(.quit), "the first Esc closes the help")
    #expect(state.panel == .none)
    #expect(state.update(.action(.escape)).contains(.quit))
  }
}

extension KeyBindingsTests {
  /// `--print-config` writes every action's keys; read back, the keys are the table's own, so
  /// nothing counts as rebound: the help keeps its own text.
  @Test func everyActionGivenItsOwnKeysIsNotRebound() {
    let own = Dictionary(
      Action.named.map { ($0.action, KeyBindings.standard.sequences(for: $0.action)) },
      uniquingKeysWith: { first, _ in first })
    let bindings = KeyBindings(rebinding: own)
    #expect(bindings.rebound.isEmpty, "\(bindings.rebound)")
    #expect(!bindings.escapeQuits)
    #expect(bindings.sequences == KeyBindings.standard.sequences)
    #expect(bindings.help.map(\.keys) == KeyBindings.standard.help.map(\.keys))
    let other = KeyBindings(rebinding: [.quit: [[.character("Q")]]])
    #expect(other.rebound == [.quit])
  }
}

extension KeyBindingsHelpTests {
  /// The hints on screen name the keys in force: the status line's `? help` names the key that
  /// shows the help now, the details' `o opens the link` the key that opens, and a hint whose
  /// action has no key left is left out.
  @Test func hintsNameTheKeysInForce() {
    var state = Fixtures.state(
      Fixtures.items(12), options: BrowserOptions(pictures: false),
      size: CanvasSize(columns: 100, rows: 40))
    var view = BrowserView(theme: Theme())
    view.keys = KeyBindings(rebinding: [.help: [[.character("H")]], .open: [[.character("O")]]])
    var canvas = MemoryCanvas(columns: 100, rows: 40)
    view.draw(state, into: &canvas)
    let status = canvas.text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.hasSuffix("H help"), "\(status)")
    #expect(!status.contains("? help"), "\(status)")
    _ = state.handle(.details)
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("O opens the link · Esc closes"), "\(canvas.text)")
    #expect(!canvas.text.contains("o opens"), "\(canvas.text)")

    view.keys = KeyBindings(rebinding: [.help: [], .open: []])
    view.draw(state, into: &canvas)
    #expect(!canvas.text.contains("opens the link"), "\(canvas.text)")
    #expect(canvas.text.contains("Esc closes"), "\(canvas.text)")
    _ = state.handle(.escape)
    view.draw(state, into: &canvas)
    #expect(!canvas.text.contains("help"), "no key shows the help: \(canvas.text)")

    // The table's own keys keep the table's own text.
    view.keys = .standard
    view.draw(state, into: &canvas)
    #expect(canvas.text.contains("? help"))
  }
}

extension KeyBindingsHelpTests {
  /// A window too short for the help says how much is left out on the panel's last row; the
  /// panel ended as if complete.
  @Test func aHelpCutShortSaysSo() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 80, rows: 12))
    _ = state.handle(.help)
    var canvas = MemoryCanvas(columns: 80, rows: 12)
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    let rows = KeyBindings.standard.help.count
    // 12 rows: the status line, the panel's two borders, 9 rows of lines, the last the marker;
    // no room for the footer.
    #expect(canvas.text.contains("… lines 1-8 of \(rows): j k scroll"), "\(canvas.text)")
    #expect(!canvas.text.contains("any key closes"))
    // The movement keys scroll it down to its last line; another key closes it.
    for _ in 0..<30 { _ = state.handle(.scroll(1)) }
    BrowserView(theme: Theme()).draw(state, into: &canvas)
    #expect(canvas.text.contains("lines \(rows - 7)-\(rows) of \(rows)"), "\(canvas.text)")
    #expect(canvas.text.contains("quit"))
    _ = state.handle(.page(-1))
    #expect(state.helpScroll < rows - 8)
    _ = state.handle(.refresh)
    #expect(state.panel == .none)
    // A standard 80×24 window shows every key, without the footer.
    var standard = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 80, rows: 24))
    _ = standard.handle(.help)
    var full = MemoryCanvas(columns: 80, rows: 24)
    BrowserView(theme: Theme()).draw(standard, into: &full)
    #expect(full.text.contains("quit") && !full.text.contains("lines 1-"), "\(full.text)")
    var tall = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 80, rows: 60))
    _ = tall.handle(.help)
    var whole = MemoryCanvas(columns: 80, rows: 60)
    BrowserView(theme: Theme()).draw(tall, into: &whole)
    #expect(!whole.text.contains("lines 1-"))
    #expect(whole.text.contains("any key closes"))
  }
}

extension KeyBindingsHelpTests {
  /// A key rebound to a long sequence widens the keys' column: the descriptions stay in one
  /// column instead of being pushed out of line.
  @Test func reboundKeysKeepTheHelpsColumnsAligned() {
    var state = Fixtures.state(Fixtures.items(12), size: CanvasSize(columns: 100, rows: 40))
    _ = state.handle(.help)
    var view = BrowserView(theme: Theme())
    view.keys = KeyBindings(rebinding: [
      .top: [[.control("w"), .character("g"), .character("g")], [.home]],
      .bottom: [[.control("w"), .character("G")], [.end]],
    ])
    var canvas = MemoryCanvas(columns: 100, rows: 40)
    view.draw(state, into: &canvas)
    let lines = canvas.text.split(separator: "\n").map(String.init)
    let columns = ["top / bottom", "quit", "refresh this feed"].compactMap { what in
      lines.first { $0.contains(what) }.flatMap { line in
        line.range(of: what).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
      }
    }
    #expect(columns.count == 3)
    #expect(Set(columns).count == 1, "\(columns)\n\(canvas.text)")
  }
}
