#!/usr/bin/env python3
"""Times pytypedstream (PyPI `pytypedstream`, LGPL; used here only as a baseline, not copied) on the
typedstream files of the corpus, the same files `nibbench` decodes with `runTypedstreamBench`.

usage: bench_typedstream.py <corpus-dir> [--passes N] [--swift-seconds S]

Times are process CPU time (time.process_time), like nibbench's, so a busy machine does not skew
the ratio. Prints `python-seconds-per-pass=<s>` (full `unarchive_from_data` of every file; a file the library
rejects still counts its time) and, given the Swift time per pass, the speed ratio.
"""
import argparse
import sys
import time


def corpus_files(root):
    rows = open(root + "/MANIFEST.tsv", encoding="utf-8").read().splitlines()[1:]
    return [root + "/" + cols[3] for cols in (r.split("\t") for r in rows) if len(cols) > 6 and cols[6] == "typedstream"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--swift-seconds", type=float, default=None)
    ns = ap.parse_args()
    try:
        import typedstream
    except ImportError:
        print("pytypedstream not installed (pip install pytypedstream); python baseline skipped")
        return 0
    files = corpus_files(ns.corpus)
    blobs = [open(p, "rb").read() for p in files]
    failures = 0
    start = time.process_time()
    for _ in range(ns.passes):
        for data in blobs:
            try:
                typedstream.unarchive_from_data(data)
            except Exception:
                failures += 1
    per_pass = (time.process_time() - start) / ns.passes
    size = sum(len(b) for b in blobs)
    print(f"pytypedstream corpus: {len(files)} files, {size / 1e6:.3f} MB in {per_pass:.4f} CPU s per pass "
          f"= {size / 1e6 / per_pass:.2f} MB/s ({failures // ns.passes} files raised)")
    print(f"python-seconds-per-pass={per_pass:.6f}")
    if ns.swift_seconds:
        print(f"ratio: nibinspect is {per_pass / ns.swift_seconds:.0f}x pytypedstream (target >= 20x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
