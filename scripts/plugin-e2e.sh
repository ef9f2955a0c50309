#!/usr/bin/env bash
# End to end: `swift package cpdi check|graph|diff` in a throwaway package that depends on this checkout.
# Building it compiles swift-syntax again (about 90 s on 2 cores); `make test` runs this after the
# suite, whose PluginTests only lists the plugin (seconds).
#   PLUGIN_DIR=DIR   where the throwaway package goes (default: a fresh temporary folder, so two checkouts
#                    testing at once never share it)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${PLUGIN_DIR:-}" ]; then
    dir=$PLUGIN_DIR
else
    dir=$(mktemp -d "${TMPDIR:-/tmp}/cpdi-plugin-user.XXXXXX")
    trap 'rm -rf "$dir"' EXIT
fi
"$here/scripts/plugin-user.sh" "$dir"
cd "$dir"
fail() { echo "plugin-e2e: FAILED: $*" >&2; exit 1; }

start=$(date +%s)
set +e
swift package cpdi check > check.out 2> check.err
status=$?
set -e
echo "swift package cpdi check: status $status, $(( $(date +%s) - start )) s including the build" >&2
[ "$status" = 0 ] || { cat check.err >&2; fail "check exited with $status"; }
grep -q "Sources/App/Screen.swift:1:.*TrackingDependency.*\[unused-dependency\]" check.out || { cat check.out >&2; fail "check did not report the unused dependency"; }

swift package cpdi graph -o output/graph.svg 2>&1 >/dev/null | tail -1
grep -q "<svg" output/graph.svg || fail "graph wrote no SVG"

set +e
swift package cpdi diff main~1 main --fail-on warning > diff.out 2> diff.err
status=$?
set -e
[ "$status" = 1 ] || { cat diff.out diff.err >&2; fail "diff --fail-on warning exited with $status, expected 1"; }
grep -q "Findings introduced (1)" diff.out || { cat diff.out >&2; fail "diff did not show the new finding"; }
echo "plugin-e2e: check, graph and diff work through the plugin; total $(( $(date +%s) - start )) s" >&2
