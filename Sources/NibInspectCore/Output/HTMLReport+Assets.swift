extension HTMLReport {
    /// The page's style sheet (system fonts only; nothing is loaded).
    static let css = """
    :root { --fg: #1b2430; --muted: #5b6b82; --line: #d6dde7; --bg: #ffffff; --band: #f3f6fa; --accent: #1f5faf; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
    header { padding: 16px 28px 10px; border-bottom: 1px solid var(--line); background: var(--band); position: sticky; top: 0; z-index: 2; }
    header h1 { margin: 0 0 2px; font-size: 20px; }
    header p, header nav { margin: 2px 0; color: var(--muted); font-size: 13px; }
    main { padding: 8px 28px 40px; max-width: 1500px; }
    h2 { font-size: 18px; margin: 28px 0 8px; padding-top: 8px; border-top: 2px solid var(--line); }
    h3 { font-size: 15px; margin: 18px 0 6px; }
    a { color: var(--accent); text-decoration: none; }
    a:hover { text-decoration: underline; }
    table { border-collapse: collapse; width: 100%; margin: 4px 0 10px; font-size: 13px; }
    th, td { text-align: left; vertical-align: top; padding: 3px 8px; border-bottom: 1px solid var(--line); overflow-wrap: break-word; }
    table.index.large { table-layout: fixed; width: 100%; }
    table.index.large th:first-child { width: 40%; }
    table.index tbody.chunk { content-visibility: auto; contain-intrinsic-size: auto 11000px; }
    table.index td:first-child, table.scenes td, table.findings td:nth-child(3), table.connections td { overflow-wrap: anywhere; }
    table.findings td:nth-child(3) { min-width: 16em; }
    table.findings td:nth-child(1), table.findings td:nth-child(2), table.connections td:first-child { white-space: nowrap; overflow-wrap: normal; }
    th { background: var(--band); font-weight: 600; position: sticky; top: 0; }
    th[data-key] { cursor: pointer; user-select: none; }
    th[data-key]::after { content: " \\2195"; color: #a0abbb; font-weight: normal; }
    th[data-sort="asc"]::after { content: " \\25B2"; color: var(--fg); }
    th[data-sort="desc"]::after { content: " \\25BC"; color: var(--fg); }
    td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
    tbody tr:nth-child(even) { background: #fafbfd; }
    tr.input th { background: #e9eef5; font-weight: 600; position: static; }
    tr.input details { font-weight: normal; margin-top: 2px; }
    tr.input ul { margin: 2px 0; max-height: 240px; overflow: auto; }
    code, .oid, .path { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
    .oid { color: var(--muted); }
    .muted, .note { color: var(--muted); }
    .note { font-style: italic; }
    .error, .sev-error td:first-child, li.sev-error { color: #c62828; }
    .sev-warning td:first-child, li.sev-warning { color: #a35c00; }
    .fix { color: var(--muted); margin-top: 2px; }
    .tag { display: inline-block; padding: 0 6px; border-radius: 8px; background: #eaf2ff; color: var(--accent); font-size: 11px; }
    .kind { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11px; background: #eef1f5; }
    .kind-outlet, .kind-outletCollection { background: #e3edf9; color: #1f5faf; }
    .kind-action { background: #e6f2e7; color: #2e7d32; }
    .kind-binding { background: #f1e8f6; color: #7b3fa0; }
    .kind-segue { background: #fbeee2; color: #c05800; }
    tr.unresolved td { color: #c62828; }
    .tree ul { list-style: none; margin: 0; padding-left: 18px; border-left: 1px dotted var(--line); }
    .tree ul.root { padding-left: 0; border-left: none; }
    .tree li { margin: 1px 0; }
    .tree li:target, tr:target, li:target > details > summary { background: #fff3c4; outline: 2px solid #e0b800; }
    .tree summary { cursor: pointer; }
    .tree { max-height: 640px; overflow: auto; border: 1px solid var(--line); padding: 6px 10px; border-radius: 6px; }
    .cls { font-weight: 600; }
    q { color: #7a4b00; }
    .filters { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin: 4px 0; font-size: 13px; }
    .filters input, .filters select { font: inherit; padding: 2px 6px; border: 1px solid var(--line); border-radius: 4px; }
    .filters .count { color: var(--muted); }
    div.connections { max-height: 720px; overflow: auto; }
    figure.graph { margin: 8px 0 16px; border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; max-height: 900px; }
    figure.graph svg { max-width: 100%; height: auto; display: block; margin: 0 auto; }
    figure.graph.full svg { max-width: none; }
    figure.graph { position: relative; }
    button.zoom { position: sticky; top: 0; left: 0; float: right; font: inherit; font-size: 12px; padding: 1px 8px; border: 1px solid var(--line); border-radius: 4px; background: var(--band); cursor: pointer; }
    th[data-key] { white-space: nowrap; }
    figcaption { color: var(--muted); font-size: 12px; margin-top: 6px; }
    section.document { scroll-margin-top: 90px; }
    section, article, li, tr { scroll-margin-top: 100px; }

    """

    /// The page's script: builds each connection table from its JSON data (DOM calls only, never
    /// `innerHTML`), sorts it by a clicked column and filters it by kind, class and label. It
    /// sets `<body data-report-script>` to ``scriptMarker`` when it ran without error, and to
    /// `error: …` when anything threw (also for errors after it ran).
    static let script = """
    (function () {
      'use strict';
      var body = document.body;
      window.addEventListener('error', function (e) {
        body.setAttribute('data-report-script', 'error: ' + (e && e.message ? e.message : 'unknown'));
      });
      function cell(tr, text, cls, anchor) {
        var td = document.createElement('td');
        if (anchor) {
          var a = document.createElement('a');
          a.href = '#' + anchor;
          a.textContent = text;
          td.appendChild(a);
        } else if (cls) {
          var span = document.createElement('span');
          span.className = cls;
          span.textContent = text;
          td.appendChild(span);
        } else {
          td.textContent = text;
        }
        tr.appendChild(td);
      }
      function setUp(box) {
        var source = document.getElementById(box.getAttribute('data-source'));
        var rows = JSON.parse(source.textContent);
        var table = box.querySelector('table');
        var tbody = table.querySelector('tbody');
        var kindSelect = box.querySelector('[data-filter="kind"]');
        var classInput = box.querySelector('[data-filter="class"]');
        var labelInput = box.querySelector('[data-filter="label"]');
        var count = box.querySelector('.count');
        var kinds = [];
        rows.forEach(function (r) { if (kinds.indexOf(r.kind) < 0) { kinds.push(r.kind); } });
        kinds.sort().forEach(function (k) {
          var o = document.createElement('option');
          o.value = k;
          o.textContent = k;
          kindSelect.appendChild(o);
        });
        var sortKey = null, sortDir = 1;
        function render() {
          var kind = kindSelect.value;
          var cls = classInput.value.toLowerCase();
          var label = labelInput.value.toLowerCase();
          var shown = rows.filter(function (r) {
            if (kind && r.kind !== kind) { return false; }
            if (cls && (r.sourceClass + ' ' + r.destinationClass).toLowerCase().indexOf(cls) < 0) { return false; }
            if (label && r.label.toLowerCase().indexOf(label) < 0) { return false; }
            return true;
          });
          if (sortKey) {
            shown = shown.slice().sort(function (a, b) {
              var x = String(a[sortKey]).toLowerCase(), y = String(b[sortKey]).toLowerCase();
              return x < y ? -sortDir : x > y ? sortDir : 0;
            });
          }
          while (tbody.firstChild) { tbody.removeChild(tbody.firstChild); }
          var fragment = document.createDocumentFragment();
          shown.forEach(function (r) {
            var tr = document.createElement('tr');
            if (r.unresolved) { tr.className = 'unresolved'; tr.title = r.unresolved; }
            cell(tr, r.kind, 'kind kind-' + r.kind);
            cell(tr, r.source, null, r.sourceAnchor);
            cell(tr, r.sourceClass);
            cell(tr, r.label);
            cell(tr, r.destination, null, r.destinationAnchor);
            cell(tr, r.destinationClass);
            cell(tr, r.detail + (r.unresolved ? ' unresolved: ' + r.unresolved : ''));
            fragment.appendChild(tr);
          });
          tbody.appendChild(fragment);
          count.textContent = shown.length + ' of ' + rows.length + ' connections';
          box.setAttribute('data-rows', String(shown.length));
        }
        Array.prototype.forEach.call(table.querySelectorAll('th[data-key]'), function (th) {
          th.addEventListener('click', function () {
            var key = th.getAttribute('data-key');
            sortDir = sortKey === key ? -sortDir : 1;
            sortKey = key;
            Array.prototype.forEach.call(table.querySelectorAll('th[data-key]'), function (h) { h.removeAttribute('data-sort'); });
            th.setAttribute('data-sort', sortDir > 0 ? 'asc' : 'desc');
            render();
          });
        });
        [kindSelect, classInput, labelInput].forEach(function (el) { el.addEventListener('input', render); });
        render();
      }
      Array.prototype.forEach.call(document.querySelectorAll('div.connections[data-source]'), setUp);
      // A link to an object inside a closed <details> opens it.
      function reveal() {
        var id = decodeURIComponent(location.hash.slice(1));
        var el = id ? document.getElementById(id) : null;
        for (var p = el; p; p = p.parentElement) { if (p.tagName === 'DETAILS') { p.open = true; } }
        if (el) { el.scrollIntoView(); }
      }
      // Each graph is scaled to the page's width; a button shows it at its actual size.
      Array.prototype.forEach.call(document.querySelectorAll('figure.graph'), function (figure) {
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'zoom';
        button.textContent = 'actual size';
        button.addEventListener('click', function () {
          var full = figure.classList.toggle('full');
          button.textContent = full ? 'fit to width' : 'actual size';
        });
        figure.insertBefore(button, figure.firstChild);
      });
      window.addEventListener('hashchange', reveal);
      reveal();
      var status = document.getElementById('script-status');
      if (status) { status.textContent = 'tables sortable (click a column) and filterable'; }
      if (body.getAttribute('data-report-script') === 'pending') { body.setAttribute('data-report-script', 'ok'); }
    })();

    """
}
