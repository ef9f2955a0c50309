#!/usr/bin/env bash
# Runs cpdi, with unprovided-dependency on, over up to N commits spread evenly over an app's history (the commits
# that touch .swift files, merges left out), and lists that rule's findings commit by commit.
#
#   scripts/corpus/history-scan.sh MIRRORS OUT OWNER/NAME [N] [CPDI]
#
# MIRRORS holds git mirrors named owner+name/repo (as the search tool's `fetch` leaves them in /work/.mirror).
# Writes OUT/owner+name/commits.txt, one JSON result per commit, and findings.tsv (commit, file, line, message).
# Early development is where lookups run ahead of registrations, so the whole history is sampled, not its end.
# The apps measured this way are listed in scripts/corpus/histories.tsv (README, "Lookups without registrations
# in the apps' histories").
set -uo pipefail
cd "$(dirname "$0")/../.."
MIRRORS=${1:?usage: history-scan.sh MIRRORS OUT OWNER/NAME [N] [CPDI]}
OUT=${2:?usage: history-scan.sh MIRRORS OUT OWNER/NAME [N] [CPDI]}
app=${3:?usage: history-scan.sh MIRRORS OUT OWNER/NAME [N] [CPDI]}
max=${4:-20}
CPDI=${5:-$PWD/.build-release/release/cpdi}
key=${app/\//+}
mirror=$MIRRORS/$key/repo
[ -d "$mirror/.git" ] && mirror=$mirror/.git
[ -d "$mirror" ] || { echo "no mirror $mirror: fetch github:$app first" >&2; exit 2; }
out=$OUT/$key
mkdir -p "$out"
: > "$out/findings.tsv"
git --git-dir="$mirror" rev-list --no-merges HEAD -- '*.swift' | python3 -c "
import sys; c=[l.strip() for l in sys.stdin if l.strip()]; n=int(sys.argv[1])
step=max(1, len(c)/n); print('\n'.join(sorted({c[int(i*step)] for i in range(min(n,len(c)))}, key=c.index)))" "$max" > "$out/commits.txt"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
while read -r commit; do
  rm -rf "${tree:?}"/* "$tree"/.cpdi.yml
  git --git-dir="$mirror" archive "$commit" 2>/dev/null |
    tar -x -C "$tree" --wildcards '*.swift' '*.h' '*project.pbxproj' '*Package.swift' '*project.yml' '*Project.swift' 2>/dev/null
  [ -f "scripts/corpus/configs/$key.yml" ] && cp "scripts/corpus/configs/$key.yml" "$tree/.cpdi.yml"
  (cd "$tree" && timeout 300 "$CPDI" report --format json --no-cache --quiet --enable-rule unprovided-dependency . -o "$out/$commit.json" 2>/dev/null)
  python3 - "$out/$commit.json" "$commit" >> "$out/findings.tsv" <<'PY'
import json, sys
try: result = json.load(open(sys.argv[1]))
except Exception: sys.exit(0)
for finding in result.get("findings", []):
    if finding["ruleID"] == "unprovided-dependency":
        print("\t".join([sys.argv[2][:10], str(finding.get("file", "")), str(finding.get("line", "")), finding["message"].replace("\t", " ")]))
PY
done < "$out/commits.txt"
echo "$app: $(wc -l < "$out/commits.txt") commits, $(cut -f2,4 "$out/findings.tsv" | sort -u | grep -c .) distinct unprovided-dependency findings"
