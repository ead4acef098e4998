#!/usr/bin/env python3
"""Writes Resources/sample-feed.json: a deterministic feed over the pictures in
Resources/pictures/ (drawn by Scripts/make-sample-pictures.py).

Each item points at one of the pictures by a path relative to the feed (`pictures/fern-study.jpg`)
and gives that picture's real size, read from the file, so boxes are laid out at the aspect the
picture is drawn at. The 240 items reuse the 24 pictures, picked with the shares of shapes a real
feed has (many portraits and landscapes, a few panoramas and very tall ones).

Run it only to change the sample; then run Scripts/embed-sample-feed.py so that the copy
compiled into the binary matches (a test checks that they are the same).
"""
import importlib.util, json, pathlib, random

from PIL import Image

root = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("pictures", root / "Scripts" / "make-sample-pictures.py")
pictures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pictures)

shares = {"portrait": 34, "tall": 6, "landscape": 30, "square": 16, "very tall": 6, "panorama": 3,
          "phone screenshot": 5}
per_kind = {kind: sum(1 for p in pictures.PICTURES if p[2] == kind) for kind in shares}
weights = [shares[p[2]] / per_kind[p[2]] for p in pictures.PICTURES]

rng = random.Random(20261130)
items = []
for i in range(1, 241):
    # The feed opens on the coffee, whose title the end-to-end tests look for.
    name, subject, kind, *_ = pictures.PICTURES[0] if i == 1 else rng.choices(pictures.PICTURES, weights)[0]
    with Image.open(pictures.FOLDER / name) as image:
        w, h = image.size
    item = {"id": f"s{i:03d}", "img": f"pictures/{name}", "title": f"{subject} ({kind})"}
    # Half the sizes as numeric strings, as the classic feeds give them.
    if i % 2:
        item["width"], item["height"] = str(w), str(h)
    else:
        item["width"], item["height"] = w, h
    items.append(item)
doc = {"title": "Cascade sample feed", "data": items}
out = root / "Resources" / "sample-feed.json"
out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
print(f"wrote {len(items)} items to {out}")
