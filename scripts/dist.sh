#!/usr/bin/env bash
# Packs a release build of cpdi into OUT/cpdi-VERSION-linux-ARCH.tar.gz, with a .sha256 beside it: the
# archive of a GitHub release, which the Action downloads when given `version:`. The archive holds
# cpdi-VERSION-linux-ARCH/bin/cpdi (stripped) and README.md; its bytes depend only on the binary and the
# README (sorted entries, fixed owner and date, gzip without a timestamp).
#   scripts/dist.sh BINARY OUT
set -euo pipefail
binary=${1:?usage: scripts/dist.sh BINARY OUT}
out=${2:?usage: scripts/dist.sh BINARY OUT}
here=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version)
name=cpdi-$version-linux-$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/bin" "$out"
# The symbols only name functions in crash reports; without them the binary is little more than half the size.
strip -o "$stage/$name/bin/cpdi" "$binary"
chmod 755 "$stage/$name/bin/cpdi"
install -m 644 "$here/README.md" "$stage/$name/README.md"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - "$name" | gzip -9 -n > "$stage/$name.tar.gz"
mv "$stage/$name.tar.gz" "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$out/$name.tar.gz"
