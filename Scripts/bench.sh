#!/usr/bin/env bash
# make bench: throughput and peak memory of the readers, release build, one process per section
# (see `nibbench --help`). Readers add their sections below. Speed is measured only here, never in tests.
set -euo pipefail
SWIFT=${SWIFT:-swift}
CORPUS=${CORPUS:-../shared/corpus}
PYTHON=${PYTHON:-python3}

echo "==> building nibbench (release)"
$SWIFT build -c release --product nibbench 2>&1 | tail -1
BENCH=.build/release/nibbench
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo
echo "== NIBArchive (targets: >= 100 MB/s on the synthetic archive, peak RSS < 2 x file + 50 MB,"
echo "   >= 50 x the PyPI 'nibarchive' parser on the corpus)"
if [ -f "$CORPUS/MANIFEST.tsv" ]; then
  out=$($BENCH nibarchive-corpus "$CORPUS" 5)
  echo "$out" | grep -v '^swift-seconds'
  swift_s=$(echo "$out" | sed -n 's/^swift-seconds-per-pass=//p')
  if ! $PYTHON -c 'import nibarchive' 2>/dev/null; then
    echo "installing the PyPI package nibarchive (pip)"; $PYTHON -m pip install -q nibarchive || true
  fi
  if $PYTHON -c 'import nibarchive' 2>/dev/null; then
    py_s=$($PYTHON - "$CORPUS" <<'PY'
import sys, time
from nibarchive import NIBArchiveParser
root = sys.argv[1]
files = [root + "/" + l.split("\t")[3] for l in open(root + "/MANIFEST.tsv").read().splitlines()[1:]
         if len(l.split("\t")) > 6 and l.split("\t")[6] == "NIBArchive"]
failures = 0
start = time.perf_counter()
for path in files:
    try:
        with open(path, "rb") as fp:
            NIBArchiveParser(verify=True).parse(fp)
    except Exception:
        failures += 1
elapsed = time.perf_counter() - start
print(f"{elapsed:.6f} {len(files)} {failures}")
PY
)
    set -- $py_s
    echo "python nibarchive (PyPI) corpus: $2 files in $1 s per pass ($3 raised)"
    awk -v s="$swift_s" -v p="$1" 'BEGIN { printf "ratio: nibinspect is %.0fx the Python parser (target >= 50x)\n", p / s }'
  else
    echo "python nibarchive not available; ratio skipped"
  fi
else
  echo "corpus absent ($CORPUS/MANIFEST.tsv); corpus sections skipped"
fi
$BENCH nibarchive-make-synthetic "$TMP/synthetic.nib" 50
$BENCH nibarchive-synthetic "$TMP/synthetic.nib"
