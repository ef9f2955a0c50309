#!/usr/bin/env bash
# The action's diff step: makes sure BASE is in the (often shallow) clone, then writes the pull request
# comment (Markdown), the new findings (SARIF) and the affected components. The first `cpdi diff` parses
# what the facts cache does not have; the other two find every file in it. cpdi's exit status is saved
# for the action's last step, so the comment and the SARIF are published even when the check fails.
# Env: CPDI (the executable), BASE (a commit), PATHS (space-separated), FAIL_ON, LINK_PREFIX, OUT (a folder).
set -euo pipefail
: "${CPDI:?set CPDI to the cpdi executable}" "${BASE:?set BASE to the pull request base commit}" "${OUT:?set OUT to a folder}"
mkdir -p "$OUT"
if ! git cat-file -e "$BASE^{commit}" 2>/dev/null; then
  git fetch --no-tags --depth=1 origin "$BASE"
fi
read -r -a paths <<< "${PATHS:-.}"
args=("$BASE")
for path in "${paths[@]}"; do args+=(--path "$path"); done

set +e
"$CPDI" diff "${args[@]}" --format markdown --fail-on "${FAIL_ON:-error}" \
  ${LINK_PREFIX:+--link-prefix "$LINK_PREFIX"} -o "$OUT/cpdi-diff.md"
status=$?
set -e
[ "$status" -le 1 ] || exit "$status"
"$CPDI" diff "${args[@]}" --format sarif --base-path . -o "$OUT/cpdi-diff.sarif"
"$CPDI" diff "${args[@]}" --affected > "$OUT/affected.txt"
echo "$status" > "$OUT/status"
