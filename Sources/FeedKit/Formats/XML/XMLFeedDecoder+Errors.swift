extension XMLFeedDecoder {
  /// The problem a libxml2 error code (`xmlParserErrors`) names, in words a person can act on; nil for codes no feed is likely to meet.
  static func problem(code: Int) -> String? {
    switch code {
    case 3: "text before the first element (a document starts with markup)"
    case 4: "document is empty"
    case 5: "premature end of data (elements left open), or content after the root element"
    case 6, 7, 8: "invalid character reference (&#…;)"
    case 9: "invalid character (a control character, or bytes not in the declared encoding)"
    case 10, 14, 18: "a reference (&…;) cut short by the end of the document"
    case 11, 12, 15, 16, 19, 20: "a reference (&…;) outside the root element"
    case 22, 23: "\"&\" that starts no entity (write it as &amp;) or an entity missing its \";\""
    case 26, 27: "undeclared entity (an &name; that neither XML nor HTML 4 defines)"
    case 31, 32: "unknown or unsupported encoding in the XML declaration"
    case 33, 34, 39, 40, 41: "attribute value not quoted or not closed"
    case 38: "\"<\" inside an attribute value"
    case 42: "attribute given twice in one tag"
    case 43, 44: "a quoted value in the DOCTYPE not started or not closed"
    case 45: "comment not closed (-->)"
    case 46: "processing instruction (<?…?>) without a name"
    case 47: "processing instruction not closed (?>)"
    case 56, 57: "XML declaration (<?xml …?>) not started or not closed"
    case 61: "DOCTYPE not closed"
    case 62: "\"]]>\" outside a CDATA section (write it as ]]&gt;)"
    case 63: "CDATA section not closed (]]>)"
    case 64: "XML declaration (<?xml …?>) after the start of the document"
    case 65, 66: "space required between attributes or names"
    case 67: "name token required in the DOCTYPE"
    case 68: "name required (a tag or attribute name is missing or starts with a bad character)"
    case 69, 72: "\"<\" required (markup expected)"
    case 70, 71: "a system or public identifier required in the DOCTYPE"
    case 73: "\">\" required to close a tag"
    case 74: "\"</\" required (an end tag expected)"
    case 75: "\"=\" required after an attribute's name"
    case 76: "tag mismatch (an element closed with another element's name)"
    case 77: "premature end of data (the document is cut short inside a tag)"
    case 78: "standalone in the XML declaration must be \"yes\" or \"no\""
    case 79: "encoding name in the XML declaration not valid (it starts with a letter)"
    case 80: "\"--\" inside a comment, which XML forbids"
    case 81: "bytes that are not valid in the declared encoding"
    case 85: "elements not closed before the document ends"
    case 86: "extra content at the end of the document"
    case 96: "XML declaration without its version"
    case 97, 108, 109: "XML declaration not valid (its version or its attributes)"
    case 201, 202, 203: "a namespace prefix not declared (xmlns:…), or declared wrongly"
    default: nil
    }
  }

  /// What went wrong where the parser met its first error, as `problem(code:)` says it, else in
  /// libxml2's own words, else by its number.
  static func describe(code: Int, message: String) -> String {
    if let problem = problem(code: code) { return problem }
    let words = message.trimmingASCIIWhitespace()
    if !words.isEmpty { return words.prefix(1).lowercased() + words.dropFirst() }
    return "not well-formed XML (the parser's error number \(code))"
  }
}
