#!/usr/bin/env bash
# Scripts/dist_test.sh [DIST_DIR] — the release archive of `make dist` runs where no Swift toolchain
# can be seen: unpacked into a temporary directory, then, in a mount namespace with an empty tmpfs
# over the toolchain (unshare -m; as root or with user namespaces), with an empty environment
# (no LD_LIBRARY_PATH, PATH=/usr/bin:/bin):
#   - ldd finds every library and none in the toolchain;
#   - THIRD-PARTY-NOTICES names the Swift runtime, swift-syntax, Graphviz, libarchive and libyaml,
#     and every licence text it points to is in the archive;
#   - tree of a compiled nib, why on the Swift and Objective-C fixture app (Swift files read by the
#     shipped SwiftParser, no "not read" warning), graph --format png (a PNG comes out).
# Without mount namespaces, the same runs with the toolchain visible, and the ldd check is what
# shows the toolchain is not used (said in a message).
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=${1:-dist}
ARCHIVE=$(ls -t "$DIST"/nibinspect-*.tar.gz 2>/dev/null | head -1)
[ -n "$ARCHIVE" ] || { echo "dist-test: no archive in $DIST (make dist)" >&2; exit 1; }
TOOLCHAIN=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
tar -C "$WORK" -xzf "$ARCHIVE"
ROOT=$(echo "$WORK"/nibinspect-*)
cp -R Samples "$WORK/Samples"
cp -R Tests/NibDiagnosisTests/Fixtures/WhyApp "$WORK/WhyApp"

# The checks, run by a clean bash inside the namespace (or outside it).
cat > "$WORK/check.sh" <<CHECK
set -u
cd "$WORK"
fail=0
bad() { echo "dist-test: FAIL: \$*"; fail=1; }
if [ -d "$TOOLCHAIN/bin" ]; then echo "dist-test: toolchain visible at $TOOLCHAIN"; else echo "dist-test: toolchain hidden ($TOOLCHAIN is empty)"; fi
[ -z "\${LD_LIBRARY_PATH:-}" ] || bad "LD_LIBRARY_PATH is set"
ldd "$ROOT/bin/nibinspect" > ldd.txt 2>&1
grep -q "not found" ldd.txt && bad "libraries not found: \$(grep 'not found' ldd.txt | tr -s ' \t' ' ')"
grep -q "$TOOLCHAIN" ldd.txt && bad "a library comes from the toolchain: \$(grep "$TOOLCHAIN" ldd.txt | tr -s ' \t' ' ')"
grep -Eq "$ROOT/(bin/\.\./)?lib/libswiftCore.so" ldd.txt || bad "libswiftCore.so is not the archive's"
"$ROOT/bin/nibinspect" --version > version.txt 2>&1 || bad "--version: \$(cat version.txt)"
"$ROOT/bin/nibinspect" tree Samples/LoginViewController.nib > tree.txt 2> tree.err || bad "tree: \$(cat tree.err)"
grep -q "File's Owner" tree.txt || bad "tree printed no File's Owner"
"$ROOT/bin/nibinspect" why WhyApp > why.txt 2> why.err; status=\$?
[ \$status -le 1 ] || bad "why exited \$status: \$(cat why.err)"
grep -Eq '; [1-9][0-9]* Swift files?,' why.txt || bad "why read no Swift file: \$(tail -1 why.txt)"
grep -q "not read" why.err && bad "why: \$(grep 'not read' why.err)"
"$ROOT/bin/nibinspect" graph --format png -o graph.png Samples/LoginViewController.nib 2> graph.err || bad "graph: \$(cat graph.err)"
[ "\$(head -c 4 graph.png 2>/dev/null | od -An -c | tr -d ' ')" = "211PNG" ] || bad "graph --format png wrote no PNG"
man -l "$ROOT/share/man/man1/nibinspect.1" >/dev/null 2>&1 || [ -s "$ROOT/share/man/man1/nibinspect.1" ] || bad "no man page"
[ -s "$ROOT/share/bash-completion/completions/nibinspect" ] || bad "no bash completion"
for part in "Swift runtime" swift-syntax Graphviz libarchive libyaml; do
    grep -q "^\$part" "$ROOT/THIRD-PARTY-NOTICES" 2>/dev/null || bad "THIRD-PARTY-NOTICES names no \$part"
done
for text in \$(sed -n 's/^  Licence text: \(licenses\/[^ ]*\) .*/\1/p' "$ROOT/THIRD-PARTY-NOTICES" 2>/dev/null); do
    [ -s "$ROOT/\$text" ] || bad "THIRD-PARTY-NOTICES names \$text, which the archive lacks"
done
echo "dist-test: \$(cat version.txt); tree \$(wc -l < tree.txt) lines; why: \$(tail -1 why.txt | sed 's/^ *//'); png \$(wc -c < graph.png) bytes"
exit \$fail
CHECK

if unshare -m true 2>/dev/null; then
    unshare -m bash -c "mount -t tmpfs -o size=1m tmpfs '$TOOLCHAIN' && exec env -i PATH=/usr/bin:/bin HOME='$WORK' bash '$WORK/check.sh'"
elif unshare -m -r true 2>/dev/null; then
    unshare -m -r bash -c "mount -t tmpfs -o size=1m tmpfs '$TOOLCHAIN' && exec env -i PATH=/usr/bin:/bin HOME='$WORK' bash '$WORK/check.sh'"
else
    echo "dist-test: no mount namespace here (unshare -m not permitted): running with the toolchain visible; the ldd check shows it is not used"
    env -i PATH=/usr/bin:/bin HOME="$WORK" bash "$WORK/check.sh"
fi
echo "dist-test: passed ($ARCHIVE)"
