#!/usr/bin/env bash
# Records what tree, json, connections, graph (DOT) and textconv print for every file of the shared
# corpus and both shared projects, so that a refactoring can be shown to keep the output
# byte-identical: run it with the binary before and after, then `diff -r BEFORE AFTER`.
#
#   Scripts/pipeline_identity.sh BIN OUTDIR [CORPUS_ROOT]
#
# For each input and command, OUTDIR gets <n>.<command>.out (stdout), <n>.<command>.err (stderr)
# and the exit status in <n>.<command>.rc; inputs.txt lists the inputs in order. Needs ../shared.
set -euo pipefail
bin=$1; out=$2; shared=${3:-"$(dirname "$0")/../../shared"}
[ -d "$shared/corpus" ] || { echo "pipeline_identity: no $shared/corpus" >&2; exit 2; }
mkdir -p "$out"
{
  cut -f4 "$shared/corpus/MANIFEST.tsv" | tail -n +2 | sed "s|^|$shared/corpus/|"
  find "$shared/projects" \( -name '*.xib' -o -name '*.storyboard' \) | sort
  echo "$shared/projects/NetNewsWire"; echo "$shared/projects/HexFiend"
} > "$out/inputs.txt"
n=0
while IFS= read -r input; do
  n=$((n + 1))
  for cmd in tree json connections graph textconv; do
    set +e
    "$bin" $cmd "$input" > "$out/$n.$cmd.out" 2> "$out/$n.$cmd.err" < /dev/null
    echo $? > "$out/$n.$cmd.rc"
    set -e
  done 2>/dev/null
done < "$out/inputs.txt"
echo "pipeline_identity: $n inputs × 5 commands recorded in $out"
