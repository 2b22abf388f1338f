#!/usr/bin/env bash
# Scripts/dist_darwin_mock_test.sh — Scripts/dist.sh's macOS branch, run on any machine against
# stand-ins: uname says Darwin, xcrun finds a fake Xcode toolchain, otool/install_name_tool/codesign
# read and edit text files that stand for Mach-O files ('# ID x', '# LOAD x', '# RPATH x' lines;
# otool prints them as otool -L and -l do), brew --prefix names a fake Homebrew with licence files.
# Checks: the @rpath libraries are copied transitively (one of them from lib/swift/macosx), each
# library's id is @rpath/<name>, a load by absolute toolchain path becomes @rpath, rpaths into the
# toolchain are gone and none is doubled, every changed file is signed again, THIRD-PARTY-NOTICES
# takes Homebrew's licence texts; and an @rpath library found nowhere fails the script.
# What it cannot check: that real otool and install_name_tool behave as these stand-ins (their
# output formats are the documented ones).
# Linux only (the stand-ins use GNU sed); on a Mac, `make dist` runs the real tools.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" = Darwin ]; then echo "dist-darwin-mock-test: skipped on macOS (make dist uses the real otool there)"; exit 0; fi
F=$(mktemp -d)
trap 'rm -rf "$F"' EXIT
T=$F/Xcode/usr
HOSTDIR=$T/lib/swift/host
mkdir -p "$F/bin" "$T/bin" "$HOSTDIR" "$T/lib/swift/macosx" "$T/share/swift" \
    "$F/brew/opt/graphviz" "$F/brew/opt/libarchive" "$F/brew/opt/libyaml" "$F/out"
echo "Apache License 2.0 with Runtime Library Exception (stand-in)" > "$T/share/swift/LICENSE.txt"
echo "EPL (stand-in)" > "$F/brew/opt/graphviz/COPYING"
echo "BSD (stand-in)" > "$F/brew/opt/libarchive/COPYING"
echo "MIT (stand-in)" > "$F/brew/opt/libyaml/License"
touch "$T/bin/swift-frontend"
ln -s swift-frontend "$T/bin/swiftc"
cat > "$F/bin/uname" <<'X'
#!/bin/sh
case "$1" in -s) echo Darwin ;; -m) echo arm64 ;; *) exit 1 ;; esac
X
printf '#!/bin/sh\n[ "$1" = --find ] && [ "$2" = swiftc ] && { echo %s/bin/swiftc; exit 0; }; exit 1\n' "$T" > "$F/bin/xcrun"
printf '#!/bin/sh\n[ "$1" = --prefix ] && echo %s/brew\n' "$F" > "$F/bin/brew"
printf '#!/bin/sh\necho "codesign $*" >> %s/log\n' "$F" > "$F/bin/codesign"
cat > "$F/bin/otool" <<'X'
#!/bin/sh
case "$1" in
    -L) echo "$2:"
        grep -E '^# (ID|LOAD) ' "$2" | while read -r _ _ p; do
            printf '\t%s (compatibility version 1.0.0, current version 1.0.0)\n' "$p"
        done ;;
    -l) grep -E '^# RPATH ' "$2" | while read -r _ _ p; do
            printf 'Load command 9\n          cmd LC_RPATH\n      cmdsize 32\n         path %s (offset 12)\n' "$p"
        done ;;
esac
X
cat > "$F/bin/install_name_tool" <<X
#!/usr/bin/env bash
echo "install_name_tool \$*" >> $F/log
X
cat >> "$F/bin/install_name_tool" <<'X'
f=${@: -1}
[ -w "$f" ] || { echo "install_name_tool: can't open $f for writing" >&2; exit 1; }
case "$1" in
    -id) sed -i "s|^# ID .*|# ID $2|" "$f" ;;
    -change) sed -i "s|^# LOAD $2\$|# LOAD $3|" "$f" ;;
    -delete_rpath) grep -qx "# RPATH $2" "$f" || { echo "no LC_RPATH load command with path: $2" >&2; exit 1; }
        sed -i "0,\|^# RPATH $2\$|{\|^# RPATH $2\$|d}" "$f" ;;
    -add_rpath) if grep -qx "# RPATH $2" "$f"; then echo "would duplicate path: $2" >&2; exit 1; fi
        echo "# RPATH $2" >> "$f" ;;
esac
X
chmod +x "$F/bin"/*
lines() { printf '%s\n' "$@"; }
lines "# ID @rpath/libSwiftParser.dylib" "# LOAD @rpath/libSwiftDiagnostics.dylib" "# LOAD @rpath/libSwiftSyntax.dylib" \
    "# LOAD /usr/lib/swift/libswiftCore.dylib" "# RPATH @loader_path" "# RPATH $HOSTDIR" > "$HOSTDIR/libSwiftParser.dylib"
lines "# ID $HOSTDIR/libSwiftDiagnostics.dylib" "# LOAD $HOSTDIR/libSwiftSyntax.dylib" \
    "# LOAD /usr/lib/swift/libswiftCore.dylib" > "$HOSTDIR/libSwiftDiagnostics.dylib"
lines "# ID @rpath/libSwiftSyntax.dylib" "# LOAD @rpath/lib_SwiftSyntaxCShims.dylib" "# RPATH @loader_path" > "$HOSTDIR/libSwiftSyntax.dylib"
lines "# ID @rpath/lib_SwiftSyntaxCShims.dylib" > "$T/lib/swift/macosx/lib_SwiftSyntaxCShims.dylib"
chmod 444 "$HOSTDIR"/*.dylib "$T"/lib/swift/macosx/*.dylib
{
    echo '#!/bin/sh'
    lines "# LOAD @rpath/libSwiftParser.dylib" "# LOAD @rpath/libSwiftSyntax.dylib" \
        "# LOAD /opt/homebrew/opt/graphviz/lib/libgvc.7.dylib" "# LOAD /usr/lib/swift/libswiftCore.dylib" \
        "# RPATH @loader_path" "# RPATH $T/lib/swift/macosx" "# RPATH @executable_path/../lib"
    echo 'case "$1" in --version) echo "nibinspect (stand-in)" ;; *) echo "generated $*" ;; esac'
} > "$F/nibinspect"
chmod +x "$F/nibinspect"

run() { env -u SWIFT_EXEC -u NIBINSPECT_SWIFT_HOST PATH="$F/bin:$PATH" bash Scripts/dist.sh "$F/nibinspect" "$F/out"; }
fail=0
bad() { echo "dist-darwin-mock-test: FAIL: $*"; fail=1; }
run > "$F/dist.out" 2>&1 || { cat "$F/dist.out"; bad "dist.sh failed"; exit 1; }
mkdir "$F/x"
tar -C "$F/x" -xzf "$(tail -1 "$F/dist.out")"
ROOT=$(echo "$F"/x/nibinspect-*-darwin-arm64)
[ "$(cd "$ROOT/lib" && ls | tr '\n' ' ')" = "libSwiftDiagnostics.dylib libSwiftParser.dylib libSwiftSyntax.dylib lib_SwiftSyntaxCShims.dylib " ] ||
    bad "lib/ holds $(ls "$ROOT/lib" | tr '\n' ' ')"
for lib in "$ROOT"/lib/*.dylib; do
    name=$(basename "$lib")
    grep -qx "# ID @rpath/$name" "$lib" || bad "$name: id $(grep '^# ID' "$lib")"
    [ "$(grep -cx '# RPATH @loader_path' "$lib")" = 1 ] || bad "$name: not exactly one rpath @loader_path"
done
grep -qx "# LOAD @rpath/libSwiftSyntax.dylib" "$ROOT/lib/libSwiftDiagnostics.dylib" || bad "absolute load not rewritten to @rpath"
if grep -rqF "$T" "$ROOT/bin" "$ROOT/lib"; then bad "the toolchain is still named: $(grep -rF "$T" "$ROOT/bin" "$ROOT/lib")"; fi
[ "$(grep '^# RPATH' "$ROOT/bin/nibinspect" | tr '\n' ' ')" = "# RPATH @loader_path # RPATH @executable_path/../lib " ] ||
    bad "binary rpaths: $(grep '^# RPATH' "$ROOT/bin/nibinspect" | tr '\n' ' ')"
[ "$(grep -c '^codesign --force --sign - ' "$F/log")" = 5 ] || bad "signed $(grep -c '^codesign' "$F/log") files, not 5"
for key in swift-syntax graphviz libarchive libyaml; do
    grep -q "licenses/$key.txt (from $F/" "$ROOT/THIRD-PARTY-NOTICES" || bad "no licence text for $key from the stand-ins"
    [ -s "$ROOT/licenses/$key.txt" ] || bad "licenses/$key.txt missing"
done
# An @rpath library found nowhere is an error.
chmod u+w "$HOSTDIR"
rm -f "$HOSTDIR/libSwiftDiagnostics.dylib" "$F/out"/*
if run > "$F/dist2.out" 2>&1; then bad "dist.sh succeeded without libSwiftDiagnostics.dylib"; fi
grep -q "loads @rpath/libSwiftDiagnostics.dylib, found neither" "$F/dist2.out" || bad "no message naming the missing library: $(tail -1 "$F/dist2.out")"
[ "$fail" = 0 ] && echo "dist-darwin-mock-test: passed (4 libraries, 5 files signed, 4 licence texts)"
exit "$fail"
