#!/usr/bin/env python3
"""Keeps the README true: runs every `$ nibinspect …` block of README.md with the built binary and
compares its output (stdout and stderr) with what the README shows. Run by `make test`.

Usage: Scripts/check_readme.py [path/to/nibinspect]   (default .build/debug/nibinspect)
The example `truncated.nib` is made here from the first 100 bytes of the login sample, and `junk.nib`
from the whole sample with 8 bytes appended."""
import os, re, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/nibinspect"))
text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
blocks = re.findall(r"```\n(\$ nibinspect .*?)```", text, re.S)
tmp = tempfile.mkdtemp()
truncated = os.path.join(tmp, "truncated.nib")
with open(os.path.join(root, "Samples/LoginViewController.nib"), "rb") as f, open(truncated, "wb") as out:
    out.write(f.read(100))
junk = os.path.join(tmp, "junk.nib")
with open(os.path.join(root, "Samples/LoginViewController.nib"), "rb") as f, open(junk, "wb") as out:
    out.write(f.read() + bytes(8))
failures = 0
for block in blocks:
    lines = block.rstrip("\n").split("\n")
    command, expected = lines[0][2:], "\n".join(lines[1:])
    run = binary + command[len("nibinspect"):]
    run = run.replace(" truncated.nib", " " + truncated).replace(" junk.nib", " " + junk)
    p = subprocess.run(run, shell=True, capture_output=True, text=True, cwd=root)
    got = (p.stdout + p.stderr).rstrip("\n").replace(truncated, "truncated.nib").replace(junk, "junk.nib")
    if got != expected:
        failures += 1
        print(f"README mismatch for: {command}\n--- README\n{expected}\n--- tool\n{got}\n")
print(f"README examples match the tool: {len(blocks) - failures} of {len(blocks)}")
sys.exit(1 if failures else 0)
