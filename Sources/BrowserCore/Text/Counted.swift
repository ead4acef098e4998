/// `1 item`, `2 items`, `0 items`: a count with its noun in the right number.
///
/// The status line and the messages say counts in a person's words; the nouns the browser
/// counts all take a plain `s`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
