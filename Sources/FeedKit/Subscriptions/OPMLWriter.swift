/// Subscriptions as an OPML 2.0 document, the form every feed reader imports: one `<outline
/// type="rss">` a feed, inside an outline for each folder, every attribute escaped.
public enum OPMLWriter {
  /// The document; `address` writes each feed's address (masking its secrets, or not).
  public static func document(
    _ subscriptions: [Subscription], title: String, address: (String) -> String = { $0 }
  ) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<opml version="2.0">"#,
      "  <head><title>\(escaped(title))</title></head>", "  <body>",
    ]
    var open: [String] = []
    for subscription in subscriptions {
      let folders = subscription.folders
      var shared = 0
      while shared < min(open.count, folders.count), open[shared] == folders[shared] {
        shared += 1
      }
      while open.count > shared {
        open.removeLast()
        lines.append(indent(open.count) + "</outline>")
      }
      for folder in folders[shared...] {
        let name = escaped(folder)
        lines.append(indent(open.count) + #"<outline text="\#(name)" title="\#(name)">"#)
        open.append(folder)
      }
      // Unnamed, a feed is named by its address, written as the address is.
      let name = escaped(subscription.name ?? address(subscription.feed))
      lines.append(
        indent(open.count) + #"<outline type="rss" text="\#(name)" title="\#(name)" "#
          + #"xmlUrl="\#(escaped(address(subscription.feed)))"/>"#)
    }
    while !open.isEmpty {
      open.removeLast()
      lines.append(indent(open.count) + "</outline>")
    }
    lines += ["  </body>", "</opml>"]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func indent(_ depth: Int) -> String {
    String(repeating: "  ", count: depth + 2)
  }

  /// `text` fit for an attribute or element: the five special characters as entities, a
  /// line break or tab as a character reference (an attribute would fold it to a space), and
  /// any other control character, which XML 1.0 cannot hold at all, left out.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\t": out += "&#9;"
      case "\r": out += "&#13;"
      default:
        guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else {
          continue
        }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
