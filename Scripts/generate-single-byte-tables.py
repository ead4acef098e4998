#!/usr/bin/env python3
"""Writes the code pages of the single-byte encodings Cascade decodes feeds in (the WHATWG
Encoding Standard's, and three EBCDIC ones) as Swift tables, from Python's codecs.

Usage: Scripts/generate-single-byte-tables.py Sources/FeedKit/Formats/Encodings/SingleByteEncoding+Tables.swift
"""
import codecs
tables = [
  ("ibm866","cp866",False),("iso8859_2","iso8859_2",False),("iso8859_3","iso8859_3",False),
  ("iso8859_4","iso8859_4",False),("iso8859_5","iso8859_5",False),("iso8859_6","iso8859_6",False),
  ("iso8859_7","iso8859_7",False),("iso8859_8","iso8859_8",False),("iso8859_10","iso8859_10",False),
  ("iso8859_13","iso8859_13",False),("iso8859_14","iso8859_14",False),("iso8859_15","iso8859_15",False),
  ("iso8859_16","iso8859_16",False),("koi8_r","koi8_r",False),("koi8_u","koi8_u",False),
  ("macintosh","mac_roman",False),("windows874","cp874",True),("windows1250","cp1250",True),
  ("windows1251","cp1251",True),("windows1252","cp1252",True),("windows1253","cp1253",True),
  ("windows1254","cp1254",True),("windows1255","cp1255",True),("windows1256","cp1256",True),
  ("windows1257","cp1257",True),("windows1258","cp1258",True),("macCyrillic","mac_cyrillic",False),
]
ebcdic = [("ibm037","cp037"),("ibm500","cp500"),("ibm1140","cp1140")]
def cp(codec, b, c1):
    try:
        s = bytes([b]).decode(codec)
        assert len(s)==1
        return ord(s)
    except UnicodeDecodeError:
        return b if (c1 and 0x80<=b<=0x9F) or codec=="cp874" and b<0xA0 else 0xFFFD
out = ["// Generated from the code pages of the WHATWG Encoding Standard's single-byte encodings","// and three EBCDIC code pages by Scripts/generate-single-byte-tables.py; do not edit by hand.",""]
out.append("extension SingleByteEncoding {")
def emit(name, values):
    out.append(f"  static let {name}: [UInt16] = [")
    for i in range(0,len(values),8):
        out.append("    " + ", ".join(f"0x{v:04X}" for v in values[i:i+8]) + ",")
    out.append("  ]")
for name, codec, c1 in tables:
    vals=[cp(codec,b,c1) for b in range(0x80,0x100)]
    if name=="koi8_u":
        vals[0xAE-0x80]=0x045E; vals[0xBE-0x80]=0x040E
    emit(name+"High", vals)
# EBCDIC's new line (NEL, U+0085) ends lines in XML 1.1 only: a line feed, so that an EBCDIC
# document's line ends are white space to an XML 1.0 parser.
for name, codec in ebcdic:
    emit(name+"Table", [0x0A if cp(codec,b,False)==0x85 else cp(codec,b,False) for b in range(256)])
out.append("}")
open(__import__("sys").argv[1],"w").write("\n".join(out)+"\n")
