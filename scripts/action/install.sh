#!/usr/bin/env bash
# The action's install step when a release is given: downloads the archive of that release built for this
# machine (cpdi-VERSION-linux-ARCH.tar.gz, from `make dist`) with its .sha256 from the repository's GitHub
# releases, checks it, unpacks it into DEST and prints the path of its cpdi. Needs `gh` with GH_TOKEN.
# Env: VERSION (the release tag, 0.2.0 or v0.2.0), DEST (a folder), REPOSITORY (owner/name of cpdi; when
# empty, read from GITHUB_ACTION_PATH, which ends in _actions/OWNER/NAME/REF on a runner).
#   scripts/action/install.sh
set -euo pipefail
: "${VERSION:?set VERSION to a cpdi release tag}" "${DEST:?set DEST to a folder}"
fail() { echo "install.sh: $*" >&2; exit 2; }
repository=${REPOSITORY:-}
if [ -z "$repository" ] && [[ "${GITHUB_ACTION_PATH:-}" =~ /_actions/([^/]+/[^/]+)/[^/]+/?$ ]]; then
  repository=${BASH_REMATCH[1]}
fi
[ -n "$repository" ] || fail "cannot tell which repository publishes cpdi; set the action's release-repository input (owner/name)"
command -v gh >/dev/null || fail "the GitHub CLI (gh) is not installed; run on a GitHub-hosted runner or install it, or leave version empty to build cpdi from source"

version=${VERSION#v}
name=cpdi-$version-linux-$(uname -m)
download=$(mktemp -d)
trap 'rm -rf "$download"' EXIT
gh release download "$VERSION" --repo "$repository" --pattern "$name.tar.gz" --pattern "$name.tar.gz.sha256" --dir "$download" >&2 \
  || fail "release $VERSION of $repository has no $name.tar.gz; attach the archive of \`make dist\` to the release, or leave version empty to build cpdi from source"
[ -f "$download/$name.tar.gz" ] && [ -f "$download/$name.tar.gz.sha256" ] || fail "release $VERSION of $repository lacks $name.tar.gz or its .sha256"
expected=$(awk 'NR == 1 { print $1 }' "$download/$name.tar.gz.sha256")
[ "$(sha256sum "$download/$name.tar.gz" | cut -d' ' -f1)" = "$expected" ] \
  || fail "$name.tar.gz does not match its .sha256; download it again or check the release"
mkdir -p "$DEST"
tar -xzf "$download/$name.tar.gz" -C "$DEST"
binary=$DEST/$name/bin/cpdi
actual=$("$binary" --version) || fail "$binary does not run on this machine; is Graphviz's library (libgvc) installed?"
[ "$actual" = "$version" ] || fail "$binary is version $actual, not $version"
echo "$binary"
