#!/usr/bin/env bash
# make demo: run nibinspect on every sample and write outputs to $2 (default out/).
set -euo pipefail
NIB=${1:-.build/release/nibinspect}
OUT=${2:-out}
mkdir -p "$OUT"
shopt -s nullglob
samples=(Samples/*.nib)
if [ ${#samples[@]} -eq 0 ]; then echo "no samples in Samples/ (run 'make samples')"; exit 1; fi
for nib in "${samples[@]}"; do
  base=$(basename "$nib" .nib)
  echo "==> nibinspect tree $nib"
  "$NIB" tree "$nib"
  "$NIB" json --raw "$nib" > "$OUT/$base.raw.json"
  echo "    wrote $OUT/$base.raw.json"
  echo
done
