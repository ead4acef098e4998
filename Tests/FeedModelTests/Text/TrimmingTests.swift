import FeedModel
import Testing

@Suite struct TrimmingTests {
  /// Spaces, tabs, line ends and no-break spaces go from both ends; those inside stay.
  @Test func whitespaceGoesFromBothEndsOnly() {
    #expect(" \t\u{A0}a b\r\n".trimmingWhitespace() == "a b")
    #expect("a\u{2003}b".trimmingWhitespace() == "a\u{2003}b")
  }

  /// Text of nothing but white space trims to nothing.
  @Test func onlyWhitespaceTrimsToEmpty() {
    #expect(" \n\u{3000} ".trimmingWhitespace() == "")
    #expect("".trimmingWhitespace() == "")
  }

  /// A predicate trims what it names: quotes around a value, not those inside it.
  @Test func predicateTrimsWhatItNames() {
    #expect("\"a\"b\"".trimming { $0 == "\"" } == "a\"b")
    #expect("'x'"[...].trimming { $0 == "'" || $0 == "\"" } == "x")
  }
}
