#!/usr/bin/env python3
"""Side by side: IBLinter and `nibinspect lint`, rule by rule, on one project.

Usage: Scripts/iblinter_compare.py IBLINTER NIBINSPECT PROJECT_DIR [RULE...]
  IBLINTER    the iblinter executable (built from IBDecodable/IBLinter; see the README)
  NIBINSPECT  the nibinspect binary
  PROJECT_DIR the project whose xibs and storyboards both lint
  RULE        IBLinter rule ids to compare (default: every rule nibinspect knows an IBLinter name of)

IBLinter's violations name no rule and no line, so each rule runs alone: a temporary
`.iblinter.yml` enables it and disables every other rule (`iblinter lint --path PROJECT --configuration-file
FILE --reporter json`), and `nibinspect lint --only RULE --format json` runs on the same project
once for all the rules (with an empty configuration, so nibinspect's default options, which are IBLinter's). Findings are
compared per file, by count; prints per rule the totals, then each file where the counts differ,
with IBLinter's first message there. Exits 0."""
import collections, json, os, subprocess, sys, tempfile

iblinter, nibinspect, project = map(os.path.abspath, sys.argv[1:4])
wanted = sys.argv[4:]

rules = json.loads(subprocess.run([nibinspect, "lint", "--list-rules", "--format", "json"], capture_output=True, text=True).stdout)["rules"]
ours_by_name = {}
for r in rules:
    for a in r.get("aliases", []):
        tool, name = a.split(" ", 1)
        if tool == "IBLinter":
            ours_by_name[name] = r["id"]
names = wanted or sorted(ours_by_name)

def rel(path):
    return os.path.relpath(os.path.abspath(os.path.join(project, path) if not os.path.isabs(path) else path), project)

with tempfile.TemporaryDirectory() as tmp:
    # nibinspect once, every rule asked for, with an empty configuration (its default options).
    empty = os.path.join(tmp, ".nibinspect.json")
    with open(empty, "w") as f:
        f.write("{}")
    args = [nibinspect, "lint", "--format", "json", "--config", empty]
    for name in names:
        args += ["--only", name]
    n = subprocess.run(args + [project], capture_output=True, text=True)
    ours_all = collections.defaultdict(collections.Counter)
    for f in json.loads(n.stdout or '{"findings": []}').get("findings", []):
        if f.get("path"):
            ours_all[f["rule"]][rel(f["path"])] += 1
    print(f"# {project}")
    for name in names:
        config = os.path.join(tmp, ".iblinter.yml")
        with open(config, "w") as f:
            f.write("enabled_rules:\n  - %s\ndisabled_rules:\n" % name)
            for other in sorted(ours_by_name):
                if other != name:
                    f.write("  - %s\n" % other)
        p = subprocess.run([iblinter, "lint", "--path", project, "--configuration-file", config, "--reporter", "json"],
                           capture_output=True, text=True, cwd=project)
        theirs, first = collections.Counter(), {}
        try:
            for v in json.loads(p.stdout or "[]"):
                file = rel(v["file"])
                theirs[file] += 1
                first.setdefault(file, v["message"])
        except json.JSONDecodeError:
            print(f"\n## {name}: IBLinter output is not JSON (exit {p.returncode}): {(p.stdout + p.stderr)[:300]!r}")
            continue
        ours = ours_all[ours_by_name[name]]
        both = sum((theirs & ours).values())
        print(f"\n## {name} ({ours_by_name[name]}): IBLinter {sum(theirs.values())}, nibinspect {sum(ours.values())}, same file {both}")
        for file in sorted(set(theirs) | set(ours)):
            if theirs[file] != ours[file]:
                print(f"  {file}: IBLinter {theirs[file]}, nibinspect {ours[file]}" + (f" — {first[file][:160]}" if file in first else ""))
