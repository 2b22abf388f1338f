#!/usr/bin/env python3
"""Loads a `nibinspect report` page in headless Chromium (over the DevTools protocol, as
Scripts/mermaid_render.py drives it) and says how long it took: the check that the index page of
a very large app renders quickly.

    Scripts/report_load.py PAGE.html [--png FILE]

Prints one JSON object: {"page", "seconds" (navigation start to the load event, the page's own
script included), "busy" and "layout" (the main thread's task and layout time, from the
DevTools Performance metrics: the page's own cost, which a loaded machine inflates less), "script" (what the script wrote into <body data-report-script>: "ok" when it
ran), "rows" (rows of the documents' index), "bytes"}. --png screenshots the top of the page at
1400×1000. Exit status 2 when Chromium is missing.
"""
import base64, json, os, shutil, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mermaid_render import Chromium  # noqa: E402


def main():
    args = sys.argv[1:]
    png = None
    if "--png" in args:
        i = args.index("--png"); png = args[i + 1]; del args[i:i + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    page = os.path.abspath(args[0])
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not binary:
        print("report_load: needs Chromium", file=sys.stderr)
        return 2
    browser = Chromium(binary)
    try:
        started = time.monotonic()
        browser.open("file://" + page, domains=("Page", "Performance"))
        wall = time.monotonic() - started
        timing = browser.evaluate("(performance.timing.loadEventEnd - performance.timing.navigationStart) / 1000")
        # The page's main-thread work (parsing, style, layout, script): what the page costs,
        # which other processes on a shared machine inflate less than the wall clock.
        metrics = {m["name"]: m["value"] for m in browser.call("Performance.getMetrics")["result"]["metrics"]}
        script = browser.evaluate("document.body.dataset.reportScript")
        rows = browser.evaluate("document.querySelectorAll('table.index tbody tr:not(.input)').length")
        if png:
            browser.call("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
            shot = browser.call("Page.captureScreenshot", {"format": "png"})
            open(png, "wb").write(base64.b64decode(shot["result"]["data"]))
    finally:
        browser.close()
    print(json.dumps({"page": page, "seconds": round(timing if timing and timing > 0 else wall, 3), "wall": round(wall, 3),
                      "busy": round(metrics.get("TaskDuration", 0), 3), "layout": round(metrics.get("LayoutDuration", 0), 3),
                      "script": script, "rows": rows, "bytes": os.path.getsize(page)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
