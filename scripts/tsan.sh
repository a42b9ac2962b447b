#!/usr/bin/env bash
# ThreadSanitizer over the commands whose threads meet: builds render-grid with `--sanitize=thread` (scratch path
# .build-tsan) and runs render, check, diff and verify with --jobs 2 (verify has no --jobs: it renders on one
# thread) on bundled scenarios, then on a tiny scenario of 1,801 8×8 frames where the workers finish a frame every
# few microseconds and so contend for the locks the most; then the HeadlessUIKit player (the example package's
# seed-bench, scratch path .build-tsan-examples), held and streamed. Every run must report no data race and exit as expected;
# a report prints the command and its stderr and fails the script (exit 1). Quiet on success: one line per stage.
#   scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift build --sanitize=thread --scratch-path .build-tsan --product render-grid >/tmp/render-grid-tsan-build.log 2>&1; then
  cat /tmp/render-grid-tsan-build.log >&2
  exit 1
fi
bin=$(swift build --sanitize=thread --scratch-path .build-tsan --product render-grid --show-bin-path)/render-grid
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# TSan's own default, made explicit: a run with a report exits 66 (after its other reports, all printed).
export TSAN_OPTIONS="exitcode=66${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
runs=0

# run EXPECTED_EXIT render-grid-arguments...: fails on any ThreadSanitizer report or another exit status.
run() {
  local expected=$1 status=0
  shift
  "$bin" "$@" >"$work/out" 2>"$work/err" || status=$?
  runs=$((runs + 1))
  if grep -q 'ThreadSanitizer' "$work/err" || [ "$status" -ne "$expected" ]; then
    echo "tsan: $(basename "$bin") $* exited $status (expected $expected); $(grep -c 'WARNING: ThreadSanitizer' "$work/err") report(s):" >&2
    cat "$work/err" "$work/out" >&2
    exit 1
  fi
}

# Bundled scenarios at their real size, with labels (FontRenderer's caches are shared by the workers).
run 0 render Scenarios/drag-atRest.json --scale 1 --jobs 2 --out "$work/drag-atRest" --quiet
run 0 render Scenarios/parallax.json --scale 1 --jobs 2 --out "$work/parallax" --quiet
run 0 check Scenarios --scale 1 --record never --jobs 2
run 1 diff "$work/drag-atRest" "$work/parallax" --jobs 2
run 1 diff "$work/drag-atRest" "$work/parallax" --jobs 2 --threshold 0.1
run 0 verify Scenarios/parallax.json --scale 1

# The tiny scenario: locks taken thousands of times a second by both workers.
tiny() {
  cat <<EOF
{
  "name": "tsan-$1",
  "viewport": { "width": 8, "height": 8, "scale": 1 },
  "fps": 60,
  "grid": { "tileSize": { "width": 4, "height": 4 }, "start": { "x": 0, "y": 0 }, "buffer": 0 },
  "scroll": { "recenter": "threshold", "contentSize": { "width": 3000, "height": 3000 }, "deceleration": "normal" },
  "steps": [ { "drag": { "by": { "x": $2, "y": $3 }, "duration": 30, "release": "hold" } } ]
}
EOF
}
mkdir "$work/tiny"
tiny a -1500 -1100 >"$work/tiny/a.json"
tiny b -1100 -1500 >"$work/b.json"
for jobs in 2 4; do
  run 0 render "$work/tiny/a.json" --jobs "$jobs" --out "$work/tiny-a" --quiet
done
run 0 render "$work/b.json" --jobs 2 --out "$work/tiny-b" --quiet
run 0 check "$work/tiny" --goldens "$work/goldens" --record all --jobs 2
run 0 check "$work/tiny" --goldens "$work/goldens" --record never --jobs 2
run 1 diff "$work/tiny-a" "$work/tiny-b" --jobs 2
run 1 diff "$work/tiny-a" "$work/tiny-b" --jobs 2 --threshold 0.1
run 0 verify "$work/tiny/a.json"

# The HeadlessUIKit player: seed 000's Coordinator played by the example package's seed-bench, frames drawn and
# encoded on the player's threads while the main thread lays out the next ones, held and streamed.
if ! swift build --sanitize=thread --package-path Examples/HeadlessUIKitClient --scratch-path .build-tsan-examples \
    --product seed-bench >/tmp/render-grid-tsan-player-build.log 2>&1; then
  cat /tmp/render-grid-tsan-player-build.log >&2
  exit 1
fi
bin=$(swift build --sanitize=thread --package-path Examples/HeadlessUIKitClient --scratch-path .build-tsan-examples \
  --product seed-bench --show-bin-path)/seed-bench
run 0 Scenarios/interrupted-fling.json "$work/player-held"
run 0 --stream Scenarios/interrupted-fling.json "$work/player-streamed"
# Each run is a test that passed: no report, the expected exit status (the plain closing line CI logs read).
echo "tsan: $runs passed, 0 failed"
