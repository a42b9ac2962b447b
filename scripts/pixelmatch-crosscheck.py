#!/usr/bin/env python3
"""Counts differing pixels with the reference pixelmatch algorithm (the `pixelmatch` PyPI port of
mapbox/pixelmatch), to cross-check `render-grid diff`.

    pip install pixelmatch
    scripts/pixelmatch-crosscheck.py A.png B.png [threshold] [includeAA: 0|1]

Prints the count. The PyPI port blends translucent pixels over white (pixelmatch <= 6.x, or 7.2 with
`checkerboard: false`), so on translucent images compare it with `render-grid diff --white-blend`; the
default (7.2's checkerboard blend) is checked by Tests/GridToolsTests/PixelMatch72Tests.swift against
counts recorded from pixelmatch 7.2.0 itself. PNGs are decoded with the standard library only (8-bit RGB/RGBA, non-interlaced,
which is what render-grid writes)."""
import struct
import sys
import zlib

from pixelmatch import pixelmatch


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, width, height, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
            assert body[8] == 8 and body[12] == 0, "8-bit, non-interlaced only"
            ctype = body[9]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = {2: 3, 6: 4}[ctype]
    raw, stride = zlib.decompress(idat), width * channels
    out, prev, i = bytearray(), bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    if channels == 4:
        return width, height, list(out)
    rgba = []
    for k in range(0, len(out), 3):
        rgba += [out[k], out[k + 1], out[k + 2], 255]
    return width, height, rgba


if __name__ == "__main__":
    w1, h1, a = read_png(sys.argv[1])
    w2, h2, b = read_png(sys.argv[2])
    assert (w1, h1) == (w2, h2), "sizes differ"
    threshold = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1
    include_aa = len(sys.argv) > 4 and sys.argv[4] == "1"
    print(pixelmatch(a, b, w1, h1, threshold=threshold, includeAA=include_aa))
