#!/usr/bin/env bash
# End to end, in a throwaway package that depends on this checkout: the command plugin
# (`swift package cpdi check|graph|diff`), then the build-tool plugin (`swift build` prints the findings,
# skips the check when nothing changed, fails on an error-level finding and on a warning with `strict`).
# Building it compiles swift-syntax again (about 90 s on 2 cores); `make test` runs this after the
# suite, whose PluginTests only lists the plugins (seconds).
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
echo "plugin-e2e: check, graph and diff work through the command plugin; $(( $(date +%s) - start )) s" >&2

# The build-tool plugin, adopted by App: its findings are lines of `swift build`'s output.
build() {
  set +e
  swift build > build.out 2>&1
  status=$?
  set -e
}
finding() { grep -E "^/.*/Sources/App/$1:[0-9]+:[0-9]+: $2: .*\[$3\]$" build.out; }
ran_check() { grep -q "cpdi check App" build.out; }

build
[ "$status" = 0 ] || { cat build.out >&2; fail "swift build exited with $status on a warning"; }
finding Screen.swift warning unused-dependency > /dev/null || { cat build.out >&2; fail "swift build did not print the unused dependency as a warning"; }

# Nothing changed: llbuild skips the check (and everything else). The first repeat still does some of
# SwiftPM's own first-time work (it compiles the dependencies' command plugins), so it is not timed.
build
times=()
for _ in 1 2 3; do
  begin=$(date +%s%N)
  build
  times+=($(( ($(date +%s%N) - begin) / 1000000 )))
  [ "$status" = 0 ] && ! ran_check || { cat build.out >&2; fail "a build with no change ran the check again"; }
done
echo "plugin-e2e: swift build with nothing changed: ${times[*]} ms" >&2

# Fixed: the check runs again and has nothing to say.
sed -i 's/ & TrackingDependency//' Sources/App/Screen.swift
build
[ "$status" = 0 ] && ran_check || { cat build.out >&2; fail "the fixed build did not run the check"; }
! grep -q "warning: .*\[unused-dependency\]" build.out || { cat build.out >&2; fail "the fixed build still warns"; }
grep -q "no findings" build.out || { cat build.out >&2; fail "the check of the fixed build did not report its summary"; }

# An error-level finding fails the build. The new file makes SwiftPM plan again, so the plan now
# watches the new .cpdi.yml; a new banner with an unused dependency is the finding.
printf 'rules: { unused-dependency: error }\n' > .cpdi.yml
cat > Sources/App/Banner.swift <<'SWIFT'
typealias BannerDependencies = LoggingDependency & TrackingDependency

struct Banner<Dependencies: BannerDependencies> {
    let dependencies: Dependencies

    func show() { print(dependencies.logger) }
}
SWIFT
build
[ "$status" != 0 ] || { cat build.out >&2; fail "swift build passed with an error-level finding"; }
finding Banner.swift error unused-dependency > /dev/null || { cat build.out >&2; fail "the error-level finding was not printed as an error"; }

# `strict: true` fails the build on a warning; only .cpdi.yml changes, an input of the check.
printf 'strict: true\n' > .cpdi.yml
build
[ "$status" != 0 ] || { cat build.out >&2; fail "swift build passed a warning with strict: true"; }
finding Banner.swift warning unused-dependency > /dev/null || { cat build.out >&2; fail "the warning was not printed under strict"; }
printf 'strict: false\n' > .cpdi.yml
build
[ "$status" = 0 ] || { cat build.out >&2; fail "swift build failed on a warning with strict: false"; }
echo "plugin-e2e: the build plugin warns, skips unchanged builds, fails on errors and under strict; total $(( $(date +%s) - start )) s" >&2
