#!/usr/bin/env bash
# Runs cpdi over the accuracy corpus (scripts/corpus/apps.tsv) and prints the findings per rule and half.
#
#   scripts/corpus/run.sh MIRRORS OUT [CPDI]
#
# MIRRORS holds bare git mirrors named owner+name/repo (as the search tool's `fetch` leaves them in
# /work/.mirror); nothing here reaches the network. Each app's Swift files, headers and project files at the commit
# the corpus was measured on (else the mirror's HEAD, with a warning) are extracted once into OUT/apps, and
# its JSON result written to OUT/results/owner+name.json; scripts/corpus/configs/owner+name.yml, where there
# is one, is its .cpdi.yml. Third-party code stays in OUT, outside the repo.
set -euo pipefail
cd "$(dirname "$0")/../.."
MIRRORS=${1:?usage: scripts/corpus/run.sh MIRRORS OUT [CPDI]}
OUT=${2:?usage: scripts/corpus/run.sh MIRRORS OUT [CPDI]}
CPDI=${3:-$PWD/.build-release/release/cpdi}
[ -x "$CPDI" ] || { echo "no cpdi at $CPDI: build it with swift build -c release --scratch-path .build-release --product cpdi" >&2; exit 2; }
mkdir -p "$OUT/apps" "$OUT/results"
# Absolute, as each app is analysed from its own folder.
OUT=$(cd "$OUT" && pwd) MIRRORS=$(cd "$MIRRORS" && pwd) CPDI=$(cd "$(dirname "$CPDI")" && pwd)/$(basename "$CPDI")

grep -v '^#' scripts/corpus/apps.tsv | while IFS=$'\t' read -r app commit style half; do
  key=${app/\//+}
  mirror=$MIRRORS/$key/repo
  if [ ! -d "$mirror" ]; then echo "missing mirror: $app (fetch github:$app)" >&2; continue; fi
  folder=$OUT/apps/$key
  if [ ! -d "$folder" ]; then
    revision=$commit
    if ! git --git-dir="$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
      revision=HEAD
      echo "warning: $app: commit $commit is not in the mirror, using HEAD $(git --git-dir="$mirror" rev-parse --short HEAD)" >&2
    fi
    mkdir -p "$folder"
    git --git-dir="$mirror" ls-tree -r --name-only "$revision" | grep -E '\.(swift|h)$|(^|/)(project\.yml|Project\.swift|Package\.swift|project\.pbxproj|\.cpdi\.yml)$' |
      while IFS= read -r file; do
        mkdir -p "$folder/$(dirname "$file")"
        git --git-dir="$mirror" show "$revision:$file" > "$folder/$file" 2>/dev/null || rm -f "$folder/$file"
      done
  fi
  # An app that names things its own way gets its configuration, as the corpus was measured.
  [ -f "scripts/corpus/configs/$key.yml" ] && cp "scripts/corpus/configs/$key.yml" "$folder/.cpdi.yml"
  (cd "$folder" && "$CPDI" report --format json --no-cache --quiet . -o "$OUT/results/$key.json" 2>/dev/null) || true
  printf '%s\t%s\t%s\n' "$half" "$key" "$style"
done > "$OUT/ran.tsv"

python3 - "$OUT" <<'PY'
import collections, json, os, sys
out = sys.argv[1]
counts = {"development": collections.Counter(), "held-out": collections.Counter()}
for line in open(os.path.join(out, "ran.tsv")):
    half, key, _ = line.rstrip("\n").split("\t")
    path = os.path.join(out, "results", key + ".json")
    if not os.path.exists(path):
        print(f"no result: {key}", file=sys.stderr)
        continue
    for finding in json.load(open(path))["findings"]:
        counts[half][finding["ruleID"]] += 1
rules = sorted(set(counts["development"]) | set(counts["held-out"]))
print("| rule | development | held-out |")
print("|---|---:|---:|")
for rule in rules:
    print(f"| `{rule}` | {counts['development'][rule]} | {counts['held-out'][rule]} |")
PY
