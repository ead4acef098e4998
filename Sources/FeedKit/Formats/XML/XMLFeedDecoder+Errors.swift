import Foundation

extension XMLFeedDecoder {
  /// The problem a libxml2 error code (`XMLParser.ErrorCode`'s raw values are libxml2's)
  /// names, in words a person can act on; nil for codes no feed is likely to meet.
  static func problem(code: Int) -> String? {
    switch code {
    case 4: "document is empty"
    case 5: "premature end of data (elements left open), or content after the root element"
    case 6, 7, 8: "invalid character reference (&#…;)"
    case 9: "invalid character (a control character, or bytes not in the declared encoding)"
    case 22, 23: "\"&\" that starts no entity (write it as &amp;) or an entity missing its \";\""
    case 26, 27: "undeclared entity (an &name; that neither XML nor HTML 4 defines)"
    case 31, 32: "unknown or unsupported encoding in the XML declaration"
    case 33, 34, 39, 40, 41: "attribute value not quoted or not closed"
    case 38: "\"<\" inside an attribute value"
    case 42: "attribute given twice in one tag"
    case 45: "comment not closed (-->)"
    case 47: "processing instruction not closed (?>)"
    case 61: "DOCTYPE not closed"
    case 63: "CDATA section not closed (]]>)"
    case 64: "XML declaration (<?xml …?>) after the start of the document"
    case 65, 66: "space required between attributes or names"
    case 68: "name required (a tag or attribute name is missing or starts with a bad character)"
    case 73: "\">\" required to close a tag"
    case 76: "tag mismatch (an element closed with another element's name)"
    case 77: "premature end of data (the document is cut short inside a tag)"
    case 81: "bytes that are not valid in the declared encoding"
    case 85: "elements not closed before the document ends"
    case 86: "extra content at the end of the document"
    default: nil
    }
  }

  /// What went wrong when the parser stopped, as `problem(code:)` says it, else libxml2's own
  /// words when FoundationXML kept them, else the code.
  static func describe(_ error: (any Error)?) -> String {
    guard let error else { return "the XML parser stopped" }
    let nsError = error as NSError
    if let problem = problem(code: nsError.code) { return problem }
    if let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !message.isEmpty {
      return message.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return "XML error \(nsError.code)"
  }
}
