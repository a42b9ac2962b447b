#!/usr/bin/env bash
# Byte-identity of `render` against another render-grid binary (a release build from before a change):
# every bundled scenario (Scenarios/*.json and Scenarios/patterns/*.json) rendered by both binaries at
# --scale 1, 2 and 3, and once more at scale 2 with --hud --show-reuse; every file of the two output
# folders (frames, trace, frame list) must be byte for byte the same. Prints one line per scale and a
# total; exits 1 on the first difference (naming the file), 2 on a usage error.
#   scripts/same-bytes.sh BASELINE_BIN [NEW_BIN]     (NEW_BIN: this checkout's release build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] && [ -x "$1" ] || { echo "usage: scripts/same-bytes.sh BASELINE_BIN [NEW_BIN]" >&2; exit 2; }
base=$1
if [ $# -ge 2 ]; then
  new=$2
else
  swift build -c release --product render-grid ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"} >/dev/null
  new=${BENCH_SCRATCH:-.build}/release/render-grid
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0
for options in "--scale 1" "--scale 2" "--scale 3" "--scale 2 --hud --show-reuse"; do
  files=0
  for scenario in Scenarios/*.json Scenarios/patterns/*.json; do
    case "$scenario" in *.schema.json) continue ;; esac
    # shellcheck disable=SC2086 # options are words
    "$base" render "$scenario" --out "$work/a" --jobs 2 $options >/dev/null
    # shellcheck disable=SC2086
    "$new" render "$scenario" --out "$work/b" --jobs 2 $options >/dev/null
    if ! diff -r -q "$work/a" "$work/b" >"$work/diff"; then
      echo "DIFFERENT: $scenario with $options:" >&2
      head -5 "$work/diff" >&2
      exit 1
    fi
    files=$((files + $(find "$work/a" -type f | wc -l)))
    rm -rf "$work/a" "$work/b"
  done
  echo "same bytes with $options: $files files"
  total=$((total + files))
done
echo "same bytes: $total files, every bundled scenario at scales 1-3 and with the HUD"
