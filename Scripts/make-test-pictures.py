#!/usr/bin/env python3
"""Makes the small pictures the Pictures tests decode: Tests/PicturesTests/Fixtures/.

    python3 Scripts/make-test-pictures.py

Every picture is drawn here from flat colours, so the tests know each pixel (the colours below
are repeated in Tests/PicturesTests/TestPictures.swift). Pillow writes most formats; the PNG
and GIF writers below cover what Pillow does not write (16-bit colour and Adam7 PNGs, a GIF
frame placed on its screen, a GIF without a colour map), and the damaged files are cut or
patched from good ones. Deterministic: running it again gives the same bytes.
"""
import io
import os
import struct
import zlib

from PIL import Image, ImageChops

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "PicturesTests", "Fixtures")

# The four quadrant colours: top-left, top-right, bottom-left, bottom-right.
RED, GREEN, BLUE, YELLOW = (220, 30, 40), (30, 200, 60), (40, 50, 210), (240, 220, 20)


def save(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def pillow(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def quadrants(width, height, mode="RGB"):
    image = Image.new(mode, (width, height))
    hw, hh = width // 2, height // 2
    for box, color in [((0, 0, hw, hh), RED), ((hw, 0, width, hh), GREEN),
                       ((0, hh, hw, height), BLUE), ((hw, hh, width, height), YELLOW)]:
        image.paste(color, box)
    return image


def exif_orientation(value):
    """A little-endian TIFF block with one IFD0 entry: Orientation (0x0112), SHORT, 1."""
    return (b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", 1)
            + struct.pack("<HHIHH", 0x0112, 3, 1, value, 0) + struct.pack("<I", 0))


# --- PNG, written by hand where Pillow cannot ------------------------------------------------

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type, depth, rows, interlaced=False, extra=b""):
    """rows: a list of rows, each a list of samples (already interleaved per pixel)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    pack = (lambda samples: struct.pack(">%dH" % len(samples), *samples)) if depth == 16 \
        else bytes

    def raw(pixel_rows):
        return b"".join(b"\0" + pack(row) for row in pixel_rows)

    if interlaced:
        data = b""
        for x0, y0, dx, dy in [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                               (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]:
            sub = [sum((rows[y][x * channels:(x + 1) * channels]
                        for x in range(x0, width, dx)), [])
                   for y in range(y0, height, dy)]
            if sub and sub[0]:
                data += raw(sub)
    else:
        data = raw(rows)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, int(interlaced))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + extra
            + png_chunk(b"IDAT", zlib.compress(data, 9)) + png_chunk(b"IEND", b""))


def pattern(x, y):
    """The colour of pixel (x, y) in the exact (lossless) pictures."""
    return ((x * 17) % 256, (y * 23) % 256, ((x + y) * 5) % 256)


# --- GIF, written by hand: LZW with a clear code before the table grows ------------------------

def gif_lzw(indices):
    """Codes of 9 bits, a clear code every 254 pixels so the table never needs a 10th bit."""
    clear, end, codes = 256, 257, []
    for at, index in enumerate(indices):
        if at % 254 == 0:
            codes.append(clear)
        codes.append(index)
    codes.append(end)
    bits, count, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << count
        count += 9
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits)
    blocks = b"".join(bytes([len(out[i:i + 255])]) + bytes(out[i:i + 255])
                      for i in range(0, len(out), 255))
    return bytes([8]) + blocks + b"\0"


def color_table(colors):
    table = b"".join(bytes(c) for c in colors)
    return table + b"\0" * (768 - len(table))  # 256 entries: size field 7.


def gif(screen, frames, global_colors=None):
    """frames: (left, top, width, height, indices, local colours or None, transparent or None,
    interlaced)."""
    flags = 0xF7 if global_colors else 0x00
    out = b"GIF89a" + struct.pack("<HHBBB", screen[0], screen[1], flags, 0, 0)
    if global_colors:
        out += color_table(global_colors)
    for left, top, width, height, indices, local, transparent, interlaced in frames:
        if transparent is not None:
            out += b"\x21\xF9\x04" + bytes([1]) + b"\0\0" + bytes([transparent]) + b"\0"
        packed = (0x87 if local else 0) | (0x40 if interlaced else 0)
        out += b"\x2C" + struct.pack("<HHHHB", left, top, width, height, packed)
        if local:
            out += color_table(local)
        stored = indices
        if interlaced:
            order = [y for start, step in [(0, 8), (4, 8), (2, 4), (1, 2)]
                     for y in range(start, height, step)]
            stored = sum((indices[y * width:(y + 1) * width] for y in order), [])
        out += gif_lzw(stored)
    return out + b"\x3B"


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))

    # PNG: every colour type, 16-bit, interlaced, palette with tRNS, 1×1, 10000×1.
    grey = Image.new("L", (8, 8), 40)
    grey.paste(200, (4, 0, 8, 8))
    save("png-grey.png", pillow(grey, "PNG"))
    grey_alpha = Image.new("LA", (8, 8), (90, 255))
    grey_alpha.paste((90, 0), (0, 4, 8, 8))
    save("png-grey-alpha.png", pillow(grey_alpha, "PNG"))
    save("png-rgb.png", pillow(quadrants(8, 8), "PNG"))
    palette = quadrants(8, 8).quantize(colors=4)
    save("png-palette.png", pillow(palette, "PNG"))
    # Palette with tRNS: the bottom-right colour transparent, bottom-left half transparent.
    p_rows = [[(0 if x < 4 else 1) if y < 4 else (2 if x < 4 else 3) for x in range(8)]
              for y in range(8)]
    plte = b"".join(bytes(c) for c in [RED, GREEN, BLUE, YELLOW])
    save("png-palette-trns.png", png(8, 8, 3, 8, p_rows, extra=png_chunk(b"PLTE", plte)
                                     + png_chunk(b"tRNS", bytes([255, 255, 128, 0]))))
    rgba = Image.new("RGBA", (8, 8), RED + (255,))
    rgba.paste(GREEN + (128,), (4, 0, 8, 8))
    rgba.paste(BLUE + (0,), (0, 4, 8, 8))
    save("png-rgba.png", pillow(rgba, "PNG"))
    # 16-bit RGB: each 8-bit value v stored as v·257, which libpng must bring back to v.
    rows16 = [sum(([c * 257 for c in pattern(x, y)] for x in range(9)), []) for y in range(7)]
    save("png-rgb16.png", png(9, 7, 2, 16, rows16))
    rows8 = [sum((list(pattern(x, y)) for x in range(13)), []) for y in range(11)]
    save("png-interlaced.png", png(13, 11, 2, 8, rows8, interlaced=True))
    save("png-1x1.png", pillow(Image.new("RGB", (1, 1), GREEN), "PNG"))
    wide = Image.new("RGB", (10000, 1), RED)
    wide.paste(BLUE, (5000, 0, 10000, 1))
    save("png-10000x1.png", pillow(wide, "PNG"))
    # 16-bit RGBA 20000 pixels wide: libpng's two row buffers alone take 320 kB.
    save("png-wide16.png", png(20000, 1, 6, 16, [[40000, 20000, 10000, 65535] * 20000]))
    # IHDR says 100000×100000; the IDAT is a token: the limit must refuse it before reading.
    save("png-huge-claim.png", png(1, 1, 2, 8, [[0, 0, 0]]).replace(
        png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)),
        png_chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))))
    good_png = pillow(quadrants(32, 32), "PNG")
    at = good_png.index(b"IDAT") + 12
    save("png-corrupt.png", good_png[:at] + bytes(b ^ 0x5A for b in good_png[at:at + 16])
         + good_png[at + 16:])
    save("png-truncated.png", good_png[:len(good_png) * 6 // 10])

    # JPEG: 4:4:4 at high quality so the quadrant centres keep their colours.
    jpeg = dict(quality=95, subsampling=0)
    baseline = pillow(quadrants(32, 32), "JPEG", **jpeg)
    save("jpeg-baseline.jpg", baseline)
    save("jpeg-progressive.jpg", pillow(quadrants(32, 32), "JPEG", progressive=True, **jpeg))
    grey = Image.new("L", (32, 32), 40)
    grey.paste(200, (16, 0, 32, 32))
    save("jpeg-grey.jpg", pillow(grey, "JPEG", quality=95))
    # Pillow stores CMYK inverted, with an Adobe APP14 segment, as Photoshop does.
    save("jpeg-cmyk.jpg", pillow(quadrants(32, 32).convert("CMYK"), "JPEG", quality=95))
    # Plain CMYK, as other writers store it: the inks as they are, no Adobe segment. Pillow
    # inverts on writing, so it is handed inverted inks, and its APP14 segment is cut out.
    inverted = ImageChops.invert(quadrants(32, 32).convert("CMYK"))
    adobe = pillow(inverted, "JPEG", quality=95)
    app14 = adobe.index(b"Adobe") - 4  # The marker and the length come first.
    length = struct.unpack(">H", adobe[app14 + 2:app14 + 4])[0]
    assert adobe[app14:app14 + 2] == b"\xFF\xEE"
    save("jpeg-cmyk-plain.jpg", adobe[:app14] + adobe[app14 + 2 + length:])
    for orientation in range(1, 9):
        save("jpeg-orientation-%d.jpg" % orientation,
             pillow(quadrants(32, 16), "JPEG", exif=exif_orientation(orientation), **jpeg))
    save("jpeg-large.jpg", pillow(quadrants(1024, 768), "JPEG", quality=75))
    # A frame header 75 kB in: a 65 kB EXIF APP1 (orientation 6) and a 10 kB APP13 before it.
    app1 = exif_orientation(6) + b"\0" * 65000
    app13 = b"Photoshop 3.0\0" + b"\0" * 10000
    small = pillow(quadrants(16, 8), "JPEG", **jpeg)
    save("jpeg-big-exif.jpg", small[:2]
         + b"\xFF\xE1" + struct.pack(">H", len(app1) + 2) + app1
         + b"\xFF\xED" + struct.pack(">H", len(app13) + 2) + app13 + small[2:])
    # A frame header claiming 7-bit samples, which no decoder accepts.
    sof = baseline.index(b"\xFF\xC0")
    save("jpeg-corrupt.jpg", baseline[:sof + 4] + b"\x07" + baseline[sof + 5:])
    save("jpeg-truncated.jpg", baseline[:len(baseline) * 6 // 10])

    # GIF.
    g_indices = [(0 if x < 4 else 1) if y < 4 else (2 if x < 4 else 3)
                 for y in range(8) for x in range(8)]
    colors = [RED, GREEN, BLUE, YELLOW]
    basic = gif((8, 8), [(0, 0, 8, 8, g_indices, None, None, False)], colors)
    save("gif-basic.gif", basic)
    save("gif-transparent.gif", gif((8, 8), [(0, 0, 8, 8, g_indices, None, 3, False)], colors))
    # Two frames: the first is the quadrants, the second all yellow.
    save("gif-animated.gif", gif((8, 8), [(0, 0, 8, 8, g_indices, None, None, False),
                                          (0, 0, 8, 8, [3] * 64, None, None, False)], colors))
    # Row y has colour y: the interlaced order must be undone.
    rows = [RED, GREEN, BLUE, YELLOW] * 5
    save("gif-interlaced.gif", gif((3, 20), [(0, 0, 3, 20, [y for y in range(20) for _ in
                                                         range(3)], None, None, True)], rows))
    # A 4×3 frame at (3, 2) on a 10×8 screen, with its own colour map (green) over a global one
    # (red): the screen outside the frame is transparent.
    save("gif-frame-offset.gif", gif((10, 8), [(3, 2, 4, 3, [0] * 12, [GREEN], None, False)],
                                     [RED]))
    save("gif-no-colormap.gif", gif((4, 4), [(0, 0, 4, 4, [0] * 16, None, None, False)]))
    descriptor = basic.index(b"\x2C\x00\x00\x00\x00\x08\x00")
    save("gif-corrupt.gif", basic[:descriptor] + b"\x99" + basic[descriptor + 1:])
    save("gif-truncated.gif", basic[:len(basic) * 6 // 10])

    # WebP.
    save("webp-lossy.webp", pillow(quadrants(32, 32), "WEBP", quality=95))
    exact = Image.new("RGB", (13, 11))
    exact.putdata([pattern(x, y) for y in range(11) for x in range(13)])
    save("webp-lossless.webp", pillow(exact, "WEBP", lossless=True))
    save("webp-alpha.webp", pillow(rgba, "WEBP", lossless=True, exact=True))
    save("webp-lossy-alpha.webp", pillow(rgba.resize((32, 32), Image.NEAREST), "WEBP",
                                         quality=95))
    save("webp-orientation-6.webp", pillow(quadrants(32, 16), "WEBP", quality=90,
                                           exif=exif_orientation(6)))
    # Two frames: the quadrants, then all yellow; only the first is shown.
    save("webp-animated.webp", pillow(quadrants(8, 8), "WEBP", save_all=True, lossless=True,
                                      append_images=[Image.new("RGB", (8, 8), YELLOW)],
                                      duration=100))
    lossless = pillow(quadrants(32, 32), "WEBP", lossless=True)
    save("webp-corrupt.webp", lossless[:25] + bytes(b ^ 0xA5 for b in lossless[25:]))
    save("webp-truncated.webp", lossless[:len(lossless) * 6 // 10])


if __name__ == "__main__":
    main()
