#!/bin/bash
# Compares, over a repository's history, the changed lines of `git diff` through `nibinspect textconv`
# with the raw XML diff: for every non-merge commit that touched a .xib or .storyboard, the lines
# added plus removed (`+`/`-` lines of the patch, file headers left out) of the diff against its
# first parent, both ways.
#
# Usage: Scripts/textconv_history.sh NIBINSPECT GIT_DIR OUT.tsv [MAX_COMMITS]
#   NIBINSPECT  the binary to use as textconv
#   GIT_DIR     a git directory (a bare clone is enough: nothing is checked out)
#   OUT.tsv     one row per commit: commit, raw, textconv, files; a summary goes to stdout: the
#               totals, the distribution of textconv/raw per commit, and the ten largest ratios
#   MAX_COMMITS the newest N such commits only (default: all)
#
# The diff driver is set for the run only (a temporary core.attributesFile and -c options); the
# repository's files, refs and configuration are not touched (git's own textconv cache, which writes
# notes into the repository, stays off). The driver is a wrapper that runs NIBINSPECT textconv once
# per distinct file content (a commit's old side is usually the previous commit's new side) and
# keeps the text in a temporary directory; `TEXTCONV_CACHE=DIR` keeps it across runs.
set -euo pipefail
bin=$(realpath "$1"); gitdir=$2; out=$3; max=${4:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache=${TEXTCONV_CACHE:-$tmp/cache}
mkdir -p "$cache"
printf '*.xib diff=nib\n*.storyboard diff=nib\n' > "$tmp/attributes"
cat > "$tmp/textconv" <<WRAPPER
#!/bin/bash
key=\$(sha256sum < "\$1" | cut -c1-40)-\${1##*/}
if [ ! -f "$cache/\$key" ]; then "$bin" textconv "\$1" > "$cache/\$key.\$\$" 2>/dev/null; mv "$cache/\$key.\$\$" "$cache/\$key"; fi
cat "$cache/\$key"
WRAPPER
chmod +x "$tmp/textconv"
empty=$(git --git-dir="$gitdir" hash-object -t tree /dev/null)
count() { awk '/^(\+\+\+|---) /{next} /^[+-]/{n++} END{print n+0}'; }
printf 'commit\traw\ttextconv\tfiles\n' > "$out"
n=0
git --git-dir="$gitdir" log --no-merges --format=%H -- '*.xib' '*.storyboard' | while read -r c; do
    parent=$(git --git-dir="$gitdir" rev-parse -q --verify "$c^" 2>/dev/null || echo "$empty")
    files=$(git --git-dir="$gitdir" diff --name-only "$parent" "$c" -- '*.xib' '*.storyboard' | wc -l)
    raw=$(git --git-dir="$gitdir" -c core.attributesFile=/dev/null diff --no-ext-diff --no-textconv -p "$parent" "$c" \
          -- '*.xib' '*.storyboard' | count)
    conv=$(git --git-dir="$gitdir" -c core.attributesFile="$tmp/attributes" -c diff.nib.textconv="$tmp/textconv" \
           -c diff.nib.cachetextconv=false diff --no-ext-diff -p "$parent" "$c" -- '*.xib' '*.storyboard' 2>/dev/null | count)
    printf '%s\t%s\t%s\t%s\n' "$c" "$raw" "$conv" "$files" >> "$out"
    n=$((n + 1))
    if [ "$max" -gt 0 ] && [ "$n" -ge "$max" ]; then break; fi
done
awk -F'\t' 'NR > 1 { raw += $2; conv += $3; rows++; if ($3 < $2) shorter++; else if ($3 == $2) same++; else longer++ }
    END { printf "%d commits: raw %d lines, textconv %d lines (%.1f%%); textconv shorter in %d, equal in %d, longer in %d\n",
          rows, raw, conv, raw ? 100 * conv / raw : 0, shorter, same, longer }' "$out"
awk -F'\t' 'NR > 1 && $2 > 0 { r = $3 / $2
        b = r < 0.25 ? "< 0.25" : r < 0.5 ? "0.25-0.5" : r < 1 ? "0.5-1" : r == 1 ? "1" : r <= 2 ? "1-2" : r <= 4 ? "2-4" : "> 4"
        n[b]++ }
    NR > 1 && $2 == 0 { n["raw 0"]++ }
    END { printf "textconv/raw per commit:"; split("< 0.25,0.25-0.5,0.5-1,1,1-2,2-4,> 4,raw 0", order, ",")
          for (i = 1; i <= 8; i++) printf " %s: %d;", order[i], n[order[i]] + 0; printf "\n" }' "$out"
echo "largest ratios (commit raw textconv ratio):"
awk -F'\t' 'NR > 1 && $2 > 0 { printf "%s\t%d\t%d\t%.1f\n", $1, $2, $3, $3 / $2 }' "$out" | sort -t$'\t' -k4,4gr -k3,3nr | head -10
