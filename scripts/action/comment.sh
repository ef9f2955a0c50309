#!/usr/bin/env bash
# Posts BODY_FILE as the pull request's cpdi comment, or updates the one posted before, found by the
# marker that `cpdi diff --format markdown` ends with, so a pull request has one cpdi comment however
# often it is pushed to. Needs `gh` with GH_TOKEN, REPOSITORY (owner/name) and PR_NUMBER.
#   scripts/action/comment.sh BODY_FILE
set -euo pipefail
body=${1:?usage: comment.sh BODY_FILE}
: "${REPOSITORY:?set REPOSITORY to owner/name}" "${PR_NUMBER:?set PR_NUMBER}"
command -v gh >/dev/null || { echo "comment.sh: the GitHub CLI (gh) is not installed; run on a GitHub-hosted runner or install it, or set the action's comment input to false" >&2; exit 2; }
marker='<!-- cpdi-diff -->'
grep -qF "$marker" "$body" || { echo "comment.sh: $body has no $marker marker; write it with cpdi diff --format markdown" >&2; exit 2; }
existing=$(gh api "repos/$REPOSITORY/issues/$PR_NUMBER/comments" --paginate \
  --jq ".[] | select(.body | contains(\"$marker\")) | .id" | awk 'NR == 1')
if [ -n "$existing" ]; then
  gh api --method PATCH "repos/$REPOSITORY/issues/comments/$existing" -F "body=@$body" --silent
  echo "cpdi: updated comment $existing on #$PR_NUMBER"
else
  gh api --method POST "repos/$REPOSITORY/issues/$PR_NUMBER/comments" -F "body=@$body" --silent
  echo "cpdi: commented on #$PR_NUMBER"
fi
