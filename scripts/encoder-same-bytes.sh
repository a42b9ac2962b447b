#!/usr/bin/env bash
# Byte-identity of the fast encoder's zlib stream (rg_zlib_rgba_rows) between a git revision and the working tree:
# scripts/encoder-same-bytes/harness.c is compiled against each revision's CPNGCodec deflate sources and encodes
# the same 400 seeded images (noise, few colours, runs; up to 3,000×3,000; many repeated rows, so blocks of 65,536
# tokens end inside repeated rows) three ways: rows compared, rows told by row_starts, and the scalar path. The two
# outputs must be the same bytes. Needs a C compiler (cc). Exits 1 on a difference, 2 on a usage error.
#   scripts/encoder-same-bytes.sh BASE_REVISION      (e.g. HEAD, or the commit before an encoder change)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] && git rev-parse --verify -q "$1^{commit}" >/dev/null || { echo "usage: scripts/encoder-same-bytes.sh BASE_REVISION" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files="rg_deflate.c rg_deflate_block.c rg_checksum.c rg_codec_internal.h include/rg_png.h include/rg_png_fast.h"
mkdir -p "$work/base/include" "$work/tree/include"
for f in $files; do
  git show "$1:Sources/CPNGCodec/$f" > "$work/base/$f"
  cp "Sources/CPNGCodec/$f" "$work/tree/$f"
done
for v in base tree; do
  cc -O2 -I"$work/$v" -I"$work/$v/include" -o "$work/$v.bin" scripts/encoder-same-bytes/harness.c \
    "$work/$v/rg_deflate.c" "$work/$v/rg_deflate_block.c" "$work/$v/rg_checksum.c"
  "$work/$v.bin" "$work/$v.out"
done
if cmp -s "$work/base.out" "$work/tree.out"; then
  echo "same bytes: $(wc -c < "$work/tree.out") bytes of zlib streams (400 images, 3 ways each) at $1 and in the working tree"
else
  echo "DIFFERENT: the encoder's output at $1 and in the working tree differ ($(cmp "$work/base.out" "$work/tree.out" | head -1))" >&2
  exit 1
fi
