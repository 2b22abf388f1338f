#!/usr/bin/env python3
"""Times the PyPI package bpylist2 on the corpus keyed archives (the baseline of NibBench's
runKeyedBench; target: nibinspect >= 20x faster).

bpylist2's `unarchive()` needs `$top.root` and a Python class registered for every archived
class, which nibs never satisfy, so this times the same work nibinspect does: bytes -> plist
(bpylist2's plistlib, which it imports from the standard library on Python >= 3.8) -> an object
graph with each `$objects` entry's class name resolved through `$class` -> `$classname`
(bpylist2's `Unarchive.class_for_uid` logic, without the class mapping), UIDs kept as
references. Installs bpylist2 with pip if it is missing.

Time is process CPU time (time.process_time), as in NibBench, because the machine is shared.

Usage: Scripts/bench_keyed.py [CORPUS_DIR] [MIN_SECONDS]
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
            fields = {k: v for k, v in obj.items() if k != "$class"}
            out.append((name, fields))
        else:
            out.append((type(obj).__name__, obj))
    out.append(("$top", plist["$top"]))
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus")
    minimum = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    binary, xml = [], []
    with open(os.path.join(root, "MANIFEST.tsv"), encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) < 7 or cols[6] not in ("bplist", "xml-plist"):
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
    a, ab = measure(binary + xml)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 if sys.platform != "darwin" else 1048576)
    print("keyed archives, binary plist: %d files, %.2f MB: %.1f MB/s (bpylist2)" % (len(binary), bb / 1e6, b))
    print("keyed archives, XML plist:    %d files, %.2f MB: %.1f MB/s (bpylist2)" % (len(xml), xb / 1e6, x))
    print("keyed-bench bpylist2 files=%d bytes=%d binary_mbps=%.1f xml_mbps=%.1f all_mbps=%.1f peak_rss_mb=%.1f"
          % (len(binary) + len(xml), ab, b, x, a, rss))


if __name__ == "__main__":
    main()
