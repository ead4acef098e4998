#!/usr/bin/env python3
"""Draws the sample feed's pictures into Resources/pictures/ and packs them into
Resources/pictures.bin, the archive assembled into the binary (see Sources/CSamplePictures,
whose PicturesStamp.h this also rewrites).

The pictures are made here from gradients, shapes and patterns, so they carry no licence
question. Each has the aspect ratio of a kind of picture the feed holds (square, portrait, tall,
landscape, panorama, phone screenshot) and comes in JPEG, PNG, WebP or GIF, some with
transparency, so the decoders and the drawing see every case. Sizes stay small (the long side at
most 640 px) to keep the archive, and the binary, under 2 MB.

Run it only to change the pictures, then Scripts/make-sample-feed.py (the feed gives each
item its picture's real size) and Scripts/embed-sample-feed.py. Tests check that the archive,
the files and the feed agree.

Archive layout (little endian): b"CASPICS1", u32 count, then per picture u16 name length,
the UTF-8 name, u32 offset from the archive's start, u32 size; then the files' bytes.
"""
import hashlib, io, math, pathlib, random, struct

from PIL import Image, ImageDraw, ImageFilter

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDER = ROOT / "Resources" / "pictures"
ARCHIVE = ROOT / "Resources" / "pictures.bin"
STAMP = ROOT / "Sources" / "CSamplePictures" / "PicturesStamp.h"

# (file name, subject, kind, width, height, scene): the kind names the shape the feed shows.
PICTURES = [
    ("fern-study.jpg", "Fern study", "square", 360, 360, "fern"),
    ("red-door.png", "Red door", "tall", 256, 480, "door"),
    ("tea-bowl.webp", "Tea bowl", "portrait", 320, 480, "bowl"),
    ("bicycle.gif", "Bicycle", "square", 400, 400, "wheels"),
    ("cliff-path.jpg", "Cliff path", "portrait", 384, 480, "hills"),
    ("night-market.png", "Night market", "portrait", 320, 480, "lanterns"),
    ("autumn-maple.webp", "Autumn maple 🍁", "phone screenshot", 222, 480, "leaves"),
    ("old-tram.jpg", "Old tram", "portrait", 360, 480, "stripes"),
    ("harbour-at-dawn.jpg", "Harbour at dawn", "landscape", 480, 270, "sea"),
    ("glacier-tongue.webp", "Glacier tongue", "landscape", 480, 320, "hills"),
    ("desert-road.png", "Desert road", "landscape", 480, 270, "road"),
    ("salt-flats.jpg", "Salt flats", "panorama", 600, 200, "sea"),
    ("lighthouse.png", "Lighthouse", "very tall", 150, 600, "tower"),
    ("rain-on-glass.webp", "Rain on glass", "very tall", 160, 640, "drops"),
    ("kitchen-still-life.gif", "Kitchen still life", "landscape", 480, 270, "bowl"),
    ("paper-cranes.png", "Paper cranes", "square", 320, 320, "triangles"),
    ("moss-and-stone.webp", "Moss and stone", "portrait", 384, 480, "stones"),
    ("snowy-pines.jpg", "Snowy pines", "portrait", 320, 480, "pines"),
    ("tidal-pool.gif", "Tidal pool", "landscape", 480, 320, "drops"),
    ("ferris-wheel.jpg", "Ferris wheel", "square", 400, 400, "wheels"),
    ("sunflowers.png", "Sunflowers 🌻", "portrait", 384, 480, "flowers"),
    ("neon-sign.gif", "Neon sign", "portrait", 360, 480, "neon"),
    ("bridge-in-fog.webp", "Bridge in fog", "landscape", 480, 270, "bridge"),
    ("market-fruit.jpg", "Market fruit", "phone screenshot", 222, 480, "flowers"),
]
# Drawn with an alpha channel: a cut-out over transparency, as logos and stickers come.
TRANSPARENT = {"sunflowers.png", "autumn-maple.webp", "paper-cranes.png"}


def lerp(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def gradient(w, h, top, bottom):
    image = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(image)
    for y in range(h):
        draw.line([(0, y), (w, y)], fill=lerp(top, bottom, y / max(1, h - 1)))
    return image


def hue(rng):
    return tuple(rng.randrange(40, 256) for _ in range(3))


def scene(kind, w, h, rng):
    """One picture: a gradient sky or ground and shapes that say something of its subject."""
    image = gradient(w, h, hue(rng), hue(rng))
    draw = ImageDraw.Draw(image)
    s = min(w, h)
    if kind == "fern":
        for _ in range(7):
            x0, y0 = rng.randrange(w), h
            angle = rng.uniform(-1.2, -1.9)
            for step in range(40):
                x = x0 + math.cos(angle) * step * s / 45
                y = y0 + math.sin(angle) * step * s / 45
                r = (40 - step) * s / 500
                draw.ellipse([x - r * 3, y - r, x + r * 3, y + r], fill=(30, 100 + step * 3, 40))
    elif kind == "door":
        draw.rectangle([w * 0.2, h * 0.15, w * 0.8, h], fill=(170, 20, 30), outline=(60, 10, 10), width=4)
        for row in range(3):
            draw.rectangle([w * 0.28, h * (0.22 + row * 0.25), w * 0.72, h * (0.4 + row * 0.25)],
                           outline=(120, 10, 20), width=3)
        draw.ellipse([w * 0.65, h * 0.6, w * 0.72, h * 0.64], fill=(220, 190, 60))
    elif kind == "bowl":
        draw.rectangle([0, h * 0.7, w, h], fill=(110, 80, 60))
        draw.chord([w * 0.2, h * 0.35, w * 0.8, h * 0.85], 0, 180, fill=(60, 90, 80), outline=(20, 30, 30), width=3)
        draw.ellipse([w * 0.2, h * 0.55, w * 0.8, h * 0.65], fill=(140, 170, 90))
    elif kind == "wheels":
        for cx, cy, r in [(0.3, 0.6, 0.2), (0.7, 0.6, 0.2), (0.5, 0.35, 0.12)]:
            cx, cy, r = cx * w, cy * h, r * s
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(30, 30, 30), width=5)
            for k in range(12):
                a = k * math.pi / 6
                draw.line([(cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a))], fill=(80, 80, 80), width=2)
    elif kind == "hills":
        for layer in range(4):
            base = h * (0.45 + layer * 0.15)
            points = [(0, h)] + [(x, base + math.sin(x / w * 6 + layer * 2) * h * 0.06) for x in range(0, w + 8, 8)] + [(w, h)]
            draw.polygon(points, fill=lerp((230, 240, 250), (40, 70 + layer * 20, 60), (layer + 1) / 4))
    elif kind == "lanterns":
        image.paste((15, 15, 40), [0, 0, w, h])
        for _ in range(18):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(8, 24)
            draw.ellipse([x - r, y - r * 1.3, x + r, y + r * 1.3], fill=(250, rng.randrange(60, 200), 40))
    elif kind == "leaves":
        for _ in range(40):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(10, 30)
            draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=(rng.randrange(180, 250), rng.randrange(40, 120), 20, 255))
    elif kind == "stripes":
        for k in range(0, h, 24):
            draw.rectangle([0, k, w, k + 10], fill=lerp((200, 160, 40), (40, 90, 60), k / h))
        draw.rounded_rectangle([w * 0.1, h * 0.4, w * 0.9, h * 0.7], radius=20, fill=(190, 40, 40))
    elif kind == "sea":
        draw.rectangle([0, h * 0.55, w, h], fill=(30, 70, 120))
        draw.ellipse([w * 0.45, h * 0.35, w * 0.55, h * 0.35 + w * 0.1], fill=(255, 200, 120))
        for k in range(30):
            y = h * 0.6 + k * h * 0.013
            draw.line([(rng.randrange(w), y), (rng.randrange(w), y)], fill=(200, 210, 230), width=1)
    elif kind == "road":
        draw.rectangle([0, h * 0.5, w, h], fill=(210, 170, 110))
        draw.polygon([(w * 0.48, h * 0.5), (w * 0.52, h * 0.5), (w * 0.8, h), (w * 0.2, h)], fill=(60, 60, 65))
        draw.line([(w * 0.5, h * 0.5), (w * 0.5, h)], fill=(240, 220, 90), width=3)
    elif kind == "tower":
        draw.rectangle([0, h * 0.85, w, h], fill=(40, 60, 90))
        draw.polygon([(w * 0.35, h * 0.2), (w * 0.65, h * 0.2), (w * 0.75, h * 0.85), (w * 0.25, h * 0.85)], fill=(240, 240, 240))
        for k in range(4):
            y = h * (0.3 + k * 0.14)
            draw.rectangle([w * 0.3, y, w * 0.7, y + h * 0.05], fill=(200, 30, 30))
        draw.ellipse([w * 0.38, h * 0.13, w * 0.62, h * 0.2], fill=(255, 240, 150))
    elif kind == "drops":
        for _ in range(60):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(3, 14)
            draw.ellipse([x - r, y - r, x + r, y + r * 1.4], fill=(220, 230, 245), outline=(90, 110, 140))
    elif kind == "triangles":
        for _ in range(14):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(20, 60)
            draw.polygon([(x, y - r), (x + r, y + r * 0.6), (x - r, y + r * 0.6)], fill=hue(rng) + (255,))
    elif kind == "stones":
        draw.rectangle([0, 0, w, h], fill=(60, 110, 50))
        for _ in range(20):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(15, 45)
            grey = rng.randrange(90, 170)
            draw.ellipse([x - r, y - r * 0.7, x + r, y + r * 0.7], fill=(grey, grey, grey - 10))
    elif kind == "pines":
        draw.rectangle([0, h * 0.8, w, h], fill=(245, 248, 255))
        for _ in range(9):
            x, base, r = rng.randrange(w), h * rng.uniform(0.75, 0.95), rng.randrange(25, 55)
            for tier in range(3):
                y = base - tier * r * 0.8
                draw.polygon([(x, y - r * 1.2), (x + r * (1 - tier * 0.2), y), (x - r * (1 - tier * 0.2), y)], fill=(20, 70 + tier * 15, 40))
    elif kind == "flowers":
        for _ in range(9):
            x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(20, 45)
            for k in range(10):
                a = k * math.pi / 5
                px, py = x + math.cos(a) * r, y + math.sin(a) * r
                draw.ellipse([px - r * 0.4, py - r * 0.4, px + r * 0.4, py + r * 0.4], fill=(250, 200, 30, 255))
            draw.ellipse([x - r * 0.5, y - r * 0.5, x + r * 0.5, y + r * 0.5], fill=(90, 50, 20, 255))
    elif kind == "neon":
        image.paste((10, 5, 25), [0, 0, w, h])
        for k, colour in enumerate([(255, 40, 200), (40, 240, 255), (250, 250, 80)]):
            y = h * (0.25 + k * 0.25)
            draw.rounded_rectangle([w * 0.12, y - 30, w * 0.88, y + 30], radius=25, outline=colour, width=6)
    elif kind == "bridge":
        draw.rectangle([0, h * 0.75, w, h], fill=(90, 110, 120))
        draw.arc([-w * 0.1, h * 0.35, w * 1.1, h * 1.2], 180, 360, fill=(150, 60, 40), width=8)
        for k in range(1, 12):
            x = w * k / 12
            draw.line([(x, h * 0.4), (x, h * 0.75)], fill=(150, 60, 40), width=2)
        image = image.filter(ImageFilter.GaussianBlur(3))
    return image


def draw_picture(name, w, h, kind, seed):
    rng = random.Random(seed)
    if name in TRANSPARENT:
        # Shapes over nothing: the same drawing on a transparent canvas.
        base = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        shapes = scene(kind, w, h, rng).convert("RGBA")
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).ellipse([w * 0.05, h * 0.05, w * 0.95, h * 0.95], fill=255)
        base.paste(shapes, (0, 0), mask.filter(ImageFilter.GaussianBlur(6)))
        return base
    return scene(kind, w, h, rng)


def encode(image, name):
    out = io.BytesIO()
    suffix = name.rsplit(".", 1)[1]
    if suffix == "jpg":
        image.convert("RGB").save(out, "JPEG", quality=82, optimize=True, progressive=name == "ferris-wheel.jpg")
    elif suffix == "png":
        image.save(out, "PNG", optimize=True)
    elif suffix == "webp":
        image.save(out, "WEBP", quality=80, method=6)
    elif suffix == "gif":
        image.convert("RGB").quantize(colors=64).save(out, "GIF", optimize=True)
    return out.getvalue()


def pack(files):
    """The archive: an index of names, offsets and sizes, then the files back to back."""
    index_size = 8 + 4 + sum(2 + len(n.encode()) + 8 for n, _ in files)
    header = bytearray(b"CASPICS1" + struct.pack("<I", len(files)))
    offset = index_size
    for name, data in files:
        encoded = name.encode()
        header += struct.pack("<H", len(encoded)) + encoded + struct.pack("<II", offset, len(data))
        offset += len(data)
    return bytes(header) + b"".join(data for _, data in files)


def main():
    FOLDER.mkdir(parents=True, exist_ok=True)
    files = []
    for seed, (name, subject, kind, w, h, drawing) in enumerate(PICTURES):
        data = encode(draw_picture(name, w, h, drawing, seed), name)
        (FOLDER / name).write_bytes(data)
        files.append((name, data))
    archive = pack(files)
    ARCHIVE.write_bytes(archive)
    # The C file that assembles the archive includes this, so a new archive rebuilds it.
    STAMP.write_text(
        "// Written by Scripts/make-sample-pictures.py; do not edit. The hash of\n"
        "// Resources/pictures.bin, so that the build sees the archive change.\n"
        f'#define CASCADE_SAMPLE_PICTURES_SHA256 "{hashlib.sha256(archive).hexdigest()}"\n')
    total = sum(len(d) for _, d in files)
    print(f"wrote {len(files)} pictures, {total} bytes, to {FOLDER} and {ARCHIVE.name}")
    assert total <= 2_000_000, "the pictures must stay under 2 MB in all"


if __name__ == "__main__":
    main()
