#!/usr/bin/env bash
# `cpdi diff` of two revisions of a generated 2,000-component app, against one cold `cpdi check`.
#
# Generates the app (cpdi generate), commits it, commits a change to it (a new component that forwards
# to an existing one, and a comment added to 20 other files: 21 of 2,022 files changed), then times,
# medians of BENCH_RUNS runs each, round-robin:
#   check cold            cpdi check of the change, cache deleted before each run (the yardstick)
#   diff cold             cpdi diff base head, cache deleted before each run: both revisions exported and scanned
#   diff warm             the same with the cache the previous run left (the saved results of both commits)
#   diff work tree cold   cpdi diff base against the checked-out change, cache deleted before each run
#   diff work tree warm   the same, warm: the base's saved result, the work tree's facts from the cache
# and prints a Markdown table with each time's ratio to check cold. The repository is packed first
# (`git gc`), as a clone is; BENCH_LOOSE=1 keeps the objects loose, one file each, as just committed.
#
#   BENCH_RUNS=5                    runs per measurement
#   BENCH_DIR=/tmp/cpdi-bench       where the app and its cache go (outside the repo)
#   CPDI=path/to/cpdi               the executable (default: a release build in .build-release)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=${BENCH_RUNS:-5}
WORK=${BENCH_DIR:-${TMPDIR:-/tmp}/cpdi-bench}
if [ -z "${CPDI:-}" ]; then
  echo "Building cpdi (release, .build-release)…" >&2
  swift build -c release --scratch-path .build-release --product cpdi >&2
  CPDI=$ROOT/.build-release/release/cpdi
fi
APP=$WORK/diff-2000
CACHE=$WORK/diff-2000-cache
git_() { git -C "$APP" -c user.name=bench -c user.email=bench@example.invalid "$@"; }

rm -rf "$APP" "$CACHE"
"$CPDI" generate --components 2000 --modules 20 --output "$APP" >&2
git_ init -q -b main
git_ add -A && git_ commit -q -m base
target=$(cd "$APP" && find Sources/Module1 -name '*.swift' | sort | grep -v Dependenc | awk 'NR == 1')
name=$(basename "$target" .swift)
mkdir -p "$APP/$(dirname "$target")"
cat > "$APP/$(dirname "$target")/BenchAdded.swift" <<SWIFT
typealias BenchAddedDependencies = ${name}Dependencies

struct BenchAdded<Dependencies> where Dependencies: BenchAddedDependencies {
    let dependencies: Dependencies

    func start() {
        ${name}(dependencies: dependencies).start()
    }
}
SWIFT
for file in $(cd "$APP" && find Sources -name '*.swift' | sort | awk 'NR % 100 == 50'); do
  printf '// touched by the benchmark\n' >> "$APP/$file"
done
git_ add -A && git_ commit -q -m head
echo "Changed files: $(git_ diff --name-only main~1 main | wc -l) of $(cd "$APP" && find Sources -name '*.swift' | wc -l)" >&2

# A clone's objects are packed, which is what CI reads; freshly committed objects are loose, one file each.
[ "${BENCH_LOOSE:-0}" = 1 ] || git_ gc -q

# Round-robin, so that a drift in the machine's speed touches every measurement alike: in each round
# each command runs once, cold ones after their cache is deleted, warm ones on the cache their previous
# run left (each measurement has its own cache). The first round warms the page cache and is dropped.
cd "$APP"
read -r check_cold diff_cold diff_warm tree_cold tree_warm <<< "$(python3 - "$RUNS" "$CPDI" "$CACHE" <<'PY'
import shutil, statistics, subprocess, sys, time
runs, cpdi, cache = int(sys.argv[1]), sys.argv[2], sys.argv[3]
measurements = [  # (cache folder, deleted before each run, command)
    (cache + "-check-cold", True, [cpdi, "check", "--quiet", "--cache-path", cache + "-check-cold", "."]),
    (cache + "-diff-cold", True, [cpdi, "diff", "main~1", "main", "--quiet", "--cache-path", cache + "-diff-cold"]),
    (cache + "-diff-warm", False, [cpdi, "diff", "main~1", "main", "--quiet", "--cache-path", cache + "-diff-warm"]),
    (cache + "-tree-cold", True, [cpdi, "diff", "main~1", "--quiet", "--cache-path", cache + "-tree-cold"]),
    (cache + "-tree-warm", False, [cpdi, "diff", "main~1", "--quiet", "--cache-path", cache + "-tree-warm"]),
]
times = [[] for _ in measurements]
for round in range(runs + 1):
    for index, (folder, cold, command) in enumerate(measurements):
        if cold:
            shutil.rmtree(folder, ignore_errors=True)
        start = time.perf_counter()
        status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        if status not in (0, 1):
            sys.exit(f"{' '.join(command)} failed with status {status}")
        if round > 0:
            times[index].append(time.perf_counter() - start)
for folder, _, _ in measurements:
    shutil.rmtree(folder, ignore_errors=True)
print(" ".join(f"{statistics.median(values):.3f}" for values in times))
PY
)"
ratio() { python3 -c "print(f'{$1 / $check_cold:.2f}')"; }

echo
echo "| measurement | time (s) | / check cold |"
echo "|---|---:|---:|"
echo "| check, cold | $check_cold | 1.00 |"
echo "| diff main~1 main, cold | $diff_cold | $(ratio "$diff_cold") |"
echo "| diff main~1 main, warm | $diff_warm | $(ratio "$diff_warm") |"
echo "| diff main~1 (work tree), cold | $tree_cold | $(ratio "$tree_cold") |"
echo "| diff main~1 (work tree), warm | $tree_warm | $(ratio "$tree_warm") |"
echo
"$CPDI" diff main~1 main --quiet --cache-path "$CACHE" | awk "NR <= 3" || true
