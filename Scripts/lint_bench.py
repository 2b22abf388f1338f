#!/usr/bin/env python3
"""make bench, lint section (issue 27): CPU time of `nibinspect lint` on a project with its default
rules and with every rule on (`{"enable": ["all"]}`: the house rules of xiblint and IBLinter too),
and beside them xiblint (every rule but color_assets, which needs a configured catalog) and IBLinter (every rule) on the same files
when they are installed. CPU time of the child processes (user + system, getrusage), the median of
PASSES runs; the target is every-rule time <= 1.2 x default time.

Usage: Scripts/lint_bench.py NIBINSPECT PROJECT [PASSES] [XIBLINT] [IBLINTER]
Prints `lint-default-cpu=S`, `lint-all-cpu=S`, `lint-all-ratio=R`, then xiblint-cpu / iblinter-cpu."""
import json, os, resource, statistics, subprocess, sys, tempfile

nibinspect, project = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
passes = int(sys.argv[3]) if len(sys.argv) > 3 else 3
xiblint = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 and os.path.exists(sys.argv[4]) else None
iblinter = os.path.abspath(sys.argv[5]) if len(sys.argv) > 5 and os.path.exists(sys.argv[5]) else None

def cpu(args, cwd=None):
    times = []
    for _ in range(passes):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(times), p.stdout

with tempfile.TemporaryDirectory() as tmp:
    default = os.path.join(tmp, "default.nibinspect.json")
    everything = os.path.join(tmp, "all.nibinspect.json")
    open(default, "w").write("{}")
    open(everything, "w").write('{"enable": ["all"]}')
    d, out_d = cpu([nibinspect, "lint", "--format", "json", "--config", default, project])
    a, out_a = cpu([nibinspect, "lint", "--format", "json", "--config", everything, project])
    nd = len(json.loads(out_d or b'{"findings": []}')["findings"])
    na = len(json.loads(out_a or b'{"findings": []}')["findings"])
    print(f"nibinspect lint, default rules: {d:.2f} s CPU ({nd} findings); every rule on: {a:.2f} s CPU ({na} findings)")
    print(f"lint-default-cpu={d:.3f}\nlint-all-cpu={a:.3f}\nlint-all-ratio={a / d if d else 0:.2f}")
    if xiblint:
        open(os.path.join(tmp, ".xiblint.json"), "w").write('{"rules": ["*"], "excluded_rules": ["color_assets"]}')
        x, _ = cpu([xiblint, project], cwd=tmp)
        print(f"xiblint, every rule: {x:.2f} s CPU\nxiblint-cpu={x:.3f}")
    if iblinter:
        rules = [r["aliases"] for r in json.loads(subprocess.run([nibinspect, "lint", "--list-rules", "--format", "json"], capture_output=True).stdout)["rules"] if r.get("aliases")]
        names = sorted({a.split(" ", 1)[1] for al in rules for a in al if a.startswith("IBLinter ")})
        config = os.path.join(tmp, ".iblinter.yml")
        open(config, "w").write("enabled_rules:\n" + "".join(f"  - {n}\n" for n in names))
        i, _ = cpu([iblinter, "lint", "--path", project, "--configuration-file", config, "--reporter", "json"], cwd=project)
        print(f"IBLinter, every rule: {i:.2f} s CPU\niblinter-cpu={i:.3f}")
