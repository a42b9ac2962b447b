#!/usr/bin/env bash
# The public API of the library products (GridModel, Rasterizer, GridExport, GridTools, HeadlessUIKit) against the
# baseline committed in api/ (one swift-api-digester dump per module, gzipped). Any public declaration removed,
# renamed or changed fails, unless the break is announced: a line of api/allowed-breaks.txt equal to the
# digester's line for it. Additions pass. Uses the toolchain's swift-api-digester on the modules of a debug build.
#   scripts/api-check.sh            check (builds first; SCRATCH=path for another build folder, default .build)
#   scripts/api-check.sh --record   write the baseline from this build (after announcing the breaks in the note)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}
modules=(GridModel Rasterizer GridExport GridTools HeadlessUIKit)
record=0
[ "${1:-}" = "--record" ] && record=1
if [ $# -gt 0 ] && [ $record -eq 0 ]; then
  echo "usage: scripts/api-check.sh [--record]" >&2
  exit 2
fi

if ! swift build --scratch-path "$scratch" >/tmp/render-grid-api-build.log 2>&1; then
  cat /tmp/render-grid-api-build.log >&2
  exit 1
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
digester=$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester
# Where the digester finds our modules: the Swift modules, the C targets' generated module maps and the system
# libraries' headers.
search=(-I "$bin/Modules" -I Sources/CLibPNG -I Sources/CFreeType -I /usr/include/freetype2 -I /usr/include/libpng16)
for map in "$bin"/*.build/module.modulemap; do
  search+=(-Xcc "-fmodule-map-file=$map")
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

dump() {
  "$digester" -dump-sdk -module "$1" "${search[@]}" -avoid-location -avoid-tool-args -o "$2"
}

if [ $record -eq 1 ]; then
  mkdir -p api
  for m in "${modules[@]}"; do
    dump "$m" "$work/$m.json"
    gzip -9 -n -c "$work/$m.json" >"api/$m.json.gz"
  done
  [ -f api/allowed-breaks.txt ] || : >api/allowed-breaks.txt
  echo "api: recorded the baseline of ${#modules[@]} modules in api/"
  exit 0
fi

failed=0
for m in "${modules[@]}"; do
  if [ ! -f "api/$m.json.gz" ]; then
    echo "api: no baseline for $m (api/$m.json.gz); record it with scripts/api-check.sh --record" >&2
    failed=1
    continue
  fi
  gzip -d -c "api/$m.json.gz" >"$work/$m.baseline.json"
  dump "$m" "$work/$m.json"
  "$digester" -diagnose-sdk --input-paths "$work/$m.baseline.json" --input-paths "$work/$m.json" \
    -o "$work/$m.diff" 2>/dev/null || true
  # The digester's report lists each break under a /* section */ header; blank lines and headers are not breaks.
  grep -v -e '^\s*$' -e '^/\*.*\*/$' "$work/$m.diff" | sort -u >"$work/$m.breaks" || true
  grep -v -x -F -f api/allowed-breaks.txt "$work/$m.breaks" >"$work/$m.unannounced" || true
  if [ -s "$work/$m.unannounced" ]; then
    echo "api: $m breaks its public API against api/$m.json.gz:" >&2
    sed 's/^/  /' "$work/$m.unannounced" >&2
    failed=1
  fi
done
if [ $failed -ne 0 ]; then
  echo "api: announce each break in the release note and add its line to api/allowed-breaks.txt, or keep the old" \
    "declaration; after a release, record a new baseline with scripts/api-check.sh --record" >&2
  exit 1
fi
echo "api: ${#modules[@]} modules match their baseline (additions allowed)"
