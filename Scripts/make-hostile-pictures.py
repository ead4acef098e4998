#!/usr/bin/env python3
"""Makes a folder of hostile pictures, to measure what decoding them costs in memory.

    python3 Scripts/make-hostile-pictures.py DIR
    /usr/bin/time -v cascade print DIR --all --no-cache   # "Maximum resident set size"
    python3 Scripts/make-hostile-pictures.py --seeds      # small ones into Fuzz/corpus/

With --seeds it writes small variants (progressive and non-interleaved JPEGs, PNG chunks of
every kind and size, WebP headers) to the picture fuzzers' seed corpora, each behind the
control byte those fuzzers read first.

Each file is small and asks a codec for far more memory than its pixels on screen: JPEGs whose
progressive (or multi-scan) decoding needs coefficient buffers for 8000 × 8000, one with a
segment of a bogus length after its frame header (libjpeg skips it; a marker walk that stopped
there counted nothing), one of 480 scans, PNGs with a chunk declaring two gigabytes (libpng's
own `huge_*_chunk.png` crashers), and WebPs whose lossless or alpha data libwebp decodes at full
size whatever the box. Deterministic: running it again gives the same bytes.
"""
import io
import os
import struct
import sys
import zlib

from PIL import Image


def pillow(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def reframed(jpeg, marker, width, height):
    """`jpeg` with its frame header's marker and size replaced."""
    at = 2
    while at + 8 < len(jpeg):
        kind = jpeg[at + 1]
        length = struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            return (jpeg[:at + 1] + bytes([marker]) + jpeg[at + 2:at + 5]
                    + struct.pack(">HH", height, width) + jpeg[at + 9:])
        at += 2 + length
    raise ValueError("no frame header")


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def huge_chunk_png(kind):
    """A 1×1 PNG with a `kind` chunk before its image data declaring 0x7FFFFF00 bytes."""
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
    idat = png_chunk(b"IDAT", zlib.compress(b"\0\0\0\0"))
    huge = struct.pack(">I", 0x7FFFFF00) + kind + b"x" * 64
    if kind == b"IDAT":
        return b"\x89PNG\r\n\x1a\n" + ihdr + huge
    return b"\x89PNG\r\n\x1a\n" + ihdr + huge + idat + png_chunk(b"IEND", b"")


def main(out):
    os.makedirs(out, exist_ok=True)

    def save(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)

    small = Image.new("RGB", (32, 32), (200, 40, 40))
    cmyk = pillow(small.convert("CMYK"), "JPEG", quality=90, progressive=True)
    bomb = reframed(cmyk, 0xC2, 8000, 8000)
    for copy in range(24):
        save("jpeg-progressive-cmyk-8000-%02d.jpg" % copy, bomb)
    # An APP5 segment of length 0 after the frame header: libjpeg reads its length and goes on.
    sof = next(i for i in range(2, len(bomb)) if bomb[i] == 0xFF and bomb[i + 1] == 0xC2)
    sof_end = sof + 2 + struct.unpack(">H", bomb[sof + 2:sof + 4])[0]
    bogus = bomb[:sof_end] + b"\xFF\xE5\x00\x00" + bomb[sof_end:]
    for copy in range(8):
        save("jpeg-bogus-length-%02d.jpg" % copy, bogus)
    # 480 scans: a real progressive picture, then empty DC refinement scans.
    noise = Image.effect_noise((2000, 2000), 60).convert("RGB")
    progressive = pillow(noise, "JPEG", quality=80, progressive=True)
    empty_scan = b"\xFF\xDA\x00\x08\x01\x01\x00\x00\x00\x01"
    scans = progressive.count(b"\xFF\xDA")
    save("jpeg-480-scans.jpg", progressive[:-2] + empty_scan * (480 - scans) + b"\xFF\xD9")
    for kind in [b"IDAT", b"iCCP", b"zTXt", b"iTXt", b"tEXt", b"sPLT", b"eXIf", b"juNk"]:
        save("png-huge-%s-chunk.png" % kind.decode(), huge_chunk_png(kind))
    # A gradient of thousands of colours: no palette, so libwebp keeps 4 bytes a pixel, yet the
    # predictor makes it a few kilobytes.
    ramp = Image.linear_gradient("L").resize((7900, 7900))
    shades = Image.merge("RGB", [ramp, ramp.transpose(Image.ROTATE_90), ramp.transpose(
        Image.FLIP_TOP_BOTTOM)])
    save("webp-lossless-7900.webp", pillow(shades, "WEBP", lossless=True, quality=0, method=0))
    clear = Image.new("RGBA", (7900, 7900), (30, 120, 200, 128))
    save("webp-lossy-alpha-7900.webp", pillow(clear, "WEBP", quality=50))
    frames = [Image.new("RGB", (5000, 5000), color) for color in [(200, 0, 0), (0, 200, 0)]]
    save("webp-animated-5000.webp", pillow(frames[0], "WEBP", save_all=True, lossless=True,
                                           append_images=frames[1:], duration=100))


def seeds():
    """Small files for the fuzzers: each shape the codecs' memory accounting reads."""
    root = os.path.join(os.path.dirname(__file__), "..", "Fuzz", "corpus")
    files = {}
    small = Image.effect_noise((48, 40), 40).convert("RGB")
    for name, options in [("420", dict(subsampling=2)), ("444", dict(subsampling=0)),
                          ("restarts", dict(subsampling=2, restart_marker_blocks=2))]:
        files["jpeg-progressive-" + name] = pillow(small, "JPEG", quality=70, progressive=True,
                                                   **options)
    files["jpeg-progressive-grey"] = pillow(small.convert("L"), "JPEG", progressive=True)
    cmyk = pillow(small.convert("CMYK"), "JPEG", quality=70, progressive=True)
    files["jpeg-progressive-cmyk"] = cmyk
    bomb = reframed(cmyk, 0xC2, 8000, 8000)
    sof = next(i for i in range(2, len(bomb)) if bomb[i] == 0xFF and bomb[i + 1] == 0xC2)
    sof_end = sof + 2 + struct.unpack(">H", bomb[sof + 2:sof + 4])[0]
    files["jpeg-progressive-bogus-length"] = (bomb[:sof_end] + b"\xFF\xE5\x00\x00"
                                              + bomb[sof_end:])
    files["jpeg-progressive-cut-in-segment"] = bomb[:-2] + b"\xFF\xE5"
    # A sequential frame whose first scan holds one of its three components.
    plain = reframed(pillow(small, "JPEG", quality=70, subsampling=0), 0xC0, 8000, 8000)
    sos = plain.index(b"\xFF\xDA")
    length = struct.unpack(">H", plain[sos + 2:sos + 4])[0]
    one = b"\xFF\xDA\x00\x08\x01" + plain[sos + 5:sos + 7] + plain[sos + 2 + length - 3:
                                                                    sos + 2 + length]
    files["jpeg-non-interleaved-8000"] = plain[:sos] + one + plain[sos + 2 + length:]
    for kind in [b"iCCP", b"zTXt", b"iTXt", b"tEXt", b"sPLT", b"eXIf", b"juNk", b"IDAT"]:
        files["png-huge-%s-chunk" % kind.decode()] = huge_chunk_png(kind)
    ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
    idat = png_chunk(b"IDAT", zlib.compress(b"".join(b"\0" + b"\x80" * 16 for _ in range(4))))
    splt = png_chunk(b"sPLT", b"p\0\x08" + b"\x10\x20\x30\x40\x00\x01" * 100)
    files["png-many-splt"] = (b"\x89PNG\r\n\x1a\n" + ihdr + splt * 100 + idat
                              + png_chunk(b"IEND", b""))
    files["png-chunks-of-every-kind"] = (
        b"\x89PNG\r\n\x1a\n" + ihdr + png_chunk(b"gAMA", struct.pack(">I", 100000))
        + png_chunk(b"sRGB", b"\0") + png_chunk(b"pHYs", struct.pack(">IIB", 1, 1, 0))
        + png_chunk(b"eXIf", b"MM\0*\0\0\0\x08\0\0") + png_chunk(b"tEXt", b"a\0b")
        + png_chunk(b"juNk", b"x" * 100) + idat + png_chunk(b"tIME", b"\x07\xe6\1\1\0\0\0")
        + png_chunk(b"IEND", b"") + png_chunk(b"juNk", b"after the end"))
    files["png-wide16"] = (b"\x89PNG\r\n\x1a\n"
                           + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 20000, 1, 16, 6, 0, 0, 1))
                           + png_chunk(b"IDAT", zlib.compress(b"\0" + b"\x12\x34" * 80000))
                           + png_chunk(b"IEND", b""))
    lossless = pillow(small, "WEBP", lossless=True)
    bits = struct.unpack("<I", lossless[21:25])[0]
    files["webp-lossless-claims-7900"] = (lossless[:21] + struct.pack(
        "<I", (bits & ~0xFFFFFFF) | 7899 | 7899 << 14) + lossless[25:])
    files["webp-lossy-alpha-raw"] = pillow(Image.new("RGBA", (16, 16), (1, 2, 3, 100)), "WEBP",
                                           quality=50, alpha_compression=0)
    for target in ["picture-decoder", "pictures"]:
        for name, data in files.items():
            with open(os.path.join(root, target, name), "wb") as f:
                f.write(b"\x80" + data)


if __name__ == "__main__":
    if sys.argv[1:] == ["--seeds"]:
        seeds()
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit("usage: make-hostile-pictures.py DIR | --seeds")
