#!/usr/bin/env python3
"""Makes the sample feed's pictures in Resources/pictures/ from real photographs and packs them
into Resources/pictures.bin, the archive assembled into the binary (see Sources/CSamplePictures,
whose PicturesStamp.h this also rewrites).

    pip download scikit-image --no-deps -d /tmp/skimage && pip install pillow
    Scripts/make-sample-pictures.py /tmp/skimage/scikit_image-*.whl

The photographs are those of scikit-image's `skimage/data/`, each in the public domain or under
CC0 (the terms of each: Resources/CREDITS.md, as `skimage/data/_fetchers.py` states them).
Each sample picture is a window of one of them, cut to the aspect ratio of a kind of picture the
feed holds (square, portrait, tall, landscape, panorama, phone screenshot), and comes in JPEG,
PNG, WebP or GIF, some with transparency, so the decoders and the drawing see every case. Sizes
stay small (the long side at most 640 px) to keep the archive, and the binary, under 2 MB.

Run it only to change the pictures, then Scripts/make-sample-feed.py (the feed gives each
item its picture's real size) and Scripts/embed-sample-feed.py. Tests check that the archive,
the files and the feed agree.

Archive layout (little endian): b"CASPICS1", u32 count, then per picture u16 name length,
the UTF-8 name, u32 offset from the archive's start, u32 size; then the files' bytes.
"""
import hashlib, io, pathlib, struct, sys, zipfile

from PIL import Image, ImageDraw, ImageFilter

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDER = ROOT / "Resources" / "pictures"
ARCHIVE = ROOT / "Resources" / "pictures.bin"
STAMP = ROOT / "Sources" / "CSamplePictures" / "PicturesStamp.h"

# (file name, subject, kind, width, height, photograph, window): the kind names the shape the
# feed shows; the window is the centre of the part of the photograph kept (as shares of its
# width and height) and how much closer than the largest window of that shape it is.
PICTURES = [
    ("coffee.jpg", "Coffee", "square", 360, 360, "coffee.png", (0.5, 0.5, 1.0)),
    ("brick-wall.png", "Brick wall", "tall", 256, 480, "brick.png", (0.5, 0.5, 1.0)),
    ("chelsea.webp", "Chelsea the cat", "portrait", 320, 480, "chelsea.png", (0.5, 0.5, 1.0)),
    ("wall-clock.gif", "Wall clock", "square", 400, 400, "clock_motion.png", (0.5, 0.5, 1.0)),
    ("launch-pad.jpg", "Launch pad", "portrait", 384, 480, "rocket.jpg", (0.5, 0.5, 1.0)),
    ("cameraman.png", "Cameraman", "portrait", 320, 480, "camera.png", (0.45, 0.5, 1.0)),
    ("whiskers.webp", "Whiskers 🐈", "phone screenshot", 222, 480, "chelsea.png", (0.55, 0.5, 1.0)),
    ("astronaut.jpg", "Astronaut", "portrait", 360, 480, "astronaut.png", (0.45, 0.5, 1.0)),
    ("deep-field.jpg", "Hubble deep field", "landscape", 480, 270, "hubble_deep_field.jpg", (0.5, 0.5, 1.0)),
    ("gravel.webp", "Gravel", "landscape", 480, 320, "gravel.png", (0.5, 0.5, 1.0)),
    ("espresso-bar.png", "Espresso bar", "landscape", 480, 270, "coffee.png", (0.5, 0.4, 1.0)),
    ("launch-site.jpg", "Launch site", "panorama", 600, 200, "rocket.jpg", (0.5, 0.6, 1.0)),
    ("launch-tower.png", "Launch tower", "very tall", 150, 600, "rocket.jpg", (0.5, 0.5, 1.0)),
    ("shuttle-model.webp", "Shuttle model", "very tall", 160, 640, "astronaut.png", (0.75, 0.5, 1.0)),
    ("cat-nap.gif", "Cat nap", "landscape", 480, 270, "chelsea.png", (0.5, 0.5, 1.0)),
    ("horse.png", "Horse", "square", 320, 320, "horse.png", (0.5, 0.5, 1.0)),
    ("bricks-close-up.webp", "Bricks, close up", "portrait", 384, 480, "brick.png", (0.3, 0.3, 2.0)),
    ("grass.jpg", "Grass", "portrait", 320, 480, "grass.png", (0.5, 0.5, 1.0)),
    ("galaxies.gif", "Galaxies", "landscape", 480, 320, "hubble_deep_field.jpg", (0.3, 0.6, 2.0)),
    ("clock-face.jpg", "Clock face", "square", 400, 400, "clock_motion.png", (0.5, 0.45, 1.6)),
    ("saucer.png", "Saucer ☕", "portrait", 384, 480, "coffee.png", (0.5, 0.5, 1.2)),
    ("lens.gif", "Lens", "portrait", 360, 480, "camera.png", (0.4, 0.35, 2.0)),
    ("launch-haze.webp", "Launch in haze", "landscape", 480, 270, "rocket.jpg", (0.5, 0.3, 1.3)),
    ("helmet.jpg", "Helmet", "phone screenshot", 222, 480, "astronaut.png", (0.4, 0.45, 1.0)),
]
# With an alpha channel: the horse's own, and a photograph cut out over transparency, as logos
# and stickers come.
TRANSPARENT = {"horse.png", "saucer.png", "whiskers.webp"}
# A progressive JPEG, which the decoders must read too.
PROGRESSIVE = "clock-face.jpg"


def window(photo, w, h, centre):
    """The part of `photo` with the shape `w`:`h` around the centre, `zoom` times closer than
    the largest such part, scaled to `w` × `h`."""
    cx, cy, zoom = centre
    pw, ph = photo.size
    scale = min(pw / w, ph / h) / zoom
    cw, ch = w * scale, h * scale
    left = min(max(0, cx * pw - cw / 2), pw - cw)
    top = min(max(0, cy * ph - ch / 2), ph - ch)
    return photo.crop((round(left), round(top), round(left + cw), round(top + ch))).resize(
        (w, h), Image.LANCZOS)


def make_picture(archive, name, w, h, source, centre):
    photo = Image.open(io.BytesIO(archive.read("skimage/data/" + source)))
    photo = photo.convert("RGBA" if photo.mode == "RGBA" else "RGB")
    image = window(photo, w, h, centre)
    if name in TRANSPARENT and image.mode != "RGBA":
        # A soft oval cut-out over nothing.
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).ellipse([w * 0.05, h * 0.05, w * 0.95, h * 0.95], fill=255)
        image.putalpha(mask.filter(ImageFilter.GaussianBlur(6)))
    return image


def encode(image, name):
    out = io.BytesIO()
    suffix = name.rsplit(".", 1)[1]
    if suffix == "jpg":
        image.convert("RGB").save(out, "JPEG", quality=82, optimize=True, progressive=name == PROGRESSIVE)
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


def main(wheel):
    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in FOLDER.iterdir():
        old.unlink()
    archive = zipfile.ZipFile(wheel)
    files = []
    for name, subject, kind, w, h, source, centre in PICTURES:
        data = encode(make_picture(archive, name, w, h, source, centre), name)
        (FOLDER / name).write_bytes(data)
        files.append((name, data))
    packed = pack(files)
    ARCHIVE.write_bytes(packed)
    # The C file that assembles the archive includes this, so a new archive rebuilds it.
    STAMP.write_text(
        "// Written by Scripts/make-sample-pictures.py; do not edit. The hash of\n"
        "// Resources/pictures.bin, so that the build sees the archive change.\n"
        f'#define CASCADE_SAMPLE_PICTURES_SHA256 "{hashlib.sha256(packed).hexdigest()}"\n')
    total = sum(len(d) for _, d in files)
    print(f"wrote {len(files)} pictures, {total} bytes, to {FOLDER} and {ARCHIVE.name}")
    assert total <= 2_000_000, "the pictures must stay under 2 MB in all"


if __name__ == "__main__":
    main(sys.argv[1])
