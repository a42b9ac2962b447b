#!/usr/bin/env bash
# Draws the pattern gallery's pictures, the ones docs/patterns.md's table shows, into a folder.
#
#   bash Scenarios/patterns/pictures.sh docs/images/patterns   # from the repository root
#
# RENDER_GRID names the render-grid binary (default: `swift build`'s). Three kinds of picture, all made with
# render-grid's own commands, so they are what a user gets:
#   strip PAIR "F…" ["G…"]  frames F… of the naive twin (G… of the correct one, default the same), as one row of
#                      a contact sheet (PAIR-naive.png, PAIR-correct.png); thumbnails labelled frame number and phase
#   plot PAIR          each twin's trace as a chart of offset, velocity and tiles (PAIR-naive.png, PAIR-correct.png)
#   pixels PAIR F      frame F of both twins, compared: correct | diff | naive (PAIR.png; red: pixels that differ)
# `PatternPicturesTests` runs this script and compares what it draws with the committed pictures.
set -euo pipefail
out=${1:?usage: bash Scenarios/patterns/pictures.sh OUT_FOLDER}
if [[ -n ${RENDER_GRID:-} ]]; then
  rg=$RENDER_GRID
else
  swift build --product render-grid >&2
  rg="$(swift build --show-bin-path)/render-grid"
fi
[[ -d Scenarios/patterns ]] || { echo "pictures.sh: run it from the repository root" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

strip() {
  local pair=$1 side frames frame
  for side in naive correct; do
    if [[ $side == naive ]]; then frames=$2; else frames=${3:-$2}; fi
    for frame in $frames; do
      "$rg" render "Scenarios/patterns/$pair-$side.json" --frames "$frame:$frame" --out "$work/$pair-$side" --jobs 1 >/dev/null
    done
    "$rg" sheet "$work/$pair-$side" --every 1 --columns 4 --width 200 --out "$out/$pair-$side.png" >/dev/null
  done
}

plot() {
  local pair=$1 side
  for side in naive correct; do
    "$rg" render "Scenarios/patterns/$pair-$side.json" --scale 1 --out "$work/$pair-$side" --jobs 1 >/dev/null
    # A relative trace path, so the chart's title names the scenario and not this run's temporary folder.
    (cd "$work" && "$rg" plot "$pair-$side/trace.jsonl" --width 720 --height 420 --out "$out/$pair-$side.png" >/dev/null)
  done
}

pixels() {
  local pair=$1 frame=$2 side
  for side in naive correct; do
    "$rg" render "Scenarios/patterns/$pair-$side.json" --frames "$frame:$frame" --out "$work/$pair-$side" --jobs 1 >/dev/null
  done
  local name
  name=$(printf 'frame_%05d' "$frame")
  # diff exits 1 when the frames differ, which is the point here.
  "$rg" diff "$work/$pair-correct/$name.png" "$work/$pair-naive/$name.png" --out "$work/$pair-diff" --side-by-side --jobs 1 >/dev/null || [[ $? == 1 ]]
  cp "$work/$pair-diff/$name-sbs.png" "$out/$pair.png"
}

strip 01-seam-at-wrap "30 36 42 46"
plot 02-edge-reached
strip 03-blank-fling "14 24 26 54"
strip 03-few-items "0 20 30 56"
strip 04-multi-page-flick "45 55 66 87"
strip 05-index-out-of-range "0 6 12 18"
strip 06-rotation-page "80 86 96 98"
strip 07-inset-page-grid "0 9 44 79" "0 33 68 103"
pixels 08-precision 0
pixels 09-pixel-grid 62
pixels 09-lost-deltas 180
plot 10-deceleration
plot 10-friction
plot 10-touch-down
plot 10-tiny-release
strip 11-rewind-at-wrap "63 66 68 72"
strip 12-locked-axis-moves "0 9 18 24"
