#!/usr/bin/env python3
"""A straightforward Pillow renderer of the benchmark's moving drag, for scripts/bench.sh --pillow.

It draws what `render-grid render` draws for bench.sh's `moving N` scenario with the default style: a
390×844-point viewport of 100-point tiles (50 %-grey fill over white, the origin tile opaque grey, a
0.5-point border at 10 % black, a 17-point "(x, y)" label in DejaVu Sans at the top of each tile), the
content offset moving linearly by (-N, -N/2) points over N frames, and writes each frame as PNG with
Pillow's defaults, split over JOBS processes. It is a yardstick, not a reference: the pixels are close to
render-grid's, not identical (Pillow rounds edges to whole pixels and lays text out its own way).

    scripts/pillow-grid.py FRAMES SCALE JOBS OUT_DIR
"""
import os
import sys
from multiprocessing import Pool

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
W, H, TILE = 390, 844, 100


def render(args):
    first, last, frames, scale, out = args
    font = ImageFont.truetype(FONT, round(17 * scale))
    s = scale
    for i in range(first, last):
        t = i / max(frames - 1, 1)
        ox, oy = t * frames, t * (frames // 2)  # the drag moves content by (-N, -N/2): the offset grows
        image = Image.new("RGB", (W * s, H * s), (255, 255, 255))
        draw = ImageDraw.Draw(image, "RGBA")
        x0, y0 = int(ox // TILE), int(oy // TILE)
        for ty in range(y0, y0 + H // TILE + 2):
            for tx in range(x0, x0 + W // TILE + 2):
                left, top = (tx * TILE - ox) * s, (ty * TILE - oy) * s
                box = [left, top, left + TILE * s - 1, top + TILE * s - 1]
                fill = (128, 128, 128, 255) if (tx, ty) == (0, 0) else (128, 128, 128, 128)
                draw.rectangle(box, fill=fill, outline=(0, 0, 0, 26), width=max(1, round(0.5 * s)))
                draw.text((left + TILE * s / 2, top + 4 * s), f"({tx}, {ty})", font=font,
                          fill=(0, 0, 0, 255), anchor="mt")
        image.save(os.path.join(out, f"frame_{i:05d}.png"))


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: scripts/pillow-grid.py FRAMES SCALE JOBS OUT_DIR")
    frames, scale, jobs, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    os.makedirs(out, exist_ok=True)
    step = -(-frames // jobs)
    parts = [(k, min(k + step, frames), frames, scale, out) for k in range(0, frames, step)]
    with Pool(jobs) as pool:
        pool.map(render, parts)


if __name__ == "__main__":
    main()
