/// The names of the actions a key can be bound to in the config file (`"keys": {"top": ["gg"]}`).
/// Declared once, here beside `Action`; the config, `--print-config`, the man page and the
/// completions read this list.
extension Action {
  public static let named: [(name: String, action: Action)] = [
    ("scroll-down", .scroll(1)), ("scroll-up", .scroll(-1)),
    ("page-down", .page(1)), ("page-up", .page(-1)),
    ("half-page-down", .page(0.5)), ("half-page-up", .page(-0.5)),
    ("top", .top), ("bottom", .bottom), ("go-to", .prompt),
    ("select-left", .select(.left)), ("select-right", .select(.right)),
    ("select-up", .select(.up)), ("select-down", .select(.down)),
    ("select-next", .select(.next)), ("select-previous", .select(.previous)),
    ("details", .details), ("open", .open),
    ("save-picture", .keep(.save)), ("view-picture", .keep(.view)),
    ("copy-image-url", .copy(.image)), ("copy-link", .copy(.link)),
    ("columns-more", .columns(.more)), ("columns-fewer", .columns(.fewer)),
    ("next-style", .nextStyle), ("remove", .remove), ("undo", .undo),
    ("toggle-pictures", .togglePictures), ("toggle-sensitive", .toggleSensitive),
    ("toggle-animations", .toggleAnimations),
    ("refresh", .refresh), ("refresh-all", .refreshAll), ("messages", .messages), ("feeds", .feeds),
    ("search", .search), ("next-match", .nextMatch), ("previous-match", .previousMatch),
    ("slideshow", .slideshow), ("help", .help), ("repaint", .repaint), ("quit", .quit),
  ]

  public init?(name: String) {
    guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
    self = found.action
  }

  /// The action's name; nil for those no key is bound to by name (digits, the wheel, Esc).
  public var name: String? { Self.named.first { $0.action == self }?.name }
}

extension Action {
  /// Whether a count typed before the key changes what it does: `25G` goes to item 25, `5j`
  /// scrolls five rows, `3l` selects the third box to the right.
  var takesCount: Bool {
    switch self {
    case .top, .bottom, .scroll, .page, .select: true
    default: false
    }
  }
}
