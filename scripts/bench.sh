#!/usr/bin/env bash
# Scan speed of cpdi against the floor, `swiftc -frontend -parse`, on real and synthetic code.
#
# Builds cpdi in release, clones the real corpora (swift-nio, swift-syntax, vapor at fixed tags),
# generates two synthetic CPDI apps with `cpdi generate`, and prints one Markdown table per corpus:
# files, lines, parse time, cpdi cold / warm / one file changed, peak RSS, and each time's ratio to
# the parse. Times are medians of hyperfine runs, all commands of a corpus measured side by side.
#
#   scripts/bench.sh [corpus…]      corpora: swift-nio swift-syntax vapor synthetic-2000 synthetic-20000
#   BENCH_RUNS=5                    runs per measurement (hyperfine --runs), at least 5
#   BENCH_DIR=/tmp/cpdi-bench       where corpora, caches and raw results go (outside the repo)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${BENCH_RUNS:-5}
WORK=${BENCH_DIR:-${TMPDIR:-/tmp}/cpdi-bench}
SCRATCH=.build-release
CPDI=$ROOT/$SCRATCH/release/cpdi
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
mkdir -p "$WORK"

# name|git URL|tag, or name|synthetic|components|modules
CORPORA=(
  "swift-nio|https://github.com/apple/swift-nio.git|2.101.3"
  "swift-syntax|https://github.com/swiftlang/swift-syntax.git|603.0.1"
  "vapor|https://github.com/vapor/vapor.git|4.122.3"
  "synthetic-2000|synthetic|2000|20"
  "synthetic-20000|synthetic|20000|200"
)

need() { command -v "$1" >/dev/null || { echo "Installing $2 with apt…" >&2; $SUDO apt-get update -qq >&2; $SUDO apt-get install -y -qq "$2" >&2; }; }
need hyperfine hyperfine
[ -x /usr/bin/time ] || need time time
need python3 python3

echo "Building cpdi (release, $SCRATCH)…" >&2
swift build -c release --scratch-path "$SCRATCH" --product cpdi >&2

prepare_corpus() { # name source tag|components modules → prints the folder
  local name=$1 source=$2 dir="$WORK/$1"
  if [ "$source" = synthetic ]; then
    [ -d "$dir/Sources" ] || "$CPDI" generate --components "$3" --modules "$4" --output "$dir" >&2
  else
    [ -d "$dir/.git" ] || git clone -q --depth 1 --branch "$3" "$source" "$dir" 2>/dev/null >&2
  fi
  echo "$dir"
}

median() { python3 -c 'import json,sys,statistics; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.4f" % statistics.median(x["times"]) for x in r))' "$1"; }

# Peak resident memory (KB) of cpdi check, cold or warm, median of three runs.
peak_rss() {
  for _ in 1 2 3; do
    if [ "$1" = cold ]; then rm -rf "$CACHE"; fi
    /usr/bin/time -a -o "$WORK/rss" -f %M "$CPDI" check --quiet --cache-path "$CACHE" . >/dev/null 2>&1 || true
  done
  python3 -c 'import sys,statistics; v=[int(l) for l in open(sys.argv[1]) if l.strip().isdigit()]; print(int(statistics.median(v)))' "$WORK/rss"
  rm -f "$WORK/rss"
}

bench_corpus() {
  local name=$1 dir files lines
  dir=$(prepare_corpus "$@")
  cd "$dir"
  find . -name '*.swift' -not -path './.build*' -not -path './.cpdi-cache/*' | sort > "$WORK/$name.files"
  sed 's/.*/"&"/' "$WORK/$name.files" > "$WORK/$name.rsp"   # a response file: paths may hold spaces
  files=$(wc -l < "$WORK/$name.files")
  lines=$(tr '\n' '\0' < "$WORK/$name.files" | xargs -0 cat | wc -l)
  CACHE="$WORK/cache-$name"
  # A file of median size gets a new comment before each "one file changed" run.
  local changed
  changed=$(python3 -c 'import os,sys; f=sorted(open(sys.argv[1]).read().splitlines(), key=lambda p: (os.path.getsize(p), p)); print(f[len(f)//2])' "$WORK/$name.files")
  cp "$changed" "$WORK/$name.changed.orig"

  # -diagnostic-style llvm: swift-nio's and swift-syntax's package manifests have top-level code that a
  # multi-file parse reports; printing those with source excerpts would be timed as if it were parsing.
  hyperfine --style basic --runs "$RUNS" --warmup 1 --ignore-failure --export-json "$WORK/$name.json" \
    --prepare true --prepare "rm -rf '$CACHE'" --prepare true --prepare "printf '\n// %s\n' \$RANDOM\$RANDOM >> '$changed'" \
    -n parse "swiftc -frontend -parse -module-name Bench -diagnostic-style llvm @$WORK/$name.rsp" \
    -n cold "$CPDI check --quiet --cache-path '$CACHE' ." \
    -n warm "$CPDI check --quiet --cache-path '$CACHE' ." \
    -n changed "$CPDI check --quiet --cache-path '$CACHE' ." >&2

  local rss_cold rss_warm
  cp "$WORK/$name.changed.orig" "$changed"
  rss_cold=$(peak_rss cold)
  rss_warm=$(peak_rss warm)
  read -r parse cold warm changed_time <<< "$(median "$WORK/$name.json")"
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  python3 - "$name" "$files" "$lines" "$parse" "$cold" "$warm" "$changed_time" "$rss_cold" "$rss_warm" "$load" <<'PY'
import sys
name, files, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
parse, cold, warm, changed = map(float, sys.argv[4:8])
rss_cold, rss_warm = int(sys.argv[8]) / 1024, int(sys.argv[9]) / 1024
print(f"\n#### {name}: {files:,} files, {lines:,} lines (load average {sys.argv[10]} after measuring)\n")
print("| measure | median | × parse |")
print("|---|---:|---:|")
print(f"| `swiftc -frontend -parse` (one process) | {parse:.3f} s | 1.00 |")
for label, value in (("cpdi check, cold (no cache)", cold), ("cpdi check, warm (nothing changed)", warm),
                     ("cpdi check, one file changed", changed)):
    print(f"| {label} | {value:.3f} s | {value / parse:.2f} |")
print(f"| peak RSS, cold / warm | {rss_cold:.0f} MB / {rss_warm:.0f} MB | |")
PY
  echo "$name $cold" >> "$WORK/cold-times"
  cd "$ROOT"
}

selected=("$@")
rm -f "$WORK/cold-times"
echo "### $(date -u +%Y-%m-%d), $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(swift --version 2>/dev/null | head -1)"
for corpus in "${CORPORA[@]}"; do
  IFS='|' read -r name source a b <<< "$corpus"
  if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " == *" $name "* ]]; then continue; fi
  bench_corpus "$name" "$source" "$a" "$b"
done
if grep -q '^synthetic-2000 ' "$WORK/cold-times" && grep -q '^synthetic-20000 ' "$WORK/cold-times"; then
  python3 - "$WORK/cold-times" <<'PY'
import sys
times = dict(line.split() for line in open(sys.argv[1]))
ratio = float(times["synthetic-20000"]) / float(times["synthetic-2000"])
print(f"\nScaling: 20,000 components take {ratio:.1f}× the cold time of 2,000 (linear would be 10×).")
PY
fi
