import CLibXML2
import FeedKit

/// libxml2's own SAX2 parse of a document with nothing done for what it reports: the floor
/// under any decoder built on it, as the RSS decoding row's baseline.
///
/// The same parser, options and chunks as FeedKit's `SAXParser` (recovery, no network, no
/// warnings; namespaces resolved, attributes split), with callbacks that return at once, so the
/// difference to Cascade's decode is the Swift work: mending, decoding the encoding, walking
/// the elements, making items.
enum LibXML2Floor {
  /// Parses `bytes`; the number of elements libxml2 reported, so that the work is not dropped.
  static func parse(_ bytes: [UInt8]) -> Int {
    var sax = xmlSAXHandler()
    sax.initialized = cxml_sax2_magic()
    sax.startElementNs = { user, _, _, _, _, _, _, _, _ in
      user?.assumingMemoryBound(to: Int.self).pointee += 1
    }
    sax.endElementNs = { _, _, _, _ in }
    let characters: charactersSAXFunc = { _, _, _ in }
    sax.characters = characters
    sax.cdataBlock = characters
    sax.getEntity = { _, name in xmlGetPredefinedEntity(name) }
    var elements = 0
    withUnsafeMutablePointer(to: &elements) { counter in
      guard let context = xmlCreatePushParserCtxt(&sax, counter, nil, 0, nil) else { return }
      defer { xmlFreeParserCtxt(context) }
      xmlCtxtUseOptions(context, SAXParser.options)
      SAXParser.feed(bytes, to: context)
    }
    return elements
  }
}
