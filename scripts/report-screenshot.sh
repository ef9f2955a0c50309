#!/usr/bin/env bash
# A picture of the HTML report's first view for the README: a generated app (seed 1) reported by cpdi and
# shown by headless chromium in a 1600 × 1000 window. The same build writes the same page; the PNG is that
# page as this machine's chromium and fonts draw it.
#   scripts/report-screenshot.sh CPDI COMPONENTS MODULES FAN_OUT OUT.png
set -euo pipefail
cpdi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
components=${2:?usage: scripts/report-screenshot.sh CPDI COMPONENTS MODULES FAN_OUT OUT.png}
modules=${3:?}
fan_out=${4:?}
out=${5:?}
command -v chromium >/dev/null || { echo "report-screenshot: chromium is not installed (make chromium installs it)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cpdi" generate --components "$components" --modules "$modules" --fan-out "$fan_out" --seed 1 --output "$work/app" > /dev/null
(cd "$work" && "$cpdi" report app --format html -o report.html --no-cache)
timeout --kill-after=5 120 chromium --headless=new --no-sandbox --disable-gpu --no-first-run --no-default-browser-check \
  --hide-scrollbars --user-data-dir="$work/profile" --window-size=1600,1000 --screenshot="$work/report.png" \
  "file://$work/report.html" 2> "$work/chromium.err" || { cat "$work/chromium.err" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$work/report.png" "$out"
echo "report-screenshot: wrote $out" >&2
