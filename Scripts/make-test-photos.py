#!/usr/bin/env python3
"""Re-encodes the real photographs of Tests/Fixtures/photos from scikit-image's wheel.

    pip download scikit-image --no-deps -d /tmp/skimage && pip install pillow
    Scripts/make-test-photos.py /tmp/skimage/scikit_image-*.whl

Terms of each photograph: Tests/Fixtures/photos/CREDITS.md.
"""
import io
import os
import sys
import zipfile

from PIL import Image

PHOTOS = [
    ("astronaut.png", "astronaut.jpg"),
    ("chelsea.png", "chelsea.jpg"),
    ("coffee.png", "coffee.jpg"),
    ("rocket.jpg", "rocket.jpg"),
    ("hubble_deep_field.jpg", "hubble.jpg"),
    ("horse.png", "horse.png"),
]


def main(wheel: str) -> None:
    out = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "photos")
    with zipfile.ZipFile(wheel) as archive:
        for source, target in PHOTOS:
            image = Image.open(io.BytesIO(archive.read("skimage/data/" + source)))
            path = os.path.join(out, target)
            if target.endswith(".png"):
                image = image.convert("RGBA")
                image.thumbnail((320, 320))
                image.save(path, optimize=True)
            else:
                image = image.convert("RGB")
                image.thumbnail((400, 400))
                image.save(path, quality=85, optimize=True)


if __name__ == "__main__":
    main(sys.argv[1])
