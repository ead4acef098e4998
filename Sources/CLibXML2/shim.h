// The only C-facing surface for libxml2: its SAX2 push parser, for RSS, Atom and RDF feeds.
#ifndef CASCADE_CLIBXML2_SHIM_H
#define CASCADE_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's, whose types
// clash with the ICU that Foundation brings. Nothing here uses them (a converter is reached
// through a pointer only), so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// `XML_SAX2_MAGIC` is a macro Swift does not import.
static inline unsigned int cxml_sax2_magic(void) { return XML_SAX2_MAGIC; }

#endif
