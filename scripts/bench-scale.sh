#!/usr/bin/env bash
# How `cpdi check` scales with the size of an app: generated apps of 10,000 and 100,000 components
# (20 and 200 modules), release build, each measured cold (no cache), warm with nothing changed,
# warm after one file changed without changing its facts (a comment added at its end: the saved result
# answers, `ResultManifest`), warm after one file changed so that its facts only moved (a line inserted at
# its top moves every position in it: the saved result answers with its places moved, `MovedPositions`) and
# warm after one file changed its facts (a protocol added at its end: the run links and judges again), with
# wall time, CPU time (user + system) and peak memory from
# `/usr/bin/time -v`. Prints one Markdown table; each number is the median of BENCH_RUNS runs of its
# kind. On a shared machine the CPU time varies much less than the wall time, which waits for the cores.
#
#   scripts/bench-scale.sh [components:modules…]   default: 10000:20 100000:200
#   BENCH_RUNS=3                                   runs of each kind
#   BENCH_DIR=/tmp/cpdi-bench                      where the apps, caches and raw results go (outside the repo)
#   CPDI=path/to/cpdi                              a cpdi to measure instead of building .build-release
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${BENCH_RUNS:-3}
WORK=${BENCH_DIR:-${TMPDIR:-/tmp}/cpdi-bench}
SCRATCH=.build-release
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
mkdir -p "$WORK"

[ -x /usr/bin/time ] || { echo "Installing time with apt…" >&2; $SUDO apt-get update -qq >&2; $SUDO apt-get install -y -qq time >&2; }
if [ -z "${CPDI:-}" ]; then
  echo "Building cpdi (release, $SCRATCH)…" >&2
  swift build -c release --scratch-path "$SCRATCH" --product cpdi >&2
  CPDI=$PWD/$SCRATCH/release/cpdi
fi

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000:20 100000:200)

# One run of `cpdi check` in the app folder; appends "wall-seconds peak-KB cpu-seconds" to $1.
measure() {
  local log=$WORK/time.log
  /usr/bin/time -v -o "$log" "$CPDI" check --quiet --cache-path "$CACHE" . >/dev/null 2>"$WORK/stderr" || {
    # Findings exit 1; anything else is a failed run, not a measurement.
    grep -q 'Exit status: 1$' "$log" || { cat "$WORK/stderr" "$log" >&2; exit 1; }
  }
  python3 - "$log" >> "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
seconds = 0.0
for part in clock.split(":"):
    seconds = seconds * 60 + float(part)
cpu = sum(float(re.search(rf"{kind} time \(seconds\): (\S+)", text).group(1)) for kind in ("User", "System"))
print(seconds, re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1), cpu)
PY
}

echo "### $(date -u +%Y-%m-%d), $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(swift --version 2>/dev/null | head -1)"
echo
echo "| app | files / lines | cold, wall (CPU) | warm, nothing changed | warm, one file changed, same facts | warm, one file changed, facts moved | warm, one file changed, facts changed | peak memory cold / warm / same / moved / changed |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for size in "${sizes[@]}"; do
  components=${size%%:*} modules=${size##*:}
  app=$WORK/scale-$components
  [ -d "$app/Sources" ] || "$CPDI" generate --components "$components" --modules "$modules" --output "$app" >&2
  cd "$app"
  files=$(find Sources -name '*.swift' | wc -l)
  lines=$(find Sources -name '*.swift' -print0 | xargs -0 cat | wc -l)
  CACHE=$WORK/cache-scale-$components
  # The file edited before each "one file changed" run: a component in the middle of the app.
  changed=$(find Sources -name '*.swift' | sort | sed -n "$((files / 2))p")
  cp "$changed" "$WORK/scale-$components.orig"
  rm -f "$WORK"/scale-"$components".{cold,warm,same,moved,changed}
  for _ in $(seq "$RUNS"); do
    rm -rf "$CACHE"
    measure "$WORK/scale-$components.cold"
    measure "$WORK/scale-$components.warm"
    printf '\n// edit %s\n' "$RANDOM$RANDOM" >> "$changed"
    measure "$WORK/scale-$components.same"
    sed -i "1i // edit $RANDOM$RANDOM" "$changed"
    measure "$WORK/scale-$components.moved"
    printf '\nprotocol Edit%s {}\n' "$RANDOM$RANDOM" >> "$changed"
    measure "$WORK/scale-$components.changed"
  done
  cp "$WORK/scale-$components.orig" "$changed"
  cd - >/dev/null
  python3 - "$components" "$modules" "$files" "$lines" "$WORK/scale-$components" "$(cut -d' ' -f1 /proc/loadavg)" \
    "$(sed -n 's/^some avg10=[0-9.]* avg60=\([0-9.]*\).*/\1/p' /proc/pressure/cpu 2>/dev/null)" <<'PY'
import statistics, sys
components, modules, files, lines = (int(a) for a in sys.argv[1:5])
stem, load, pressure = sys.argv[5], sys.argv[6], sys.argv[7]
def runs(kind):
    rows = [line.split() for line in open(f"{stem}.{kind}") if line.strip()]
    return tuple(statistics.median(float(r[i]) for r in rows) for i in range(3))
cells, memory = [], []
for kind in ("cold", "warm", "same", "moved", "changed"):
    wall, peak, cpu = runs(kind)
    cells.append(f"{wall:.2f} s ({cpu:.2f} s)")
    memory.append(f"{peak / 1024:.0f}")
size = lambda n: f"{n / 1000:.0f}k" if n < 1_000_000 else f"{n / 1_000_000:.2f}M"
print(f"| {components:,} components, {modules} modules | {size(files)} / {size(lines)} | {' | '.join(cells)} | {' / '.join(memory)} MB |")
print(f"{components} {runs('cold')[0]} {runs('cold')[2]}", file=open(f"{stem}.scaling", "w"))
waiting = f"; some task waited for a core {pressure} % of the last minute (/proc/pressure/cpu)" if pressure else ""
print(f"After measuring {components:,} components: load average {load}{waiting}.", file=open(f"{stem}.load", "w"))
PY
done
echo
for size in "${sizes[@]}"; do cat "$WORK/scale-${size%%:*}.load"; done
if [ -f "$WORK/scale-10000.scaling" ] && [ -f "$WORK/scale-100000.scaling" ] && [[ " ${sizes[*]} " == *" 10000:20 "* ]] && [[ " ${sizes[*]} " == *" 100000:200 "* ]]; then
  python3 - "$WORK/scale-10000.scaling" "$WORK/scale-100000.scaling" <<'PY'
import sys
small, large = ([float(x) for x in open(p).read().split()[1:3]] for p in sys.argv[1:3])
print(f"\nScaling: 100,000 components take {large[0] / small[0]:.1f}× the cold wall time of 10,000 and "
      f"{large[1] / small[1]:.1f}× its CPU time (linear would be 10×).")
PY
fi
