#!/usr/bin/env bash
# Benchmark: ms/frame and peak memory of whole `render-grid render` processes (release build),
# for 390×844-point frames like seed 000's at scale 1 and 3, and a 10,000-frame run to show that
# memory does not grow with the frame count. The moving runs are measured with both PNG encoders
# (fast, then libpng, the reference) in the same run, with the frames' total size; --encoder E
# measures one encoder only and passes it to every render.
# Idle frames (a long `wait`: every frame identical, drawn once, written N times) and moving frames
# are also timed with each frame fsynced before its rename (RENDER_GRID_FSYNC_EACH_FRAME=1, the
# path before one sync per run), interleaved in the same run; --idle runs only those.
# --baseline BIN times the moving runs at scale 1 and 3 with another render-grid binary too (an
# older release build, say), interleaved on the same frames, and prints the speed-up.
# --check times `render-grid check` (frames rendered in memory and hashed against a golden recorded first)
# against `render` to files on the same frames, three interleaved rounds, and prints the ratio of the medians
# (wall clock) with peak memory, at 600 and 3,000 frames, scale 1 and 3.
# --player times HeadlessUIKit's ScrollPlayer against `render` (issue 24: at most 1.5×): the example package's
# seed-bench (seed 000's Coordinator on a 390×844 scroll view, ScrollPlayer(scale: 3, fps: 60), frames written
# with writeFrames) against `render --scale 3` of the built-in equivalent (100-pt tiles, content 100000², recenter
# atRest, grouped labels), both on the moving drag's 300 frames, whole processes, three interleaved rounds, render
# at --jobs N and at --jobs 1 (the player is single-threaded); checks once that both draw the same pixels.
# --pillow times whole `render` processes against scripts/pillow-grid.py (a straightforward Pillow renderer of the
# same grid) on the moving drag's 121 frames at scale 1 (in TMPDIR, and again on tmpfs) and 3, both with --jobs N,
# interleaved rounds (nine at scale 1, where one render takes about 50 ms and rounds vary by a third; three at scale
# 3; each round starts with the next binary), and
# prints the ratios of the medians (issue 26: at most 0.07× at scale 1, 0.05× at scale 3); then the CPU of one
# moving frame at scale 3 with --jobs 1: (CPU of 241 frames − CPU of 1 frame) / 240, which leaves startup out
# (issue 26: at most 3 ms). Both rows for this commit built twice: as `swift build -c release` does and with
# --static-swift-stdlib (in DIR-static). With --baseline BIN, the same rows for that binary, in the same rounds.
# BENCH_SCRATCH=DIR builds render-grid in DIR and the example package in DIR-ex (default: their .build folders).
#   scripts/bench.sh [--jobs N] [--encoder fast|libpng] [--memory] [--idle] [--baseline BIN] [--check] [--player]
#                    [--pillow [--baseline BIN]]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=2
only=""
baseline=""
encoders="fast libpng"
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs="$2"; shift 2 ;;
    --memory) only=memory; shift ;;
    --idle) only=idle; shift ;;
    --encoder) encoders="$2"; shift 2 ;;
    --baseline) baseline="$2"; [ "$only" = pillow ] || only=baseline; shift 2 ;;
    --pillow) only=pillow; shift ;;
    --check) only=check; shift ;;
    --player) only=player; shift ;;
    *) echo "usage: scripts/bench.sh [--jobs N] [--encoder fast|libpng] [--memory] [--idle] [--baseline BIN] [--check] [--player] [--pillow]" >&2; exit 2 ;;
  esac
done
swift build -c release --product render-grid ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"} >/dev/null
bin=${BENCH_SCRATCH:-.build}/release/render-grid
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A scroll that changes every frame: a slow diagonal drag lasting $1 frames at 60 fps.
moving() {
  local frames=$1 seconds
  seconds=$(python3 -c "print(($frames - 1) / 60)")
  cat > "$work/moving-$frames.json" <<JSON
{ "name": "bench-$frames", "viewport": { "width": 390, "height": 844, "scale": 1 }, "fps": 60,
  "scroll": { "recenter": "threshold", "contentSize": { "width": 20000, "height": 20000 } },
  "steps": [ { "drag": { "by": { "x": -$frames, "y": -$((frames / 2)) }, "duration": $seconds, "release": "hold" } } ] }
JSON
  echo "$work/moving-$frames.json"
}

# Nothing but a wait lasting $1 frames at 60 fps: every frame is the same.
idle() {
  local frames=$1 seconds
  seconds=$(python3 -c "print(($frames - 1) / 60)")
  cat > "$work/idle-$frames.json" <<JSON
{ "name": "idle-$frames", "viewport": { "width": 390, "height": 844, "scale": 1 }, "fps": 60,
  "steps": [ { "wait": { "duration": $seconds } } ] }
JSON
  echo "$work/idle-$frames.json"
}

# The moving drag of $1 frames on the built-in equivalent of seed 000's Coordinator at scale 3 (Scenarios/scale3.json's
# grid, grouped labels as the seed's `.formatted()` writes them); seed-bench plays its steps.
player() {
  local frames=$1 seconds
  seconds=$(python3 -c "print(($frames - 1) / 60)")
  cat > "$work/player-$frames.json" <<JSON
{ "name": "player-$frames", "viewport": { "width": 390, "height": 844, "scale": 3 }, "fps": 60,
  "grid": { "tileSize": { "width": 100, "height": 100 }, "start": { "x": 0, "y": 0 }, "buffer": 0 },
  "scroll": { "recenter": "atRest", "contentSize": { "width": 100000, "height": 100000 } },
  "style": { "labelFormat": "grouped" },
  "steps": [ { "drag": { "by": { "x": -$frames, "y": -$((frames / 2)) }, "duration": $seconds, "release": "hold" } } ] }
JSON
  echo "$work/player-$frames.json"
}

fsync_each=""  # RENDER_GRID_FSYNC_EACH_FRAME for the next measure
measure() {  # label, then render arguments
  local label=$1; shift
  local line rss size
  env ${fsync_each:+RENDER_GRID_FSYNC_EACH_FRAME=1} /usr/bin/time -f "%M" -o "$work/rss" "${runbin:-$bin}" render "$@" --jobs "$jobs" \
    --out "$work/out" > "$work/summary"
  fsync_each=""
  rss=$(cat "$work/rss")
  line=$(cat "$work/summary")
  size=$(cat "$work"/out/*.png | wc -c)
  printf '%-34s %s ms/frame  peak RSS %6.1f MiB  PNGs %7.2f MiB  (%s)\n' "$label" \
    "$(sed -E 's/.* ([0-9.]+) ms\/frame.*/\1/' <<<"$line")" "$(echo "$rss / 1024" | bc -l)" \
    "$(echo "$size / 1048576" | bc -l)" \
    "$(sed -E 's/rendered ([0-9]+) frames \(([0-9]+) rasterized.*/\1 frames, \2 rasterized/' <<<"$line")"
  rm -rf "$work/out"
  last=$(sed -E 's/.* ([0-9.]+) ms\/frame.*/\1/' <<<"$line")
}

echo "render-grid benchmark, --jobs $jobs, $(nproc) cores, load:$(uptime | sed -E 's/.*load average://')"
# Every render writes its frames into $work (mktemp -d: TMPDIR, else /tmp). What a new file costs there is part of
# every whole-process time: on ext4 without a journal (this project's machines), a new file's inode skips, one by one,
# every inode of its group freed in the last 60 s (360 s while the inode table is dirty; `recently_deleted` in the
# kernel's ialloc.c), so after many deletions (the test suite's, this script's own rounds) 121 empty files can take
# 15-40 ms instead of 1.5. Both renderers pay it per file; render-grid, 10-15 times faster, feels it most. The
# probe times that in a folder, the median of five rounds, each after deleting the previous round's files (as the
# rounds below do). --pillow runs scale 1 there and on tmpfs (/dev/shm), where a new file costs what it costs.
probe() {  # the folder; prints what 121 new files cost there
  python3 - "$1" <<'PY'
import os, shutil, statistics, subprocess, sys, time
where = sys.argv[1]
folder = os.path.join(where, "probe")
times = []
for _ in range(5):
    shutil.rmtree(folder, ignore_errors=True)
    os.mkdir(folder)
    start = time.perf_counter()
    for i in range(121):
        os.close(os.open(os.path.join(folder, f"f{i}"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    times.append(time.perf_counter() - start)
shutil.rmtree(folder)
kind = subprocess.run(["stat", "-f", "-c", "%T", where], capture_output=True, text=True).stdout.strip()
print(f"output folder {where} ({kind}): 121 new files in {statistics.median(times) * 1000:.1f} ms")
PY
}
probe "$work"
if [ "$only" = baseline ]; then
  # The baseline and this build alternately, three rounds, on the same frames; the speed-up is the
  # ratio of the medians.
  for scale in 1 3; do
    old=(); new=()
    for round in 1 2 3; do
      runbin=$baseline measure "moving 600 frames @${scale}x baseline" "$(moving 600)" --scale $scale; old+=("$last")
      runbin="" measure "moving 600 frames @${scale}x this build" "$(moving 600)" --scale $scale; new+=("$last")
    done
    median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
    printf '%-34s %.2f× (median %s against %s ms/frame)\n' "speed-up @${scale}x" \
      "$(echo "$(median "${old[@]}") / $(median "${new[@]}")" | bc -l)" "$(median "${new[@]}")" "$(median "${old[@]}")"
  done
  echo "load after:$(uptime | sed -E 's/.*load average://')"
  exit 0
fi
if [ "$only" = check ]; then
  # render to files against check of the same scenario; seconds of the whole process and peak RSS.
  timed() {  # label, then the command; sets $secs and $kib
    local start
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" > /dev/null
    secs=$(echo "$(date +%s.%N) - $start" | bc -l)
    kib=$(cat "$work/rss")
  }
  median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
  for frames in 600 3000; do
    for scale in 1 3; do
      [ "$frames" = 3000 ] && [ "$scale" = 3 ] && continue
      scenario=$(moving $frames)
      mkdir -p "$work/c"
      cp "$scenario" "$work/c/bench.json"
      "$bin" check "$work/c/bench.json" --scale $scale --record all --jobs "$jobs" > /dev/null
      r=(); c=()
      for round in 1 2 3; do
        timed "$bin" render "$scenario" --scale $scale --jobs "$jobs" --out "$work/out" --quiet; r+=("$secs"); rk=$kib
        rm -rf "$work/out"
        timed "$bin" check "$work/c/bench.json" --scale $scale --record never --jobs "$jobs"; c+=("$secs"); ck=$kib
      done
      printf '%-28s render %6.2f s (%5.0f MiB)  check %6.2f s (%5.0f MiB)  check/render %.2f×\n' \
        "moving $frames frames @${scale}x" "$(median "${r[@]}")" "$(echo "$rk / 1024" | bc -l)" "$(median "${c[@]}")" \
        "$(echo "$ck / 1024" | bc -l)" "$(echo "$(median "${c[@]}") / $(median "${r[@]}")" | bc -l)"
      rm -rf "$work/c"
    done
  done
  echo "load after:$(uptime | sed -E 's/.*load average://')"
  exit 0
fi
if [ "$only" = pillow ]; then
  # Whole processes, wall clock and CPU (user + system); medians of interleaved rounds.
  timed() {  # the command; sets $secs and $cpu
    local start
    start=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$work/cpu" "$@" > /dev/null
    secs=$(echo "$(date +%s.%N) - $start" | bc -l)
    read -r user sys < "$work/cpu"
    cpu=$(echo "$user + $sys" | bc -l)
  }
  median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
  # The same commit linked with the Swift runtime inside (README: Install the CLI), in its own scratch folder: it
  # starts in about 3.2 ms instead of 5.3 (`perf stat -r 100 render-grid --version`; 10 before the command's modules
  # did without Foundation).
  static_scratch=${BENCH_SCRATCH:-.build}-static
  swift build -c release --static-swift-stdlib --product render-grid --scratch-path "$static_scratch" >/dev/null
  static_bin=$static_scratch/release/render-grid
  bins=("$bin" "$static_bin")
  [ -n "$baseline" ] && bins+=("$baseline")
  label_of() { case "$1" in "$bin") echo "this build" ;; "$static_bin") echo "this build, static stdlib" ;; *) echo "baseline" ;; esac; }
  # Scale 1 in $work and, where there is one, in a tmpfs folder (its probe printed first); scale 3 in $work.
  places=("1 $work")
  if [ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ] && [ "$(stat -f -c %T "$work")" != tmpfs ]; then
    shm=$(mktemp -d /dev/shm/render-grid-bench.XXXXXX)
    trap 'rm -rf "$work" "$shm"' EXIT
    places+=("1 $shm")
  fi
  places+=("3 $work")
  for place in "${places[@]}"; do
    read -r scale out <<<"$place"
    where=""
    if [ "$out" != "$work" ]; then
      probe "$out"
      where=", $(stat -f -c %T "$out")"
    fi
    scenario=$(moving 121)
    declare -A walls=()
    p=()
    rounds=3; [ "$scale" = 1 ] && rounds=9
    for round in $(seq "$rounds"); do
      # Each round starts with the next binary: the run right after Pillow's 121 files are deleted pays most for
      # new inodes (see the probe above), so every binary takes that place in turn.
      order=("${bins[@]:$((round % ${#bins[@]}))}" "${bins[@]:0:$((round % ${#bins[@]}))}")
      for b in "${order[@]}"; do
        timed "$b" render "$scenario" --scale $scale --jobs "$jobs" --out "$out/r" --quiet
        walls[$b]="${walls[$b]:-} $secs"
        rm -rf "$out/r"
      done
      timed python3 scripts/pillow-grid.py 121 $scale "$jobs" "$out/p"; p+=("$secs")
      rm -rf "$out/p"
    done
    printf '%-52s %6.3f s  rounds%s s\n' "Pillow, 121 frames @${scale}x$where, $jobs jobs" "$(median "${p[@]}")" \
      "$(printf ' %.3f' "${p[@]}")"
    for b in "${bins[@]}"; do
      label=$(label_of "$b")
      # shellcheck disable=SC2086 # the rounds are words
      printf '%-52s %6.3f s  %.3f× Pillow  rounds%s s\n' "render ($label), 121 frames @${scale}x$where" \
        "$(median ${walls[$b]})" "$(echo "$(median ${walls[$b]}) / $(median "${p[@]}")" | bc -l)" \
        "$(printf ' %.3f' ${walls[$b]})"
    done
    unset walls
  done
  # CPU per moving frame at scale 3, one job: the difference of a 241-frame and a 1-frame run.
  long=$(moving 241)
  for b in "${bins[@]}"; do
    label=$(label_of "$b")
    l=(); s=()
    for round in 1 2 3; do
      timed "$b" render "$long" --scale 3 --jobs 1 --out "$work/r" --quiet; l+=("$cpu"); rm -rf "$work/r"
      timed "$b" render "$long" --scale 3 --jobs 1 --frames 0:0 --out "$work/r" --quiet; s+=("$cpu"); rm -rf "$work/r"
    done
    printf '%-52s %6.2f ms of CPU per moving frame  (241 frames %.2f s, 1 frame %.3f s of CPU)\n' \
      "render ($label) @3x, --jobs 1" "$(echo "1000 * ($(median "${l[@]}") - $(median "${s[@]}")) / 240" | bc -l)" \
      "$(median "${l[@]}")" "$(median "${s[@]}")"
  done
  echo "load after:$(uptime | sed -E 's/.*load average://')"
  exit 0
fi
if [ "$only" = player ]; then
  # Whole processes, wall clock and CPU (user + system), three interleaved rounds; ratios of the medians.
  swift build -c release --package-path Examples/HeadlessUIKitClient --product seed-bench \
    --scratch-path "${BENCH_SCRATCH:-Examples/HeadlessUIKitClient/.build}${BENCH_SCRATCH:+-ex}" >/dev/null
  seedbin=${BENCH_SCRATCH:-Examples/HeadlessUIKitClient/.build}${BENCH_SCRATCH:+-ex}/release/seed-bench
  timed() {  # the command; sets $secs, $cpu and $kib
    local start
    start=$(date +%s.%N)
    /usr/bin/time -f "%M %U %S" -o "$work/rss" "$@" > /dev/null
    secs=$(echo "$(date +%s.%N) - $start" | bc -l)
    read -r kib user sys < "$work/rss"
    cpu=$(echo "$user + $sys" | bc -l)
  }
  median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
  frames=300
  scenario=$(player $frames)
  r=(); rc=(); r1=(); r1c=(); p=(); pc=()
  for round in 1 2 3; do
    timed "$bin" render "$scenario" --scale 3 --jobs "$jobs" --out "$work/r" --quiet
    r+=("$secs"); rc+=("$cpu"); rk=$kib
    timed "$bin" render "$scenario" --scale 3 --jobs 1 --out "$work/r1" --quiet
    r1+=("$secs"); r1c+=("$cpu"); r1k=$kib
    timed "$seedbin" "$scenario" "$work/p"; p+=("$secs"); pc+=("$cpu"); pk=$kib
    if [ "$round" = 1 ]; then
      printf '%-28s %s\n' "same frames" "$("$bin" diff "$work/r" "$work/p" | head -1 || true)"
    fi
    rm -rf "$work/r" "$work/r1" "$work/p"
  done
  ms() { echo "1000 * $1 / $frames" | bc -l; }
  row() {  # label, peak KiB, then the names of the wall-clock and the CPU arrays
    local -n wall=$3 cpus=$4
    printf '%-28s %6.2f ms/frame  (CPU %6.2f ms/frame)  peak RSS %6.1f MiB  rounds%s s\n' "$1" \
      "$(ms "$(median "${wall[@]}")")" "$(ms "$(median "${cpus[@]}")")" "$(echo "$2 / 1024" | bc -l)" \
      "$(printf ' %.2f' "${wall[@]}")"
  }
  row "render --jobs $jobs" "$rk" r rc
  row "render --jobs 1" "$r1k" r1 r1c
  row "player (seed-bench)" "$pk" p pc
  printf '%-30s %.2f× against --jobs %s, %.2f× against --jobs 1 (medians, wall clock; issue 24: at most 1.5×)\n' \
    "player/render, $frames frames @3x" "$(echo "$(median "${p[@]}") / $(median "${r[@]}")" | bc -l)" "$jobs" \
    "$(echo "$(median "${p[@]}") / $(median "${r1[@]}")" | bc -l)"
  echo "load after:$(uptime | sed -E 's/.*load average://')"
  exit 0
fi
first=${encoders%% *}
if [ "$only" != memory ]; then
# One sync per run against an fsync per frame, interleaved, twice (the machine's load drifts).
for round in 1 2; do
  for scale in 1 3; do
    measure "idle 600 frames @${scale}x" "$(idle 600)" --scale $scale --encoder "$first"
    measure "idle 600 frames @${scale}x --link-repeats" "$(idle 600)" --scale $scale --encoder "$first" --link-repeats
    fsync_each=1 measure "idle 600 frames @${scale}x fsync each" "$(idle 600)" --scale $scale --encoder "$first"
  done
  measure "moving 600 frames @1x" "$(moving 600)" --scale 1 --encoder "$first"
  fsync_each=1 measure "moving 600 frames @1x fsync each" "$(moving 600)" --scale 1 --encoder "$first"
done
fi
if [ "$only" = "" ]; then
for encoder in $encoders; do
  measure "moving 600 frames @1x $encoder" "$(moving 600)" --scale 1 --encoder "$encoder"
done
for encoder in $encoders; do
  measure "moving 600 frames @3x $encoder" "$(moving 600)" --scale 3 --encoder "$encoder"
done
measure "moving 600 frames @3x small" "$(moving 600)" --scale 3 --compression small
measure "fling-threshold.json @2x" Scenarios/fling-threshold.json --encoder "$first"

# diff: a 1170×2532 pair (scale 3) that differs everywhere the scroll moved, and a 600-frame folder pair.
"$bin" render "$(moving 600)" --scale 3 --frames 100:101 --out "$work/d3" --quiet
"$bin" diff "$work/d3/frame_00100.png" "$work/d3/frame_00101.png" --threshold 0.1 --jobs 1 --timing >/dev/null 2>"$work/timing" || true
printf '%-34s %s\n' "diff 1170x2532 pair, 1 core" "$(cat "$work/timing")"
"$bin" render "$(moving 600)" --scale 1 --out "$work/fa" --quiet
"$bin" render "$(moving 600)" --scale 1 --out "$work/fb" --quiet --frames 0:599
cp "$work/fa/frame_00300.png" "$work/fb/frame_00301.png"
start=$(date +%s.%N)
"$bin" diff "$work/fa" "$work/fb" --jobs "$jobs" >/dev/null || true
printf '%-34s %.2f s (whole process, --jobs %s)\n' "diff 600-frame folders @1x" "$(echo "$(date +%s.%N) - $start" | bc -l)" "$jobs"
fi
[ "$only" = idle ] && exit 0
measure "moving 1000 frames @1x" "$(moving 1000)" --scale 1 --encoder "$first"
measure "moving 10000 frames @1x" "$(moving 10000)" --scale 1 --encoder "$first"
