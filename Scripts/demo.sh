#!/usr/bin/env bash
# make demo: run nibinspect on every sample of Samples/ and write its outputs to $2 (default out/):
# the resolved tree (printed), the connection table (printed), the resolved JSON, the raw JSON and an
# SVG graph of each nib, and a source/compiled comparison for each nib that has a .xib beside it;
# then what changed between two versions of the Login xib (diff), the Login xib rebuilt from its
# compiled nib (xib), the samples as JSON Lines (scan) and one HTML report of all of them (report).
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
  echo
  echo "==> nibinspect connections $nib"
  "$NIB" connections "$nib"
  echo
  "$NIB" json "$nib" > "$OUT/$base.json"
  "$NIB" json --raw "$nib" > "$OUT/$base.raw.json"
  "$NIB" graph --format svg -o "$OUT/$base.svg" "$nib"
  echo "    wrote $OUT/$base.json, $OUT/$base.raw.json, $OUT/$base.svg"
  if [ -f "Samples/$base.xib" ]; then
    echo "==> nibinspect compare Samples/$base.xib $nib"
    "$NIB" compare "Samples/$base.xib" "$nib"
  fi
  echo
done
echo "==> nibinspect diff Samples/LoginViewController.xib Samples/LoginViewController-v2.xib"
"$NIB" diff Samples/LoginViewController.xib Samples/LoginViewController-v2.xib || [ $? -eq 1 ]   # exit 1: they differ
echo
"$NIB" xib -o "$OUT/LoginViewController.rebuilt.xib" Samples/LoginViewController.nib
echo "==> nibinspect compare $OUT/LoginViewController.rebuilt.xib Samples/LoginViewController.nib"
"$NIB" compare "$OUT/LoginViewController.rebuilt.xib" Samples/LoginViewController.nib
echo
"$NIB" scan Samples > "$OUT/Samples.jsonl"
"$NIB" report -o "$OUT/Samples.html" Samples
echo "    wrote $OUT/LoginViewController.rebuilt.xib, $OUT/Samples.jsonl ($(wc -l < "$OUT/Samples.jsonl") documents), $OUT/Samples.html"
