import CLibXML2

/// What a `SAXParser` reports, as it reads: elements, text, the first error.
protocol SAXHandler: AnyObject {
  /// An element opens: its local name, namespace URI (empty for none), qualified name, and
  /// its attributes by qualified name (`href`, `xml:base`).
  func start(local: String, namespace: String, qualified: String, attributes: [String: String])
  func end(local: String)
  /// Text of the element open (CDATA sections too), in UTF-8.
  func text(_ bytes: UnsafeBufferPointer<UInt8>)
  /// An error libxml2 reports, with its number, its own words and where it was met.
  func error(code: Int, message: String, line: Int, column: Int)
}

/// libxml2's SAX2 push parser, through its own C API, for feeds: the document read in one
/// chunk, elements and text reported to a `SAXHandler` as they are met.
///
/// A feed is untrusted, so the parser reads nothing but the bytes it is given: no DTD is
/// loaded (no `XML_PARSE_DTDLOAD`), no entity is substituted (no `XML_PARSE_NOENT`; only
/// XML's five predefined entities are known, through `getEntity`, so a declared entity — a
/// "billion laughs" — expands to nothing), and nothing is fetched (`XML_PARSE_NONET`). It
/// recovers where it can (`XML_PARSE_RECOVER`): a document cut short gives the handler every
/// element before the cut, and the handler decides what to keep.
package final class SAXParser {
  /// libxml2's options for a feed: recover, fetch nothing, no warnings.
  package static let options = Int32(
    XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue)

  private var context: xmlParserCtxtPtr?

  /// The line and column the parser has reached (1-based).
  var position: (line: Int, column: Int) {
    guard let context else { return (0, 0) }
    return (
      Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(context))),
      Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer(context)))
    )
  }

  /// Stops the parse: no more is reported to the handler.
  func stop() {
    if let context { xmlStopParser(context) }
  }

  /// Parses `bytes` (UTF-8), reporting to `handler`; whether the parser could be made.
  func parse(_ bytes: [UInt8], handler: some SAXHandler) -> Bool {
    var sax = xmlSAXHandler()
    sax.initialized = cxml_sax2_magic()
    sax.startElementNs = { user, local, prefix, uri, _, _, count, _, attributes in
      guard let user, let local else { return }
      Box.handler(user).startElement(local, prefix, uri, Int(count), attributes)
    }
    sax.endElementNs = { user, local, _, _ in
      guard let user, let local else { return }
      Box.handler(user).end(local: String(cString: local))
    }
    let characters: charactersSAXFunc = { user, bytes, length in
      guard let user, let bytes, length > 0 else { return }
      Box.handler(user).text(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }
    sax.characters = characters
    sax.cdataBlock = characters
    // Only XML's own five: a declared entity is never expanded.
    sax.getEntity = { _, name in xmlGetPredefinedEntity(name) }
    sax.serror = { user, error in
      guard let user, let error else { return }
      let details = error.pointee
      // Warnings, and namespace errors (a prefix never declared), which a feed reader
      // passes over, are not the document's failure.
      guard details.level.rawValue >= XML_ERR_ERROR.rawValue,
        details.domain != Int32(XML_FROM_NAMESPACE.rawValue)
      else { return }
      let message = details.message.map { String(cString: $0) } ?? ""
      Box.handler(user).error(
        code: Int(details.code), message: message, line: Int(details.line),
        column: Int(details.int2))
    }
    let box = Box(handler: handler)
    let user = Unmanaged.passUnretained(box).toOpaque()
    guard let context = xmlCreatePushParserCtxt(&sax, user, nil, 0, nil) else { return false }
    self.context = context
    defer {
      // A document type with entity declarations makes libxml2 build a document of its own
      // to hold them, even for a SAX reader; the context does not free it (LeakSanitizer
      // found 12 KB a feed with a DTD).
      if let document = context.pointee.myDoc {
        xmlFreeDoc(document)
        context.pointee.myDoc = nil
      }
      xmlFreeParserCtxt(context)
      self.context = nil
      withExtendedLifetime(box) {}
    }
    xmlCtxtUseOptions(context, Self.options)
    Self.feed(bytes, to: context)
    return true
  }

  /// Gives `bytes` to the push parser `context`, the last piece marked last, until it is all
  /// read or the parser is stopped.
  package static func feed(_ bytes: [UInt8], to context: xmlParserCtxtPtr) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        // In pieces, as libxml2's own readers feed it: a chunk's size is an Int32.
        var offset = 0
        let piece = 1 << 24
        repeat {
          let count = min(piece, chars.count - offset)
          let last: Int32 = offset + count >= chars.count ? 1 : 0
          _ = xmlParseChunk(context, chars.baseAddress.map { $0 + offset }, Int32(count), last)
          offset += count
        } while offset < chars.count && context.pointee.disableSAX == 0
      }
    }
  }
}

/// The handler, behind the C callbacks' one pointer.
private final class Box {
  let handler: any SAXHandler

  init(handler: any SAXHandler) { self.handler = handler }

  static func handler(_ pointer: UnsafeMutableRawPointer) -> any SAXHandler {
    Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().handler
  }
}

extension SAXHandler {
  /// `start`, from SAX2's arguments: attributes come five pointers each (local name, prefix,
  /// URI, value start, value end), values not NUL-terminated, and with entities not
  /// substituted each `&` of a value is written `&#38;`, which is undone here.
  fileprivate func startElement(
    _ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?,
    _ count: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
  ) {
    let name = String(cString: local)
    var values: [String: String] = [:]
    if let attributes {
      for index in 0..<count {
        let base = attributes + 5 * index
        guard let attributeName = base[0], let start = base[3], let end = base[4] else { continue }
        let key =
          base[1].map { String(cString: $0) + ":" + String(cString: attributeName) }
          ?? String(cString: attributeName)
        values[key] = Self.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
      }
    }
    start(
      local: name, namespace: uri.map { String(cString: $0) } ?? "",
      qualified: prefix.map { String(cString: $0) + ":" + name } ?? name, attributes: values)
  }

  /// A value's bytes as text, each `&#38;` made `&` again. Looked for in the bytes: every
  /// attribute of every element passes here, and `String.contains` costed a fifth of a
  /// feed's whole decoding.
  static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let ampersand = UInt8(ascii: "&")
    guard bytes.contains(ampersand) else { return String(decoding: bytes, as: UTF8.self) }
    let escape = Array("&#38;".utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == ampersand, index + escape.count <= bytes.count,
        bytes[index..<index + escape.count].elementsEqual(escape)
      {
        kept.append(ampersand)
        index += escape.count
      } else {
        kept.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: kept, as: UTF8.self)
  }
}
