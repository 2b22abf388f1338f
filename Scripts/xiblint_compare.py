#!/usr/bin/env python3
"""Side by side: xiblint and `nibinspect lint` reading the same `.xiblint.json`, per rule.

Usage: Scripts/xiblint_compare.py XIBLINT NIBINSPECT CONFIG_DIR PROJECT_DIR
  XIBLINT     the xiblint executable (PyPI xiblint 0.10.4, e.g. in a venv under .build)
  NIBINSPECT  the nibinspect binary
  CONFIG_DIR  a directory holding the .xiblint.json (xiblint reads it from its working directory)
  PROJECT_DIR the project whose xibs and storyboards both lint

Prints, per xiblint rule, the findings of each tool as file:line, those both report, and those only
one reports; exits 0. Findings of nibinspect are matched to xiblint's rule through the rule's alias
(`--list-rules --format json`)."""
import collections, json, os, subprocess, sys

xiblint, nibinspect, config_dir, project = map(os.path.abspath, sys.argv[1:5])
project = os.path.abspath(project)
config = os.path.join(os.path.abspath(config_dir), ".xiblint.json")

rules = json.loads(subprocess.run([nibinspect, "lint", "--list-rules", "--format", "json"], capture_output=True, text=True).stdout)["rules"]
code_to_names = {r["id"]: [a.split(" ", 1)[1] for a in r.get("aliases", []) if a.startswith("xiblint ")] for r in rules}

x = subprocess.run([xiblint, "--reporter", "json", project], capture_output=True, text=True, cwd=config_dir)
theirs = collections.defaultdict(set)
for e in json.loads(x.stdout or "[]"):
    theirs[e.get("rule") or "(parse error)"].add((os.path.relpath(e["file"], project), e["line"]))

n = subprocess.run([nibinspect, "lint", "--format", "json", "--config", config, project], capture_output=True, text=True)
ours = collections.defaultdict(set)
for f in json.loads(n.stdout)["findings"]:
    names = code_to_names.get(f["rule"], [])
    if not names or not f.get("path"):
        continue
    # A rule with several xiblint names (accessibility-label-missing) is listed under each that xiblint reported.
    name = next((m for m in names if m in theirs), names[0])
    ours[name].add((os.path.relpath(f["path"], project), f.get("line")))

print(f"# {project}")
for rule in sorted(set(theirs) | set(ours)):
    t, o = theirs[rule], ours[rule]
    print(f"\n## {rule}: xiblint {len(t)}, nibinspect {len(o)}, both {len(t & o)}")
    for label, items in (("only xiblint", t - o), ("only nibinspect", o - t)):
        for file, line in sorted(items, key=lambda i: (i[0], i[1] or 0)):
            print(f"  {label}: {file}:{line}")
