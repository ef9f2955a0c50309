#!/usr/bin/env bash
# Graph rendering benchmark: generates synthetic CPDI apps of 100, 1,000 and 5,000 components
# (`cpdi generate`), scans each once, then draws every view from the saved result and reports the
# strategy cpdi chose, the time to draw (layout + render, as cpdi reports it), the wall time of the
# whole command (including loading the saved result) and the SVG's size, as a Markdown table.
# Also writes output/synthetic-5000.svg, the default (collapsed) view of the largest app.
#
#   scripts/bench-graph.sh [CPDI]     (default: .build-release/release/cpdi; `make bench-graph` builds it)
set -euo pipefail

CPDI=${1:-.build-release/release/cpdi}
SIZES=${SIZES:-"100 1000 5000"}
VIEWS="components aliases full"
[ -x "$CPDI" ] || { echo "bench-graph: $CPDI not found; build it with: swift build -c release --scratch-path .build-release" >&2; exit 2; }
CPDI="$(cd "$(dirname "$CPDI")" && pwd)/$(basename "$CPDI")"

work=$(mktemp -d "${TMPDIR:-/tmp}/cpdi-bench-graph.XXXXXX")
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

echo "cpdi graph benchmark — $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $("$CPDI" --version)"
echo
echo "| components | modules | view | strategy | draw (s) | wall (s) | SVG (KB) |"
echo "|---:|---:|---|---|---:|---:|---:|"
for size in $SIZES; do
    modules=$(( size / 100 > 2 ? size / 100 : 2 ))
    app="$work/app$size"
    "$CPDI" generate --components "$size" --modules "$modules" --output "$app" 2>/dev/null
    # Scanned from inside the app, so paths in the result (and the picture) are Sources/… on every machine.
    (cd "$app" && "$CPDI" graph . --no-cache -o "$work/result$size.json" 2>/dev/null)
    # Every view with the defaults, then the drill-down into one module, then the whole components
    # view forced flat (what a user gets who insists on seeing every node).
    for view in $VIEWS "components --focus Module2" "components --collapse none --cluster none"; do
        out="$work/$size-${view// /_}.svg"
        start=$(now)
        # shellcheck disable=SC2086 # the extra options are meant to split
        log=$("$CPDI" graph --from "$work/result$size.json" --view $view -o "$out" 2>&1 >/dev/null)
        stop=$(now)
        # "cpdi: 5,003 nodes — collapsed by module (51 nodes), dot; drawn in 0.42 s"
        line=$(grep -m1 'drawn in' <<<"$log")
        strategy=$(sed -e 's/^cpdi: //' -e 's/; drawn in .*//' <<<"$line")
        drawn=$(sed -e 's/.*drawn in \([0-9.]*\) s.*/\1/' <<<"$line")
        kb=$(( $(stat -c %s "$out") / 1024 ))
        echo "| $size | $modules | $view | $strategy | $drawn | $(elapsed "$start" "$stop") | $kb |"
    done
done

if [[ " $SIZES " == *" 5000 "* ]]; then
    mkdir -p output
    "$CPDI" graph --from "$work/result5000.json" -o output/synthetic-5000.svg 2>/dev/null
    echo
    echo "wrote output/synthetic-5000.svg (the default view of the 5,000-component app)"
fi
