#!/usr/bin/env python3
"""Times the PyPI package bpylist2 on the corpus keyed archives (the baseline of NibBench's
`keyed-corpus` section, `make bench`; target: nibinspect >= 20x faster on binary plists).

What is timed, per file (bytes already in memory, as in NibBench): the work nibinspect's
KeyedArchive.objectGraph does, done the way bpylist2 does it:
  1. bytes -> plist with bpylist2's plist parser (`archiver.plistlib`: on Python >= 3.8 bpylist2
     imports the standard library's plistlib, whose binary parser is pure Python; we use exactly that
     module object, not a faster substitute);
  2. every `$objects` entry resolved as bpylist2's `Unarchive` resolves it: a dictionary with `$class`
     gets its class name through `$class` -> `$classname` (`Unarchive.class_for_uid`) and, as
     nibinspect does, the superclass chain `$classes`; its other keys become its fields; UIDs stay
     references (nibinspect keeps them as indexes too); plist-native entries stay as they are;
  3. the `$top` dictionary as the root.
bpylist2's own `unarchive()` cannot run on nibs (it needs `$top.root` and a Python class registered
for every archived class, and it refuses cycles), so steps 2-3 mirror `Unarchive.class_for_uid` and
`decode_object` without the class mapping. Step 1 is ~90 % of the time. Not timed: file reading.
Python's garbage collector is left on (the default; turning it off changes the figure by < 3 %).
The file set is the one nibinspect uses: MANIFEST rows `bplist` / `xml-plist` that are keyed
archives (104 files: 95 binary, 9 XML). The ratio is taken on binary plists only; XML figures are
information (plistlib's XML parser is expat, not bpylist2 code). Installs bpylist2 with pip if missing.

Time is process CPU time (time.process_time), as in NibBench, because the machine is shared.

Usage: Scripts/bench_keyed.py [CORPUS_DIR] [MIN_SECONDS] [binary|xml]
With `binary` or `xml`, only that encoding is read and measured (make bench runs one process per
encoding on both sides, as NibBench must; 0 is printed for an encoding not measured).
Prints: keyed-bench bpylist2 files=N bytes=B binary_mbps=.. xml_mbps=.. all_mbps=.. peak_rss_mb=..
"""
import os
import resource
import subprocess
import sys
import time

try:
    from bpylist2 import archiver
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "bpylist2"])
    from bpylist2 import archiver

plistlib = archiver.plistlib


def graph(data):
    """bytes -> [(class name, {key: value})] + top dict, like nibinspect's ObjectGraph."""
    plist = plistlib.loads(data)
    if not isinstance(plist, dict) or "$objects" not in plist:
        raise ValueError("not a keyed archive")
    objects = plist["$objects"]
    out = []
    for obj in objects:
        if isinstance(obj, dict) and "$class" in obj:
            ref = obj["$class"]
            meta = objects[ref.data if isinstance(ref, plistlib.UID) else ref["CF$UID"]]  # XML: {CF$UID: n}
            name = meta.get("$classname")
            chain = [objects[c.data] for c in meta.get("$classes", ()) if isinstance(c, plistlib.UID)]
            fields = {k: v for k, v in obj.items() if k != "$class"}
            out.append((name, chain, fields))
        else:
            out.append((type(obj).__name__, (), obj))
    out.append(("$top", (), plist["$top"]))
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus")
    minimum = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    only = sys.argv[3] if len(sys.argv) > 3 else None
    if only not in (None, "binary", "xml"):
        sys.exit("bench_keyed.py: the third argument is binary or xml")
    wanted = {"binary": ("bplist",), "xml": ("xml-plist",), None: ("bplist", "xml-plist")}[only]
    binary, xml = [], []
    with open(os.path.join(root, "MANIFEST.tsv"), encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) < 7 or cols[6] not in wanted:
                continue
            with open(os.path.join(root, cols[3]), "rb") as g:
                data = g.read()
            try:
                graph(data)
            except Exception:
                continue  # not a keyed archive (Info.plist, info.nib, classes.nib)
            (binary if cols[6] == "bplist" else xml).append(data)

    def measure(files):
        total = sum(len(d) for d in files)
        if not total:
            return 0.0, 0
        rounds, start = 0, time.process_time()
        while True:
            for d in files:
                graph(d)
            rounds += 1
            elapsed = time.process_time() - start
            if elapsed >= minimum and rounds >= 3:
                return total * rounds / 1e6 / elapsed, total

    b, bb = measure(binary)
    x, xb = measure(xml)
    a, ab = measure(binary + xml) if only is None else (0.0, bb + xb)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 if sys.platform != "darwin" else 1048576)
    if only != "xml":
        print("keyed archives, binary plist: %d files, %.2f MB: %.1f MB/s (bpylist2)" % (len(binary), bb / 1e6, b))
    if only != "binary":
        print("keyed archives, XML plist:    %d files, %.2f MB: %.1f MB/s (bpylist2)" % (len(xml), xb / 1e6, x))
    print("keyed-bench bpylist2 files=%d bytes=%d binary_mbps=%.1f xml_mbps=%.1f all_mbps=%.1f peak_rss_mb=%.1f"
          % (len(binary) + len(xml), ab, b, x, a, rss))


if __name__ == "__main__":
    main()
