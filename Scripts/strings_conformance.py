#!/usr/bin/env python3
"""Build and measure the `strings` conformance data (Tests/Conformance/strings).

  strings_conformance.py collect LIST            write the pairs of LIST into Tests/Conformance/strings
  strings_conformance.py measure BIN [--verbose]  run BIN strings on every checked-in source

LIST is tab-separated: repository (owner/name), licence, git directory, commit, source path,
translation path (the output of strings_pairs.py with the repository columns added). `collect`
stores each source at its commit under sources/<owner+name>/<commit>/<path> and the ibtool keys of
the translation (key, comment) under expected/<pair id>.tsv, and writes pairs.tsv. Only the
translation's keys and ibtool's comments are kept, not the translated texts.

`measure` prints, per pair and in total, the ibtool keys produced with ibtool's comment, those
produced with another comment, those missing, and the keys produced that the translation lacks.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from strings_pairs import ENTRY, decode  # noqa: E402

ROOT = os.environ.get("STRINGS_CONFORMANCE_ROOT") or os.path.join(os.path.dirname(__file__), "..", "Tests", "Conformance", "strings")


def pair_id(repo, source, translation):
    lang = re.search(r'([^/]+)\.lproj/[^/]+$', translation).group(1)
    name = os.path.splitext(os.path.basename(source))[0]
    parent = os.path.dirname(os.path.dirname(source)).replace("/", "_").replace(" ", "_")
    return f"{repo.split('/')[1]}-{parent + '-' if parent else ''}{name}-{lang}"


def collect(list_path):
    rows = []
    for line in open(list_path):
        if not line.strip() or line.startswith("#"):
            continue
        repo, licence, gitdir, commit, source, translation = line.rstrip("\n").split("\t")
        show = lambda p: subprocess.run(["git", "--git-dir", gitdir, "show", f"{commit}:{p}"],
                                        capture_output=True, check=True).stdout
        local = f"sources/{repo.replace('/', '+')}/{commit[:10]}/{source}".replace(" ", "_")
        os.makedirs(os.path.join(ROOT, os.path.dirname(local)), exist_ok=True)
        with open(os.path.join(ROOT, local), "wb") as f:
            f.write(show(source))
        pid = pair_id(repo, source, translation)
        # A key given twice was edited by hand after ibtool wrote it: ibtool's entry is the first.
        entries = list({m.group(2): m.group(1).strip() for m in reversed(list(ENTRY.finditer(decode(show(translation)))))}.items())[::-1]
        os.makedirs(os.path.join(ROOT, "expected"), exist_ok=True)
        with open(os.path.join(ROOT, "expected", pid + ".tsv"), "w", encoding="utf-8") as f:
            for key, comment in entries:
                assert "\t" not in key + comment and "\n" not in key + comment, (pid, key)
                f.write(f"{key}\t{comment}\n")
        rows.append((pid, repo, licence, commit, source, translation, local))
    with open(os.path.join(ROOT, "pairs.tsv"), "w", encoding="utf-8") as f:
        f.write("# Pairs of an Interface Builder source and an ibtool-generated translation of it, in public\n"
                "# repositories, each taken at the commit where they agree best (Scripts/strings_pairs.py).\n"
                "# Columns: pair id, repository, licence, commit, source path, translation path, checked-in source\n"
                "# (under Tests/Conformance/strings). The translation's keys and comments are in expected/<pair id>.tsv.\n")
        for r in rows:
            f.write("\t".join(r) + "\n")


def load_pairs():
    pairs = []
    for line in open(os.path.join(ROOT, "pairs.tsv"), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        pid, repo, licence, commit, source, translation, local = line.rstrip("\n").split("\t")
        expected = {}
        for e in open(os.path.join(ROOT, "expected", pid + ".tsv"), encoding="utf-8"):
            k, c = e.rstrip("\n").split("\t")
            expected.setdefault(k, c)
        pairs.append((pid, local, expected))
    return pairs


def produced(binary, path):
    out = subprocess.run([binary, "strings", path], capture_output=True).stdout
    return {m.group(2): m.group(1).strip() for m in ENTRY.finditer(out.decode("utf-8"))}


def measure(binary, verbose):
    totals = [0, 0, 0, 0, 0]
    for pid, local, expected in load_pairs():
        ours = produced(binary, os.path.join(ROOT, local))
        same = sum(1 for k, c in expected.items() if ours.get(k) == c)
        other = sum(1 for k, c in expected.items() if k in ours and ours[k] != c)
        missing = [k for k in expected if k not in ours]
        extra = [k for k in ours if k not in expected]
        for i, v in enumerate((len(expected), same, other, len(missing), len(extra))):
            totals[i] += v
        print(f"{pid}\t{len(expected)}\t{same}\t{other}\t{len(missing)}\t{len(extra)}")
        if verbose:
            for k in missing:
                print(f"  missing {k}\t{expected[k]}")
            for k in extra:
                print(f"  extra   {k}\t{ours[k]}")
            for k, c in expected.items():
                if k in ours and ours[k] != c:
                    print(f"  comment {k}\n    ibtool: {c}\n    ours:   {ours[k]}")
    print("total keys %d, same comment %d, other comment %d, missing %d, extra %d" % tuple(totals))


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        collect(sys.argv[2])
    else:
        measure(sys.argv[2], "--verbose" in sys.argv)
