#!/usr/bin/env bash
# `cpdi diff` of two commits of a generated 100,000-component app (200 modules) that differ in one file
# (a line inserted at the top of the file in the middle of the app, which moves every position in it and so
# changes its facts), release build: once cold (cache deleted) and BENCH_RUNS times warm (the cache the
# previous run left). Then `cpdi diff HEAD~1` against the work tree, as the GitHub Action runs it: once to
# save the work tree's result, BENCH_RUNS times with the work tree as the last run saw it, and BENCH_RUNS
# times after a line is added at the top of another file (its facts only move). Prints wall time and peak
# memory, medians for warm, from `/usr/bin/time -v`.
#
#   scripts/bench-diff-scale.sh [components:modules]   default: 100000:200
#   BENCH_RUNS=3                                       warm runs
#   BENCH_DIR=/tmp/cpdi-bench                          where the app, its repository and the cache go
#   CPDI=path/to/cpdi                                  a cpdi to measure instead of building .build-release
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${BENCH_RUNS:-3}
WORK=${BENCH_DIR:-${TMPDIR:-/tmp}/cpdi-bench}
SIZE=${1:-100000:200}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
mkdir -p "$WORK"
[ -x /usr/bin/time ] || { echo "Installing time with apt…" >&2; $SUDO apt-get update -qq >&2; $SUDO apt-get install -y -qq time >&2; }
if [ -z "${CPDI:-}" ]; then
  echo "Building cpdi (release, .build-release)…" >&2
  swift build -c release --scratch-path .build-release --product cpdi >&2
  CPDI=$PWD/.build-release/release/cpdi
fi

components=${SIZE%%:*} modules=${SIZE##*:}
repo=$WORK/diff-scale-$components
cache=$WORK/diff-scale-cache-$components
if [ ! -d "$repo/.git" ]; then
  rm -rf "$repo"
  "$CPDI" generate --components "$components" --modules "$modules" --output "$repo" >&2
  (
    cd "$repo"
    git init -q
    git config gc.auto 0  # no background gc racing the explicit one below
    git add -A
    git -c user.name=bench -c user.email=bench@localhost commit -qm base
    changed=$(git ls-files '*.swift' | sort | sed -n "$(( $(git ls-files '*.swift' | wc -l) / 2 ))p")
    sed -i '1i // one line more' "$changed"
    git -c user.name=bench -c user.email=bench@localhost commit -qam "one file changed: $changed"
    git gc -q  # packed, as a clone is
  )
fi

# One run of `cpdi diff HEAD~1 HEAD` (or of `cpdi diff HEAD~1`, against the work tree, with `worktree`);
# prints "wall-seconds peak-KB".
measure() {
  local log=$WORK/diff-scale.time head=HEAD
  [ "${1:-}" = worktree ] && head=
  (cd "$repo" && /usr/bin/time -v -o "$log" "$CPDI" diff HEAD~1 $head --cache-path "$cache" >/dev/null 2>"$WORK/diff-scale.stderr") || {
    grep -q 'Exit status: 1$' "$log" || { cat "$WORK/diff-scale.stderr" "$log" >&2; exit 1; }
  }
  python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
seconds = 0.0
for part in re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1).split(":"):
    seconds = seconds * 60 + float(part)
print(seconds, re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
PY
}

rm -rf "$cache"
cold=$(measure)
warm=$(for _ in $(seq "$RUNS"); do measure; done | sort -n)
# Against the work tree: its result saved once, then read back; then edits that only move one file's facts.
measure worktree >/dev/null
seen=$(for _ in $(seq "$RUNS"); do measure worktree; done | sort -n)
moved_file=$(cd "$repo" && git ls-files '*.swift' | sort | sed -n 7p)
moved=$(for run in $(seq "$RUNS"); do sed -i "1i // moved $run" "$repo/$moved_file"; measure worktree; done | sort -n)
(cd "$repo" && git checkout -q -- "$moved_file")
python3 - "$components" "$modules" "$cold" "$warm" "$seen" "$moved" <<'PY'
import statistics, sys
components, modules = int(sys.argv[1]), int(sys.argv[2])
cold = sys.argv[3].split()
warm = [line.split() for line in sys.argv[4].splitlines() if line.strip()]
wall = statistics.median(float(w[0]) for w in warm)
peak = statistics.median(float(w[1]) for w in warm)
print("| app | diff of two commits, one file changed: cold | warm | peak memory cold / warm |")
print("|---|---:|---:|---:|")
print(f"| {components:,} components, {modules} modules | {float(cold[0]):.2f} s | {wall:.2f} s | "
      f"{float(cold[1]) / 1024:.0f} / {peak / 1024:.0f} MB |")
def median(lines):
    rows = [line.split() for line in lines.splitlines() if line.strip()]
    return statistics.median(float(r[0]) for r in rows), statistics.median(float(r[1]) for r in rows) / 1024
(seen_wall, seen_peak), (moved_wall, moved_peak) = median(sys.argv[5]), median(sys.argv[6])
print()
print("| app | diff against the work tree: as last seen | a line added to one file (facts moved) | peak memory seen / moved |")
print("|---|---:|---:|---:|")
print(f"| {components:,} components, {modules} modules | {seen_wall:.2f} s | {moved_wall:.2f} s | {seen_peak:.0f} / {moved_peak:.0f} MB |")
PY
