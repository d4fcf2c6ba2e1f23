// The page's inline style and script: the report is one self-contained file that loads nothing
// (its Content-Security-Policy forbids every fetch), so it opens the same offline, from a CI
// artifact or an e-mail attachment.

export const HTML_STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --skip: #6e7781; --err: #8250df; --expected: #0969da;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 48px; }
header h1 { font-size: 22px; margin: 0 0 4px; }
header .meta { color: var(--muted); margin: 0 0 14px; }
header .meta code { color: var(--fg); }
h2 { font-size: 16px; margin: 28px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
code, pre { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.totals { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0 0; }
.pill { display: inline-flex; align-items: center; gap: 6px; padding: 3px 10px; border-radius: 999px; border: 1px solid var(--line); background: var(--panel); font-weight: 600; }
.pill b { font-size: 15px; }
.verdict { font-weight: 700; padding: 3px 10px; border-radius: 6px; color: #fff; }
.verdict.ok { background: var(--pass); } .verdict.bad { background: var(--fail); }
.passed { color: var(--pass); } .failed { color: var(--fail); } .warning { color: var(--warn); }
.skipped { color: var(--skip); } .errored { color: var(--err); } .expected { color: var(--expected); } .flaky { color: var(--warn); }
table { border-collapse: collapse; width: 100%; }
.matrix th, .matrix td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
.matrix th { background: var(--panel); font-weight: 600; white-space: nowrap; }
.matrix td.empty { color: var(--skip); text-align: center; }
.matrix td.worst-failed { background: #ffebe9; } .matrix td.worst-errored { background: #fbefff; }
.matrix td.worst-warning { background: #fff8c5; } .matrix td.worst-passed { background: #dafbe1; }
.matrix td.worst-expected { background: #ddf4ff; } .matrix td.worst-flaky { background: #fff8c5; }
.counts { display: flex; flex-wrap: wrap; gap: 4px 10px; font-variant-numeric: tabular-nums; }
.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 12px; }
.filters label { display: inline-flex; gap: 5px; align-items: center; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px; cursor: pointer; background: var(--panel); }
.cell { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 10px; background: var(--bg); }
.cell > summary { list-style: none; cursor: pointer; padding: 8px 12px; display: flex; gap: 10px; align-items: baseline; }
.cell > summary::-webkit-details-marker { display: none; }
.cell > summary .mark { font-weight: 700; width: 1.2em; text-align: center; }
.cell > summary .label { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
.cell > summary .why { color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
.cell .body { padding: 0 14px 12px; border-top: 1px solid var(--line); }
.finding { margin: 12px 0 0; }
.finding h3 { font-size: 14px; margin: 0 0 6px; }
.finding dl { display: grid; grid-template-columns: 90px 1fr; gap: 2px 12px; margin: 0 0 6px; }
.finding dt { color: var(--muted); } .finding dd { margin: 0; overflow-wrap: anywhere; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.finding dd code { white-space: pre-wrap; }
.repro { display: flex; gap: 8px; align-items: center; margin: 10px 0 0; }
.repro pre { flex: 1; margin: 0; }
.repro button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); cursor: pointer; }
.note { color: var(--muted); margin: 6px 0 0; }
.repeated li { margin: 0 0 6px; }
.hidden { display: none; }
ul.plain { padding-left: 18px; margin: 6px 0; }
footer { color: var(--muted); margin-top: 28px; font-size: 12px; }
`;

/** Filtering by status, and copying a reproduce command; nothing else runs. */
export const HTML_SCRIPT = `
(function () {
  var boxes = document.querySelectorAll('.filters input[type=checkbox]');
  function apply() {
    var shown = {};
    boxes.forEach(function (b) { shown[b.value] = b.checked; });
    document.querySelectorAll('.cell').forEach(function (c) {
      c.classList.toggle('hidden', !shown[c.getAttribute('data-status')]);
    });
    var visible = document.querySelectorAll('.cell:not(.hidden)').length;
    var count = document.getElementById('shown-count');
    if (count) count.textContent = String(visible);
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  document.querySelectorAll('.repro button').forEach(function (btn) {
    btn.addEventListener('click', function () {
      var text = btn.parentNode.querySelector('pre').textContent;
      if (navigator.clipboard) navigator.clipboard.writeText(text).then(function () { btn.textContent = 'Copied'; });
    });
  });
  apply();
})();
`;
