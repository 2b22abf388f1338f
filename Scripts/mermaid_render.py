#!/usr/bin/env python3
"""Renders Mermaid files with Mermaid's own JavaScript in headless Chromium: the check that
`nibinspect graph --format mermaid` writes charts a real Mermaid implementation accepts.

    Scripts/mermaid_render.py BUNDLE FILE.mmd... [--svg-dir DIR] [--png FILE]

BUNDLE is a directory holding Mermaid's ES module build as NiceGUI packages it on PyPI
(`nicegui/elements/mermaid/dist/index.js`, Mermaid 11); `make test-deps` unpacks it into
`.build/mermaid`. Chromium is driven over the DevTools protocol on a pipe
(`--remote-debugging-pipe`), so the result does not depend on how long the page takes to load.
Prints one JSON object per file: {"file", "ok", "error", "svgBytes", "tooltips"} (tooltips: the
text Mermaid's tooltip box shows when each node with a `click` tooltip is hovered, the chart's
functions bound as `mermaid.run` binds them, by node id); exit status 1 when Mermaid
refuses any file, 2 when Chromium or the bundle is missing. --svg-dir writes each SVG; --png
screenshots the first chart (to look at the picture).
"""
import base64, json, os, shutil, subprocess, sys, tempfile


class Chromium:
    """A headless Chromium spoken to over the DevTools protocol (NUL-separated JSON on fds 3/4)."""

    def __init__(self, binary):
        to_r, self.to_w = os.pipe()
        from_r, from_w = os.pipe()

        def child():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.reader = os.fdopen(from_r, "rb")
        self.buffer, self.next_id, self.session = b"", 0, None

    def send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, want=None, event=None):
        while True:
            while b"\0" not in self.buffer:
                chunk = self.reader.read1(1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            message = json.loads(raw)
            if (want is not None and message.get("id") == want) or (event and message.get("method") == event):
                return message

    def call(self, method, params=None):
        return self.receive(want=self.send(method, params))

    def open(self, url, domains=("Page",)):
        targets = self.call("Target.getTargets")["result"]["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["result"]["sessionId"]
        for domain in domains:
            self.call(domain + ".enable")
        self.send("Page.navigate", {"url": url})
        self.receive(event="Page.loadEventFired")

    def evaluate(self, expression):
        reply = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in reply.get("result", {}):
            raise RuntimeError(reply["result"]["exceptionDetails"].get("text", "exception"))
        return reply["result"]["result"].get("value")

    def close(self):
        self.process.kill()
        self.process.wait()


def main():
    args = sys.argv[1:]
    svg_dir = png = None
    if "--svg-dir" in args:
        i = args.index("--svg-dir"); svg_dir = args[i + 1]; del args[i:i + 2]
    if "--png" in args:
        i = args.index("--png"); png = args[i + 1]; del args[i:i + 2]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bundle, files = os.path.abspath(args[0]), args[1:]
    entry = os.path.join(bundle, "nicegui/elements/mermaid/dist/index.js")
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not os.path.exists(entry) or not binary:
        print("mermaid_render: needs Chromium and Mermaid's bundle at " + entry, file=sys.stderr)
        return 2
    texts = [open(f, encoding="utf-8").read() for f in files]
    browser = Chromium(binary)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            blank = os.path.join(tmp, "blank.html")
            open(blank, "w").write("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
            browser.open("file://" + blank)
            results = browser.evaluate("""(async () => {
              const { mermaid } = await import(%s);
              mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
              const texts = %s, out = [];
              const box = document.createElement('div');
              document.body.appendChild(box);
              for (let i = 0; i < texts.length; i++) {
                try {
                  const { svg, bindFunctions } = await mermaid.render('chart' + i, texts[i]);
                  // The tooltips Mermaid shows on hover once the chart's functions are bound
                  // (as mermaid.run does), by node id: what a reader of the page sees.
                  box.innerHTML = svg;
                  if (bindFunctions) bindFunctions(box);
                  const tooltips = {};
                  for (const g of box.querySelectorAll('g.node[title]')) {
                    g.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
                    const tip = document.querySelector('.mermaidTooltip');
                    const id = (g.id.match(/flowchart-(.+)-[0-9]+$/) || [null, g.id])[1];
                    tooltips[id] = tip ? tip.innerText : null;
                    g.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
                  }
                  box.innerHTML = '';
                  out.push({ ok: true, svg, tooltips });
                }
                catch (e) { out.push({ ok: false, error: String(e && e.message || e) }); }
              }
              return out;
            })()""" % (json.dumps("file://" + entry), json.dumps(texts)))
            if png and results and results[0]["ok"]:
                size = browser.evaluate("""(async () => {
                  document.body.style.margin = '0'; document.body.style.background = 'white';
                  document.body.innerHTML = %s;
                  const box = document.querySelector('svg').getBoundingClientRect();
                  return [Math.ceil(box.width), Math.ceil(box.height)];
                })()""" % json.dumps(results[0]["svg"]))
                width, height = max(1, min(size[0], 8000)), max(1, min(size[1], 8000))
                browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                shot = browser.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
                open(png, "wb").write(base64.b64decode(shot["result"]["data"]))
    finally:
        browser.close()
    status = 0
    for f, r in zip(files, results):
        if r["ok"] and svg_dir:
            os.makedirs(svg_dir, exist_ok=True)
            open(os.path.join(svg_dir, os.path.basename(f) + ".svg"), "w", encoding="utf-8").write(r["svg"])
        print(json.dumps({"file": f, "ok": r["ok"], "error": r.get("error"), "svgBytes": len(r.get("svg", "")),
                          "tooltips": r.get("tooltips", {})}, ensure_ascii=False))
        if not r["ok"]:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
