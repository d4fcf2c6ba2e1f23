// One self-contained HTML page per run (--report html=FILE): totals, a revision × area matrix of
// cell counts, a status filter, and every failure with its rule, spec link, expected vs actual,
// exchange and reproduce command (DESIGN rule 5). Inline CSS and JS only; a Content-Security-Policy
// forbids the page to load anything, so it shows the same offline.
import type { BaselineEntry, CheckResult, Reporter, RunResult, ScenarioResult } from '../../wire/results/index.js';
import {
  baselineNote,
  cellLabel,
  cellMark,
  checksToExplain,
  collectHints,
  createStyle,
  firstVerdict,
  formatDuration,
  groupRepeatedFindings,
  markOf,
  renderRerunBlock,
  renderStderrBox,
  renderTranscript,
  repeatedPhrase,
  rerunNote,
  type OutputSink,
  type RepeatedFindings,
} from '../format/index.js';
import { escapeHtml, escapeLines, safeHref } from './escape-html.js';
import { HTML_SCRIPT, HTML_STYLE } from './html-assets.js';

const PLAIN = createStyle(false);
const MAX_TEXT = 240;

/** What a cell is shown as: its mark, or `expected` when the baseline accepts its failure. */
type Shown = 'failed' | 'errored' | 'flaky' | 'expected' | 'warning' | 'passed' | 'skipped';
const SHOWN_ORDER: readonly Shown[] = ['failed', 'errored', 'flaky', 'expected', 'warning', 'passed', 'skipped'];
const SHOWN_WORDS: Record<Shown, string> = {
  failed: 'failed',
  errored: 'errored',
  flaky: 'flaky',
  expected: 'expected failure',
  warning: 'warning',
  passed: 'passed',
  skipped: 'skipped',
};
const SHOWN_MARKS: Record<Shown, string> = {
  failed: markOf('failed'),
  errored: markOf('errored'),
  flaky: markOf('flaky'),
  expected: '≈',
  warning: markOf('warning'),
  passed: markOf('passed'),
  skipped: markOf('skipped'),
};
/** Shown when the page opens: what needs attention. Passed and skipped cells are a click away. */
const SHOWN_AT_FIRST: ReadonlySet<Shown> = new Set(['failed', 'errored', 'flaky', 'expected', 'warning']);

function shownAs(cell: ScenarioResult): Shown {
  if (baselineNote(cell)) return 'expected';
  const mark = cellMark(cell);
  return mark === 'failed' || mark === 'errored' || mark === 'flaky' || mark === 'warning' || mark === 'passed' ? mark : 'skipped';
}

export function renderHtmlReport(run: RunResult): string {
  const repeated = groupRepeatedFindings(run.scenarios, run.strict);
  const target = run.target.command ?? run.target.url ?? run.target.kind;
  const title = `mcp-conform report: ${target}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Nothing may be fetched: no fonts, images, scripts or styles from anywhere.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${HTML_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    renderHeader(run, target),
    renderMatrix(run),
    renderRunProblem(run),
    renderRepeated(repeated),
    renderBaseline(run),
    renderCells(run, repeated),
    renderFuzz(run),
    `<footer>${escapeHtml(`${run.tool.name} ${run.tool.version}`)} · started ${escapeHtml(run.startedAt)} · the JSON report (--report json) has every cell's complete transcript.</footer>`,
    '</main>',
    `<script>${HTML_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function count(cells: readonly ScenarioResult[]): Record<Shown, number> {
  const counts: Record<Shown, number> = { failed: 0, errored: 0, flaky: 0, expected: 0, warning: 0, passed: 0, skipped: 0 };
  for (const c of cells) counts[shownAs(c)]++;
  return counts;
}

function renderHeader(run: RunResult, target: string): string {
  const s = run.summary;
  const counts = count(run.scenarios);
  const gateFails =
    run.endReason !== 'passed' && !(run.baseline && run.baseline.unexpected.length === 0 && run.baseline.stale.length === 0 && run.endReason === 'failed');
  const verdict = gateFails ? '<span class="verdict bad">FAILED</span>' : '<span class="verdict ok">PASSED</span>';
  const server = run.target.serverInfo;
  const serverName = server && typeof server.name === 'string' ? ` (${server.name}${typeof server.version === 'string' ? ` ${server.version}` : ''})` : '';
  const pills = SHOWN_ORDER.filter((k) => counts[k] > 0 || k === 'passed' || k === 'failed').map(
    (k) => `<span class="pill ${k}"><b>${counts[k]}</b> ${SHOWN_WORDS[k]}</span>`,
  );
  return [
    '<header>',
    `<h1>MCP conformance ${verdict}</h1>`,
    `<p class="meta">target <code>${escapeHtml(target)}</code>${escapeHtml(serverName)} · revisions ${escapeHtml(run.revisions.join(', ') || 'none accepted')} · ${s.scenarios} cells in ${escapeHtml(formatDuration(s.durationMs))}${run.seed !== undefined ? ` · seed ${run.seed}` : ''}${run.strict ? ' · strict' : ''}</p>`,
    `<div class="totals">${pills.join('')}${s.warnings > 0 ? `<span class="pill warning"><b>${s.warnings}</b> warning checks</span>` : ''}</div>`,
    '</header>',
  ].join('\n');
}

function renderMatrix(run: RunResult): string {
  if (run.scenarios.length === 0) return '';
  const areas = [...new Set(run.scenarios.map((c) => c.area))];
  const revisions = [...new Set([...run.revisions, ...run.scenarios.map((c) => c.revision)])].sort();
  const head = `<tr><th>area \\ revision</th>${revisions.map((r) => `<th>${escapeHtml(r)}</th>`).join('')}<th>all</th></tr>`;
  const row = (area: string) => {
    const inArea = run.scenarios.filter((c) => c.area === area);
    const tds = revisions.map((r) => matrixCell(inArea.filter((c) => c.revision === r)));
    return `<tr><th>${escapeHtml(area)}</th>${tds.join('')}${matrixCell(inArea)}</tr>`;
  };
  return ['<h2>Cells by area and revision</h2>', '<table class="matrix">', head, ...areas.map(row), '</table>'].join('\n');
}

function matrixCell(cells: readonly ScenarioResult[]): string {
  if (cells.length === 0) return '<td class="empty">·</td>';
  const counts = count(cells);
  const worst = SHOWN_ORDER.find((k) => k !== 'skipped' && counts[k] > 0) ?? 'skipped';
  const parts = SHOWN_ORDER.filter((k) => counts[k] > 0).map((k) => `<span class="${k}" title="${SHOWN_WORDS[k]}">${SHOWN_MARKS[k]} ${counts[k]}</span>`);
  // A status no cell of the run has is left out of data-counts (flaky ones exist only with re-runs).
  const named = SHOWN_ORDER.filter((k) => k !== 'flaky' || counts[k] > 0);
  return `<td class="worst-${worst}" data-counts="${named.map((k) => `${k}:${counts[k]}`).join(' ')}"><div class="counts">${parts.join('')}</div></td>`;
}

function renderRunProblem(run: RunResult): string {
  if (run.endReason === 'target-unavailable') {
    return `<h2 class="failed">The target could not be tested</h2>\n<pre>${escapeLines(run.fatal ?? 'The target could not be started or never answered.')}</pre>`;
  }
  if (run.endReason === 'interrupted')
    return `<h2 class="warning">Interrupted</h2>\n<p>The run was interrupted after ${run.scenarios.length} of ${run.planned} planned cells; the results below are partial.</p>`;
  return '';
}

function renderRepeated(repeated: RepeatedFindings): string {
  if (repeated.groups.length === 0) return '';
  const items = repeated.groups.map((g) => {
    const c = g.first.check;
    const cells = g.cells.map((cell) => `<code>${escapeHtml(cellLabel(cell))}</code>`).join(', ');
    return `<li><b class="${c.status}">${escapeHtml(c.rule.id)}</b> (${c.rule.level}): ${escapeHtml(c.message)} — <b>${repeatedPhrase(g)}</b><br><span class="note">${cells}</span></li>`;
  });
  return [
    '<h2>Repeated findings</h2>',
    '<p class="note">The same finding (rule, verdict and message) in several cells is most likely one defect; it is explained once, under its first cell.</p>',
    `<ul class="plain repeated">${items.join('')}</ul>`,
  ].join('\n');
}

function entryText(e: BaselineEntry): string {
  return `${e.scenario}${[e.revision, e.transport, e.rule, e.check && `#${e.check}`]
    .filter(Boolean)
    .map((x) => ` ${x}`)
    .join('')} — ${e.reason}`;
}

function renderBaseline(run: RunResult): string {
  const b = run.baseline;
  if (!b) return '';
  const list = (cls: string, word: string, items: string[]) =>
    items.length > 0 ? `<p><b class="${cls}">${word}</b></p><ul class="plain">${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : '';
  const cell = (c: { id: string; revision: string; transport: string }) =>
    `<code>${escapeHtml(`${c.id} [${c.revision}]${c.transport === 'stdio' ? '' : ` (${c.transport})`}`)}</code>`;
  return [
    `<h2>Baseline <code>${escapeHtml(b.file)}</code></h2>`,
    `<p>${b.expected.length} expected failure(s), ${b.unexpected.length} new, ${b.stale.length} stale, ${b.notRun.length} not exercised by this run. New failures and stale entries fail the run.</p>`,
    list('failed', 'New failures', b.unexpected.map(cell)),
    list(
      'warning',
      'Stale entries (the cells they name ran and passed: delete them)',
      b.stale.map((e) => escapeHtml(entryText(e))),
    ),
    list(
      'expected',
      'Expected failures',
      b.expected.map((c) => `${cell(c)}: ${escapeHtml(c.reason)}`),
    ),
    list(
      'skipped',
      'Not exercised by this run',
      b.notRun.map((e) => escapeHtml(entryText(e))),
    ),
  ].join('\n');
}

function renderCells(run: RunResult, repeated: RepeatedFindings): string {
  if (run.scenarios.length === 0) return '';
  const counts = count(run.scenarios);
  const filters = SHOWN_ORDER.filter((k) => counts[k] > 0).map(
    (k) => `<label class="${k}"><input type="checkbox" value="${k}"${SHOWN_AT_FIRST.has(k) ? ' checked' : ''}> ${SHOWN_WORDS[k]} (${counts[k]})</label>`,
  );
  // Cells needing attention first, then the rest, each group in run order.
  const ordered = SHOWN_ORDER.flatMap((k) => run.scenarios.filter((c) => shownAs(c) === k));
  return [
    '<h2>Cells</h2>',
    `<div class="filters"><span>Show:</span>${filters.join('')}<span class="note"><span id="shown-count">${ordered.filter((c) => SHOWN_AT_FIRST.has(shownAs(c))).length}</span> shown</span></div>`,
    ...ordered.map((c) => renderCell(c, run.strict, repeated)),
  ].join('\n');
}

function renderCell(cell: ScenarioResult, strict: boolean, repeated: RepeatedFindings): string {
  const shown = shownAs(cell);
  const checks = checksToExplain(cell, strict);
  const why =
    cell.status === 'skipped'
      ? (cell.skipReason ?? 'no reason given')
      : cell.status === 'flaky'
        ? (rerunNote(cell) ?? 'flaky')
        : cell.status === 'errored' && cell.errorReason
          ? cell.errorReason
          : checks.length > 0
            ? [...new Set(checks.map((c) => c.rule.id))].join(', ')
            : `${cell.checks.length} ${cell.checks.length === 1 ? 'check' : 'checks'}, ${formatDuration(cell.durationMs)}`;
  const open = shown === 'failed' || shown === 'errored' ? ' open' : '';
  const hidden = SHOWN_AT_FIRST.has(shown) ? '' : ' hidden';
  const summary = `<summary><span class="mark ${shown}">${SHOWN_MARKS[shown]}</span><span class="label">${escapeHtml(cellLabel(cell))}</span><span class="why">${escapeHtml(why)}</span></summary>`;
  return `<details class="cell${hidden}" data-status="${shown}"${open}>${summary}<div class="body">${renderCellBody(cell, checks, repeated)}</div></details>`;
}

function renderCellBody(cell: ScenarioResult, checks: readonly CheckResult[], repeated: RepeatedFindings): string {
  const parts: string[] = [`<p class="note">${escapeHtml(cell.title)}</p>`];
  const note = baselineNote(cell);
  if (note) parts.push(`<p class="expected">${escapeHtml(note)}</p>`);
  if (cell.status === 'skipped') return parts.join('');
  // A flaky cell shows its first attempt (as that verdict), then its re-run alone.
  const errored = firstVerdict(cell) === 'errored';
  const rerun = rerunNote(cell);
  if (rerun) parts.push(`<p class="${cell.status === 'flaky' ? 'flaky' : 'note'}"><b>${escapeHtml(rerun)}</b></p>`);
  if (errored && cell.errorReason) parts.push(`<p class="errored"><b>errored:</b> ${escapeHtml(cell.errorReason)}</p>`);
  if (errored && cell.stderr.length > 0) parts.push(`<pre>${escapeLines(renderStderrBox(cell.stderr, PLAIN, { maxText: MAX_TEXT }).join('\n'))}</pre>`);
  for (const check of checks) parts.push(renderFinding(cell, check, repeated));
  if (checks.length === 0 && cell.status === 'passed') {
    parts.push(`<p>${cell.checks.length} checks: ${escapeHtml([...new Set(cell.checks.map((c) => c.rule.id))].join(', '))}</p>`);
  }
  const again = renderRerunBlock(cell, { style: PLAIN, maxText: MAX_TEXT });
  if (again.length > 0) parts.push(`<pre>${escapeLines(again.join('\n'))}</pre>`);
  const hints = collectHints(checks);
  if (hints.length > 0) parts.push(`<p><b>hints</b></p><ol>${hints.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ol>`);
  parts.push(`<div class="repro"><pre>${escapeHtml(cell.repro)}</pre><button type="button">Copy</button></div>`);
  return parts.join('\n');
}

function renderFinding(cell: ScenarioResult, check: CheckResult, repeated: RepeatedFindings): string {
  const group = repeated.groupOf(check);
  const href = safeHref(check.rule.url);
  const spec = href ? ` · <a href="${href}" rel="noreferrer">spec: ${escapeHtml(check.rule.section)}</a>` : ` · ${escapeHtml(check.rule.section)}`;
  const rows: [string, string | undefined][] = [
    ['finding', check.message],
    ['rule', `${check.rule.summary}`],
    ['expected', check.expected],
    ['actual', check.actual],
    ['at', check.pointer === undefined ? undefined : check.pointer === '' ? '(the whole message)' : check.pointer],
    ['check', check.id],
  ];
  const dl = rows
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `<dt>${k}</dt><dd>${k === 'expected' || k === 'actual' || k === 'at' || k === 'check' ? `<code>${escapeLines(v!)}</code>` : escapeHtml(v!)}</dd>`,
    );
  const exchange = renderTranscript(cell.transcript, { ...(check.evidence ? { evidence: check.evidence } : {}), style: PLAIN, maxText: MAX_TEXT });
  const seen = group
    ? `<p class="note"><b>${repeatedPhrase(group)}</b>${group.first.cell === cell ? '' : ` (first in <code>${escapeHtml(cellLabel(group.first.cell))}</code>)`}</p>`
    : '';
  return [
    '<div class="finding">',
    `<h3><span class="${check.status}">${markOf(check.status)} ${escapeHtml(check.rule.id)}</span> (${check.rule.level}, ${check.status}, revision ${escapeHtml(cell.revision)})${spec}</h3>`,
    seen,
    `<dl>${dl.join('')}</dl>`,
    exchange.length > 0 ? `<pre>${escapeLines(exchange.join('\n'))}</pre>` : '',
    '</div>',
  ].join('\n');
}

function renderFuzz(run: RunResult): string {
  const f = run.fuzz;
  if (!f) return '';
  const lines = [
    `seed ${f.seed} at ${f.revision}: ${f.cases} inputs in ${formatDuration(f.durationMs)} (${f.casesPerSecond}/s), ${f.status}`,
    ...(f.failure
      ? [
          `input      ${f.failure.input}`,
          ...f.failure.violations.map((v) => `rule       ${v.rule.id} (${v.rule.level}) ${v.property}: ${v.detail}`),
          ...(f.failure.reproduce ? [`reproduce  ${f.failure.reproduce}`] : []),
        ]
      : []),
    ...f.warnings.map((w) => `warning    ${w.rule.id} (${w.rule.level}) ${w.property}: ${w.detail} (${w.count} inputs)`),
    `replay     ${f.replay}`,
  ];
  return `<h2 class="${f.status}">Fuzzing</h2>\n<pre>${escapeLines(lines.join('\n'))}</pre>`;
}

export class HtmlReporter implements Reporter {
  constructor(private readonly sink: OutputSink) {}

  onRunStart(): void {
    // Empties a stale file now, so a page from an earlier run never passes for this one.
    this.sink.open();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.sink.write(renderHtmlReport(run));
    await this.sink.close();
  }
}
