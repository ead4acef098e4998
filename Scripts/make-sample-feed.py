#!/usr/bin/env python3
"""Writes Resources/sample-feed.json: a deterministic feed of realistic picture sizes.

Run it only to change the sample; then run Scripts/embed-sample-feed.py so that the copy
compiled into the binary matches (a test checks that they are the same).
"""
import json, random, pathlib

rng = random.Random(20261130)
shapes = [  # (width, height, share, words)
    (1200, 1800, 14, "portrait"), (1080, 1350, 14, "portrait"), (1200, 2249, 6, "tall"),
    (1600, 900, 12, "landscape"), (1920, 1080, 10, "landscape"), (2048, 1365, 8, "landscape"),
    (1080, 1080, 12, "square"), (800, 800, 4, "square"), (600, 2400, 4, "very tall"),
    (750, 3000, 2, "very tall"), (3000, 1000, 3, "panorama"), (1242, 2688, 5, "phone screenshot"),
    (960, 1280, 6, "portrait"),
]
subjects = ["Harbour at dawn", "Fern study", "Old tram", "Night market", "Glacier tongue",
            "Kitchen still life", "Desert road", "Paper cranes", "Rain on glass", "Red door",
            "Lighthouse", "Moss and stone", "Street musician", "Tidal pool", "Snowy pines",
            "東京の夜", "山と湖", "Café au lait", "Ferris wheel", "Sunflowers 🌻", "Fox in grass 🦊",
            "Library stairs", "Neon sign", "Salt flats", "Bridge in fog", "Bicycle", "Tea bowl",
            "Autumn maple 🍁", "Cliff path", "Market fruit"]
weights = [s[2] for s in shapes]
items = []
for i in range(1, 241):
    w, h, _, kind = rng.choices(shapes, weights)[0]
    scale = rng.choice([1, 1, 1, 0.5, 0.75, 1.5])
    w, h = int(w * scale), int(h * scale)
    item = {"id": f"s{i:03d}", "img": f"https://images.example.com/cascade/{i:04d}.jpg",
            "title": f"{rng.choice(subjects)} ({kind})"}
    # Half the sizes as numeric strings, as the classic feeds give them.
    if i % 2:
        item["width"], item["height"] = str(w), str(h)
    else:
        item["width"], item["height"] = w, h
    items.append(item)
doc = {"title": "Cascade sample feed", "data": items}
out = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "sample-feed.json"
out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
print(f"wrote {len(items)} items to {out}")
