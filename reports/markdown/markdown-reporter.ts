// A Markdown summary of a run (--report markdown=FILE): the verdict, a table per area, the baseline,
// repeated findings once, and each failure with its rule, expected vs actual, exchange and
// reproduce command in a collapsed block. Written for GitHub's job summary ($GITHUB_STEP_SUMMARY),
// which renders GitHub-flavoured Markdown and <details>, and caps a summary at 1 MiB.
import type { BaselineEntry, CheckResult, Reporter, RunResult, ScenarioResult } from '../../wire/results/index.js';
import {
  baselineNote,
  cellFindings,
  cellLabel,
  cellMark,
  checksToExplain,
  createStyle,
  firstVerdict,
  formatDuration,
  groupRepeatedFindings,
  printable,
  renderRerunBlock,
  renderTranscript,
  repeatedPhrase,
  rerunNote,
  type OutputSink,
  type RepeatedFindings,
} from '../format/index.js';

const PLAIN = createStyle(false);
/** Failures explained in full before the rest are only listed: a job summary has a size cap. */
const EXPLAINED_MAX = 30;
const MAX_TEXT = 200;

/** Text inside a table cell or a line: no pipes breaking the table, no markup from the target. */
function inline(text: string): string {
  return printable(text)
    .replace(/\\/g, '\\\\')
    .replace(/([`*_|<>[\]])/g, '\\$1');
}

/** A fenced block that no backtick run inside the text can close early. */
function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.split('\n').map(printable).join('\n')}\n${ticks}`;
}

function code(text: string): string {
  const t = printable(text);
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

export function renderMarkdownSummary(run: RunResult): string {
  const repeated = groupRepeatedFindings(run.scenarios, run.strict);
  const sections = [
    renderHeading(run),
    renderAreaTable(run),
    renderProblem(run),
    renderBaseline(run),
    renderRepeated(repeated),
    renderFailures(run, repeated),
    renderFuzz(run),
  ];
  return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}

function gatePasses(run: RunResult): boolean {
  if (run.endReason === 'passed') return true;
  const b = run.baseline;
  return run.endReason === 'failed' && b !== undefined && b.unexpected.length === 0 && b.stale.length === 0 && run.fuzz?.status !== 'failed';
}

function renderHeading(run: RunResult): string {
  const s = run.summary;
  const target = run.target.command ?? run.target.url ?? run.target.kind;
  const expected = run.scenarios.filter((c) => baselineNote(c)).length;
  const totals = `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.errored} errored, ${s.flaky > 0 ? `${s.flaky} flaky, ` : ''}${s.warnings} ${s.warnings === 1 ? 'warning' : 'warnings'}${expected > 0 ? ` (${expected} of the failures expected by the baseline)` : ''} in ${formatDuration(s.durationMs)}`;
  return [
    `## ${gatePasses(run) ? '✅' : '❌'} MCP conformance: ${gatePasses(run) ? 'passed' : 'failed'}`,
    '',
    `Target ${code(target)} · revisions ${run.revisions.join(', ') || 'none accepted'}${run.strict ? ' · strict' : ''}`,
    '',
    `**${totals}**`,
  ].join('\n');
}

function renderAreaTable(run: RunResult): string {
  if (run.scenarios.length === 0) return '';
  const areas = [...new Set(run.scenarios.map((c) => c.area))];
  const withFlaky = run.summary.flaky > 0;
  const rows = areas.map((area) => {
    const cells = run.scenarios.filter((c) => c.area === area);
    const n = (pred: (c: ScenarioResult) => boolean) => cells.filter(pred).length;
    const expected = n((c) => baselineNote(c) !== undefined);
    const failed = n((c) => c.status === 'failed' && !baselineNote(c));
    const errored = n((c) => c.status === 'errored' && !baselineNote(c));
    const flaky = n((c) => c.status === 'flaky' && !baselineNote(c));
    const warnings = cells.reduce((k, c) => k + c.checks.filter((x) => x.status === 'warning').length, 0);
    const mark =
      failed + errored + (run.failOnFlaky ? flaky : 0) > 0
        ? '❌'
        : expected + flaky > 0 || warnings > 0
          ? '⚠️'
          : n((c) => c.status === 'passed') > 0
            ? '✅'
            : '➖';
    return `| ${mark} ${inline(area)} | ${cells.length} | ${n((c) => c.status === 'passed')} | ${failed} | ${errored} |${withFlaky ? ` ${flaky} |` : ''} ${expected} | ${warnings} | ${n((c) => c.status === 'skipped')} |`;
  });
  // The flaky column appears when a cell is flaky, so that runs without re-runs read as before.
  return [
    `| area | cells | passed | failed | errored |${withFlaky ? ' flaky |' : ''} expected | warnings | skipped |`,
    `| --- | ---: | ---: | ---: | ---: |${withFlaky ? ' ---: |' : ''} ---: | ---: | ---: |`,
    ...rows,
  ].join('\n');
}

function renderProblem(run: RunResult): string {
  if (run.endReason === 'target-unavailable')
    return `### The target could not be tested\n\n${fence(run.fatal ?? 'The target could not be started or never answered.')}`;
  if (run.endReason === 'interrupted')
    return `### Interrupted\n\nThe run stopped after ${run.scenarios.length} of ${run.planned} planned cells; the results are partial.`;
  return '';
}

function entryText(e: BaselineEntry): string {
  return `${code(
    `${e.scenario}${[e.revision, e.transport, e.rule, e.check && `#${e.check}`]
      .filter(Boolean)
      .map((x) => ` ${x}`)
      .join('')}`,
  )}: ${inline(e.reason)}`;
}

function renderBaseline(run: RunResult): string {
  const b = run.baseline;
  if (!b) return '';
  const cell = (c: { id: string; revision: string; transport: string }) => code(`${c.id} [${c.revision}]${c.transport === 'stdio' ? '' : ` (${c.transport})`}`);
  return [
    `### Baseline ${code(b.file)}`,
    '',
    `${b.expected.length} expected failure(s), ${b.unexpected.length} new, ${b.stale.length} stale, ${b.notRun.length} not exercised by this run.`,
    ...b.unexpected.map((c) => `- ❌ new: ${cell(c)}`),
    ...b.stale.map((e) => `- ⚠️ stale (ran and passed: delete the entry): ${entryText(e)}`),
    ...b.expected.map((c) => `- expected: ${cell(c)}: ${inline(c.reason)}`),
    ...b.notRun.map((e) => `- not run: ${entryText(e)}`),
  ].join('\n');
}

function renderRepeated(repeated: RepeatedFindings): string {
  if (repeated.groups.length === 0) return '';
  return [
    '### Repeated findings',
    '',
    ...repeated.groups.map((g) => {
      const c = g.first.check;
      const cells = g.cells
        .slice(0, 5)
        .map((x) => code(cellLabel(x)))
        .join(', ');
      return `- **${inline(c.rule.id)}** (${c.rule.level}): ${inline(c.message)} — **${repeatedPhrase(g)}**: ${cells}${g.cells.length > 5 ? ` and ${g.cells.length - 5} more` : ''}`;
    }),
  ].join('\n');
}

function renderFailures(run: RunResult, repeated: RepeatedFindings): string {
  const failing = run.scenarios.filter((c) => c.status === 'failed' || c.status === 'errored' || c.status === 'flaky' || cellMark(c) === 'warning');
  if (failing.length === 0) return '';
  // New failures first, then flaky cells, then warnings, then failures the baseline accepts.
  const rank = (c: ScenarioResult) => (baselineNote(c) ? 3 : c.status === 'passed' ? 2 : c.status === 'flaky' ? 1 : 0);
  const ordered = [...failing].sort((a, b) => rank(a) - rank(b));
  const blocks = ordered.slice(0, EXPLAINED_MAX).map((c) => renderCell(c, run.strict, repeated));
  const rest = ordered.slice(EXPLAINED_MAX).map(
    (c) =>
      `- ${code(cellLabel(c))}: ${inline(
        checksToExplain(c, run.strict)
          .map((k) => k.rule.id)
          .join(', ') ||
          c.errorReason ||
          c.status,
      )}`,
  );
  return ['### Failures and warnings', '', ...blocks, ...(rest.length > 0 ? ['', `${rest.length} more (see the JUnit or JSON report):`, ...rest] : [])].join(
    '\n',
  );
}

function renderCell(cell: ScenarioResult, strict: boolean, repeated: RepeatedFindings): string {
  const f = cellFindings(cell, strict);
  const mark = baselineNote(cell) ? '≈' : cell.status === 'errored' ? '💥' : cell.status === 'failed' ? '❌' : cell.status === 'flaky' ? '🔁' : '⚠️';
  const checks = [...f.errors, ...f.failures, ...f.warnings];
  const headline = `${mark} ${code(cellLabel(cell))} — ${inline(
    checks
      .map((c) => c.rule.id)
      .filter((v, i, a) => a.indexOf(v) === i)
      .join(', ') ||
      cell.errorReason ||
      cell.status,
  )}`;
  const body: string[] = [];
  const note = baselineNote(cell);
  if (note) body.push(`_${inline(note)}_`, '');
  const rerun = rerunNote(cell);
  if (rerun) body.push(`_${inline(rerun)}_`, '');
  if (firstVerdict(cell) === 'errored' && cell.errorReason) body.push(`**errored:** ${inline(cell.errorReason)}`, '');
  for (const check of checks) body.push(...renderCheck(cell, check, repeated), '');
  const again = renderRerunBlock(cell, { style: PLAIN, maxText: MAX_TEXT });
  if (again.length > 0) body.push(fence(again.join('\n'), 'text'), '');
  body.push('Reproduce:', '', fence(cell.repro, 'sh'));
  return `<details><summary>${escapeSummary(headline)}</summary>\n\n${body.join('\n')}\n\n</details>`;
}

/** A <summary> holds inline HTML, not Markdown: backticks become <code>, the rest is escaped. */
function escapeSummary(text: string): string {
  return text
    .replace(/\\([`*_|<>[\]\\])/g, '$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}

function renderCheck(cell: ScenarioResult, check: CheckResult, repeated: RepeatedFindings): string[] {
  const group = repeated.groupOf(check);
  const lines = [
    `**${inline(check.rule.id)}** (${check.rule.level}, ${check.status}) — [${inline(check.rule.section)}](${check.rule.url.replace(/[()\s]/g, encodeURIComponent)}): ${inline(check.rule.summary)}`,
    '',
    `- finding: ${inline(check.message)}`,
    ...(check.expected !== undefined ? [`- expected: ${code(check.expected.slice(0, MAX_TEXT))}`] : []),
    ...(check.actual !== undefined ? [`- actual: ${code(check.actual.slice(0, MAX_TEXT))}`] : []),
    ...(check.pointer !== undefined ? [`- at: ${code(check.pointer || '(the whole message)')}`] : []),
    ...(group ? [`- **${repeatedPhrase(group)}**${group.first.cell === cell ? '' : ` (first in ${code(cellLabel(group.first.cell))})`}`] : []),
  ];
  const exchange = renderTranscript(cell.transcript, { ...(check.evidence ? { evidence: check.evidence } : {}), style: PLAIN, maxText: MAX_TEXT });
  if (exchange.length > 0) lines.push('', fence(exchange.join('\n'), 'text'));
  return lines;
}

function renderFuzz(run: RunResult): string {
  const f = run.fuzz;
  if (!f) return '';
  const head = `### Fuzzing: ${f.status === 'failed' ? '❌ a property failed' : '✅ no MUST-level property broken'}\n\nseed ${f.seed} at ${f.revision}, ${f.cases} inputs (${f.casesPerSecond}/s)`;
  const failure = f.failure
    ? [
        '',
        ...f.failure.violations.map((v) => `- **${inline(v.rule.id)}** (${v.rule.level}) ${inline(v.property)}: ${inline(v.detail)}`),
        `- input: ${inline(f.failure.input)}`,
      ]
    : [];
  const warnings = f.warnings.map((w) => `- ⚠️ **${inline(w.rule.id)}** (${w.rule.level}) ${inline(w.detail)} (${w.count} inputs)`);
  return [head, ...failure, ...warnings, '', fence(f.failure?.reproduce ?? f.replay, 'sh')].join('\n');
}

export class MarkdownReporter implements Reporter {
  constructor(private readonly sink: OutputSink) {}

  onRunStart(): void {
    this.sink.open();
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.sink.write(renderMarkdownSummary(run));
    await this.sink.close();
  }
}
