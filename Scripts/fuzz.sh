#!/usr/bin/env bash
# Fuzz the ArchiveReader readers with libFuzzer (toolchain-notes.md §6; style.md §10.8).
#
# Usage:
#   Scripts/fuzz.sh build                 # build .build/fuzz/fuzz-archive (swiftc, fuzzer+ASan)
#   Scripts/fuzz.sh build-sources         # build .build/fuzz/fuzz-sources (the Swift/Objective-C readers)
#   Scripts/fuzz.sh build-zip             # build .build/fuzz/fuzz-zip (scan's archive path, libarchive)
#   Scripts/fuzz.sh run TARGET [SECONDS]  # fuzz one target (default 240 s)
#   Scripts/fuzz.sh repro FILE...         # run the fuzzer binary on saved inputs (no fuzzing)
#   Scripts/fuzz.sh minimize FILE         # -minimize_crash=1 on one crashing input
#   TARGET = nibarchive | bplist | xmlplist | typedstream | xib | swift | objc | ziparchive | all
#
# ziparchive fuzzes `nibinspect scan`'s archive path (Fuzz/Zip/FuzzZip.swift: libarchive reading a
# zip in memory, members kept within small limits, units listed and opened as on disk); its seeds
# are zips made at run time (Python zipfile) of Samples/ and of small .app bundles of the corpus.
#
# swift and objc fuzz the source readers of `nibinspect why` (Fuzz/Sources/FuzzSources.swift,
# built with Sources/SourceIndex and the toolchain's SwiftParser); their seeds are small .swift or
# .h/.m files of ../shared/projects, plus for swift the hostile shapes of issue 26 (nested
# interpolations, nested #if, deep '(' and '[' that crashed or exhausted SwiftParser).
#
# The harness (Fuzz/FuzzEntry.swift) is compiled with plain swiftc together with every file of
# Sources/TextEscaping Sources/FileWalk, Sources/NibModel and Sources/ArchiveReader into one module (-DNIBINSPECT_SINGLE_MODULE), with -parse-as-library so libFuzzer's own main() runs
# (SwiftPM's `--defsym main` trap: toolchain-notes.md §6). Check the `INFO: Loaded N modules`
# line of the output: without it the binary is not instrumented and finds nothing.
#
# Seeds: Samples/ plus up to SEEDS (default 40) small corpus files of the target's format from
# ../shared/corpus (MANIFEST.tsv), copied to a temporary directory at run time, never into the
# repository. Per-format dictionaries live in Fuzz/dict/. Findings go to .build/fuzz/findings/TARGET/
# (crash-*, timeout-*, oom-*); the grown corpus to .build/fuzz/corpus/TARGET/.
#
# Environment: SANITIZE (build-sources only; default fuzzer,address: SANITIZE=fuzzer builds without
# AddressSanitizer, several times faster since ASan clears the shadow of every parser thread's
# 64 MiB stack, and still finds crashes, stack overflows, timeouts and memory blow-ups),
# FUZZ_RESOLVE=1 also fuzzes the resolver (when Sources/ArchiveReader has it),
# SEEDS=N, JOBS (not used: the machine is shared, one process per run), RSS_MB (default 1024),
# TIMEOUT_S (per input, default 10), MAX_LEN (default 65536; 16384 for objc, 20000 for swift so the issue-26 seeds load whole), RUNS (stop after this many executions
# instead of after SECONDS; default: no limit).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=.build/fuzz
BIN=$OUT/fuzz-archive
CORPUS_DIR=${CORPUS_DIR:-../shared/corpus}
export SWIFT_BACKTRACE=enable=no   # Swift's backtracer trips ASan and hides the report
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

build() {
    mkdir -p "$OUT"
    local flags=()
    [[ "${FUZZ_RESOLVE:-0}" == 1 ]] && flags+=(-DFUZZ_RESOLVE)
    # -O keeps the exec rate useful; -g gives symbolised stacks.
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g "${flags[@]}" \
        -module-name ArchiveReader -package-name nibinspect -swift-version 6 -DNIBINSPECT_SINGLE_MODULE \
        $(find Sources/TextEscaping Sources/FileWalk Sources/NibModel Sources/ArchiveReader -name '*.swift' | sort) Fuzz/*.swift \
        -o "$BIN" 2> >(grep -v "Cannot export local symbol" >&2)
    echo "built $BIN"
}

# The source readers with the toolchain's SwiftParser (lib/swift/host next to the swiftc in use).
build_sources() {
    mkdir -p "$OUT"
    local host; host=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host
    swiftc -sanitize="${SANITIZE:-fuzzer,address}" -parse-as-library -O -g \
        -module-name SourceIndex -swift-version 6 -DNIBINSPECT_SWIFTPARSER -DNIBINSPECT_SINGLE_MODULE -I "$host" -L "$host" \
        -lSwiftParser -lSwiftSyntax \
        -Xlinker -rpath -Xlinker "$host" \
        $(find Sources/FileWalk Sources/SourceIndex Sources/SwiftSourceParser -name '*.swift' | sort) Fuzz/Sources/*.swift \
        -o "$OUT/fuzz-sources" 2> >(grep -v "Cannot export local symbol" >&2)
    echo "built $OUT/fuzz-sources"
}

run_sources() {
    local target=$1 secs=$2 projects=${PROJECTS_DIR:-../shared/projects}
    [[ -x $OUT/fuzz-sources ]] || build_sources
    local seeds; seeds=$(mktemp -d /tmp/nibfuzz-seeds.XXXXXX)
    trap "rm -rf '$seeds'; trap - RETURN" RETURN
    local pattern=(-name '*.swift'); [[ $target == objc ]] && pattern=(-name '*.h' -o -name '*.m')
    if [[ -d $projects ]]; then
        find "$projects" -type f \( "${pattern[@]}" \) -size -8k | sort | awk 'NR % 7 == 1' | head -"${SEEDS:-40}" \
            | while IFS= read -r f; do cp "$f" "$seeds/$(echo "${f#$projects/}" | tr '/ ' '__')"; done
    else
        echo "no projects at $projects; fuzzing from an empty corpus" >&2
    fi
    if [[ $target == swift ]]; then
        # The shapes that crashed or exhausted SwiftParser (issue 26), shortened to fit MAX_LEN:
        # nested interpolations, nested #if, '(' lookahead, '[' backtracking before '('.
        python3 - "$seeds" <<'PY'
import sys
out = sys.argv[1]
shapes = {
    "hostile-interpolations.swift": 'let a = ' + '"\\(\\(' * 300 + '\n' + ')' * 300 + '\n',
    "hostile-interpolations2.swift": 'let a = ' + '"\\(' * 600 + '\n' + ')"' * 600 + '\n',
    # The issue's three shapes at full size (MAX_LEN of the swift target is 20000 so they load whole):
    # 6 KB of nested interpolations on two lines, 3,000 nested #if (18 KB), one line with 900 '('.
    "issue-interpolations-6k.swift": 'let a = ' + '"\\(' * 1200 + '\n' + ')"' * 1200 + '\n',
    "issue-conditionals-3000.swift": '#if X\n' * 3000,
    "hostile-conditionals.swift": '#if X\n' * 1000,
    "hostile-parens.swift": 'var a' + '(' * 900 + '\n',
    "hostile-squares.swift": 'var a' + '[' * 8 + '(' * 56 + '\n',
    "limit-mixed.swift": 'class A { func f() { _ = ' + '[({' * 21 + '\n',
}
for name, text in shapes.items():
    open(out + "/" + name, "w").write(text)
PY
    fi
    local corpus=$OUT/corpus/$target findings=$OUT/findings/$target
    mkdir -p "$corpus" "$findings"
    echo "fuzzing $target for ${secs}s with $(ls "$seeds" | wc -l) seeds" >&2
    FUZZ_LANG=$target "$OUT/fuzz-sources" "$corpus" "$seeds" \
        -max_total_time="$secs" -runs="${RUNS:--1}" -rss_limit_mb="${RSS_MB:-1024}" -malloc_limit_mb="${RSS_MB:-1024}" \
        -timeout="${TIMEOUT_S:-10}" -max_len="${MAX_LEN:-$([[ $target == swift ]] && echo 20000 || echo 16384)}" -print_final_stats=1 \
        -artifact_prefix="$findings/" 2>&1 | tee "$OUT/$target.log" | grep -E "INFO: Loaded|DONE|ERROR|==|stat::|Done" || true
}

# `nibinspect scan`'s archive path with libarchive (Sources/CArchive's module map).
build_zip() {
    mkdir -p "$OUT"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
        -module-name NibScan -package-name nibinspect -swift-version 6 -DNIBINSPECT_SINGLE_MODULE \
        -I Sources/CArchive -larchive \
        $(find Sources/TextEscaping Sources/FileWalk Sources/NibModel Sources/ArchiveReader Sources/NibScan -name '*.swift' | sort) Fuzz/Zip/*.swift \
        -o "$OUT/fuzz-zip" 2> >(grep -v "Cannot export local symbol" >&2)
    echo "built $OUT/fuzz-zip"
}

run_zip() {
    local secs=$1
    [[ -x $OUT/fuzz-zip ]] || build_zip
    local seeds; seeds=$(mktemp -d /tmp/nibfuzz-seeds.XXXXXX)
    trap "rm -rf '$seeds'; trap - RETURN" RETURN
    python3 - "$seeds" "$CORPUS_DIR" <<'PY'
import os, sys, zipfile
out, corpus = sys.argv[1], sys.argv[2]
def zipdir(src, prefix, name, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(os.path.join(out, name), "w", method) as z:
        for root, dirs, files in os.walk(src):
            dirs.sort()
            for f in sorted(files):
                p = os.path.join(root, f)
                if os.path.getsize(p) < 32768:
                    z.write(p, prefix + "/" + os.path.relpath(p, src))
zipdir("Samples", "Payload/Samples.app", "samples.ipa")
zipdir("Samples", "Payload/Samples.app", "samples-stored.ipa", zipfile.ZIP_STORED)
with zipfile.ZipFile(os.path.join(out, "bomb.ipa"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Payload/Bomb.app/Big.nib", b"\0" * (4 << 20))    # past the harness's 1 MiB member limit
    z.write("Samples/LoginViewController.nib", "Payload/Bomb.app/Login.nib")
apps = []
for root, dirs, files in os.walk(corpus):
    for d in sorted(dirs):
        if d.endswith(".app"):
            apps.append(os.path.join(root, d))
for i, app in enumerate(sorted(apps)[:8]):
    zipdir(app, "Payload/" + os.path.basename(app), "app%d.ipa" % i)
PY
    local corpus=$OUT/corpus/ziparchive findings=$OUT/findings/ziparchive
    mkdir -p "$corpus" "$findings"
    echo "fuzzing ziparchive for ${secs}s with $(ls "$seeds" | wc -l) seeds" >&2
    "$OUT/fuzz-zip" "$corpus" "$seeds" -dict=Fuzz/dict/ziparchive.dict \
        -max_total_time="$secs" -runs="${RUNS:--1}" -rss_limit_mb="${RSS_MB:-1024}" -malloc_limit_mb="${RSS_MB:-1024}" \
        -timeout="${TIMEOUT_S:-10}" -max_len="${MAX_LEN:-262144}" -print_final_stats=1 \
        -artifact_prefix="$findings/" 2>&1 | tee "$OUT/ziparchive.log" | grep -E "INFO: Loaded|DONE|ERROR|==|stat::|Done" || true
}

# format column in MANIFEST.tsv for a target
manifest_format() {
    case $1 in
        nibarchive) echo NIBArchive ;; bplist) echo bplist ;;
        xmlplist) echo xml-plist ;; typedstream) echo typedstream ;; xib) echo xml-ib ;;
        *) echo "unknown target $1" >&2; exit 64 ;;
    esac
}

seed_dir() {
    local target=$1 dir=$2 n=${SEEDS:-40}
    mkdir -p "$dir"
    if [[ $target == xib ]]; then cp Samples/*.xib "$dir"/ 2>/dev/null || true; else cp Samples/*.nib "$dir"/ 2>/dev/null || true; fi
    [[ -f "$CORPUS_DIR/MANIFEST.tsv" ]] || { echo "no corpus at $CORPUS_DIR; Samples only" >&2; return; }
    local fmt; fmt=$(manifest_format "$target")
    # smallest-first spread: files under 64 KiB of that format
    awk -F'\t' -v f="$fmt" '$7==f && $5>0 && $5<65536 {print $5"\t"$4}' "$CORPUS_DIR/MANIFEST.tsv" \
        | sort -n | cut -f2- | awk -v n="$n" '{a[NR]=$0} END {step=(NR>n)?NR/n:1; for(i=1;i<=NR && c<n;i+=step){print a[int(i)]; c++}}' \
        | while IFS= read -r f; do cp "$CORPUS_DIR/$f" "$dir/$(echo "$f" | tr '/ ' '__')" || true; done
}

run() {
    local target=$1 secs=${2:-240}
    if [[ $target == all ]]; then
        for t in nibarchive bplist xmlplist typedstream xib swift objc ziparchive; do run "$t" "$secs"; done
        return
    fi
    if [[ $target == swift || $target == objc ]]; then run_sources "$target" "$secs"; return; fi
    if [[ $target == ziparchive ]]; then run_zip "$secs"; return; fi
    [[ -x $BIN ]] || build
    local seeds; seeds=$(mktemp -d /tmp/nibfuzz-seeds.XXXXXX)
    trap "rm -rf '$seeds'; trap - RETURN" RETURN
    seed_dir "$target" "$seeds"
    local corpus=$OUT/corpus/$target findings=$OUT/findings/$target
    mkdir -p "$corpus" "$findings"
    echo "fuzzing $target for ${secs}s with $(ls "$seeds" | wc -l) seeds" >&2
    "$BIN" "$corpus" "$seeds" -dict="Fuzz/dict/$target.dict" \
        -max_total_time="$secs" -runs="${RUNS:--1}" -rss_limit_mb="${RSS_MB:-1024}" -malloc_limit_mb="${RSS_MB:-1024}" \
        -timeout="${TIMEOUT_S:-10}" -max_len="${MAX_LEN:-65536}" -print_final_stats=1 \
        -artifact_prefix="$findings/" 2>&1 | tee "$OUT/$target.log" | grep -E "INFO: Loaded|DONE|ERROR|==|stat::|Done" || true
}

case ${1:-} in
    build) build ;;
    build-sources) build_sources ;;
    build-zip) build_zip ;;
    run) shift; run "$@" ;;
    repro) shift; [[ -x $BIN ]] || build; "$BIN" -rss_limit_mb="${RSS_MB:-1024}" -timeout="${TIMEOUT_S:-10}" "$@" ;;
    minimize) shift; [[ -x $BIN ]] || build
        "$BIN" -minimize_crash=1 -runs=20000 -exact_artifact_path="$1.min" "$1"; echo "minimised: $1.min" ;;
    *) sed -n '2,34p' "$0"; exit 64 ;;
esac
