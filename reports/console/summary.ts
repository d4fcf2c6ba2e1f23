// The end-of-run sections: counts per area, skipped cells grouped by reason, the recap of every
// failure and warning, and the totals line.
import type { RunResult, RunSummary, ScenarioResult } from '../../wire/results/index.js';
import {
  cellFindings,
  cellLabel,
  cellMark,
  formatDuration,
  isExpectedFailure,
  padEnd,
  printable,
  repeatedPhrase,
  rerunNote,
  type RepeatedFindings,
  type Style,
} from '../format/index.js';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function renderAreaSummary(cells: readonly ScenarioResult[], style: Style): string[] {
  const areas = new Map<string, ScenarioResult[]>();
  for (const c of cells) areas.set(c.area, [...(areas.get(c.area) ?? []), c]);
  if (areas.size === 0) return [];
  const width = Math.max(...[...areas.keys()].map((a) => a.length));
  const lines = [style.bold('Summary by area')];
  for (const [area, list] of areas) {
    const count = (s: ScenarioResult['status']) => list.filter((c) => c.status === s).length;
    const warnings = list.reduce((n, c) => n + c.checks.filter((k) => k.status === 'warning').length, 0);
    const parts = [
      count('passed') > 0 ? style.green(`${count('passed')} passed`) : '',
      count('failed') > 0 ? style.red(`${count('failed')} failed`) : '',
      count('skipped') > 0 ? style.dim(`${count('skipped')} skipped`) : '',
      count('errored') > 0 ? style.magenta(`${count('errored')} errored`) : '',
      count('flaky') > 0 ? style.yellow(`${count('flaky')} flaky`) : '',
      warnings > 0 ? style.yellow(plural(warnings, 'warning')) : '',
    ].filter(Boolean);
    lines.push(`  ${padEnd(area, width)}  ${plural(list.length, 'cell')}: ${parts.join(', ')}`);
  }
  return lines;
}

/**
 * Skipped cells by reason, one line per reason with its count and, compactly, the scenarios it
 * covers; most frequent first. A reason that names the cell's own revision ("not applicable to
 * revision 2024-11-05 …") is one group over all its revisions, listed. Verbose lists every cell.
 */
export function renderSkipped(cells: readonly ScenarioResult[], style: Style, verbose: boolean): string[] {
  const skipped = cells.filter((c) => c.status === 'skipped');
  if (skipped.length === 0) return [];
  const head = style.bold(`Skipped (${plural(skipped.length, 'cell')})`);
  if (verbose) return [head, ...skipped.map((c) => `  ${style.mark('skipped')} ${cellLabel(c)}: ${printable(c.skipReason ?? 'no reason given')}`)];
  const groups = new Map<string, { revisions: string[]; cells: ScenarioResult[] }>();
  for (const c of skipped) {
    const reason = c.skipReason ?? 'no reason given';
    const key = reason.includes(c.revision) ? reason.split(c.revision).join(REVISION_SLOT) : reason;
    const group = groups.get(key) ?? { revisions: [], cells: [] };
    if (!group.revisions.includes(c.revision)) group.revisions.push(c.revision);
    group.cells.push(c);
    groups.set(key, group);
  }
  // Stable sort keeps first-seen order among equal counts.
  const rows = [...groups].sort((a, b) => b[1].cells.length - a[1].cells.length);
  const width = Math.max(...rows.map(([, g]) => String(g.cells.length).length));
  return [
    head,
    ...rows.map(([key, g]) => {
      const reason = key.split(REVISION_SLOT).join([...g.revisions].sort().join(', '));
      return `  ${String(g.cells.length).padStart(width)} × ${printable(reason)} ${style.dim(`— ${whichScenarios(g.cells)}`)}`;
    }),
  ];
}

/** Stands for the cell's revision in a grouped skip reason; a character no reason contains. */
const REVISION_SLOT = '\u0000';

/** Scenario ids named in a skipped group before the group is told by area instead. */
const SKIPPED_SCENARIOS_SHOWN = 3;
const SKIPPED_AREAS_SHOWN = 4;

/** `tools/a, tools/b` for a few scenarios; `12 scenarios in tools (8), prompts (4)` for many. */
function whichScenarios(cells: readonly ScenarioResult[]): string {
  const ids = [...new Set(cells.map((c) => c.id))];
  if (ids.length <= SKIPPED_SCENARIOS_SHOWN) return ids.join(', ');
  const areas = new Map<string, number>();
  for (const id of ids) {
    const area = cells.find((c) => c.id === id)!.area;
    areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const named = [...areas].sort((a, b) => b[1] - a[1]);
  const shown = named.slice(0, SKIPPED_AREAS_SHOWN).map(([area, n]) => `${area} (${n})`);
  const more = named.length > SKIPPED_AREAS_SHOWN ? ` and ${plural(named.length - SKIPPED_AREAS_SHOWN, 'more area')}` : '';
  return `${ids.length} scenarios in ${shown.join(', ')}${more}`;
}

/** How many cells of a repeated finding a recap line names before "and N more". */
const REPEATED_CELLS_SHOWN = 3;

/** One line per failed, errored or warned cell, with the rule ids behind it; a cell whose every
 * finding is a repeated one is left to the "Repeated findings" lines, which name each defect once. */
export function renderRecap(cells: readonly ScenarioResult[], strict: boolean, style: Style, repeated?: RepeatedFindings): string[] {
  const onlyRepeats = (c: ScenarioResult) => {
    const f = cellFindings(c, strict);
    const all = [...f.errors, ...f.failures, ...f.warnings];
    return repeated !== undefined && all.length > 0 && all.every((k) => repeated.groupOf(k) !== undefined);
  };
  const failing = cells.filter((c) => c.status === 'failed' || c.status === 'errored');
  const flaky = cells.filter((c) => c.status === 'flaky');
  const warned = cells.filter((c) => cellMark(c) === 'warning');
  const line = (c: ScenarioResult) => {
    const f = cellFindings(c, strict);
    const rules = [...new Set([...f.errors, ...f.failures, ...f.warnings].map((k) => k.rule.id))];
    const why =
      c.status === 'flaky'
        ? `${rerunNote(c) ?? 'flaky'}${rules.length > 0 ? `: ${rules.join(', ')}` : ''}`
        : c.status === 'errored' && c.errorReason
          ? `errored: ${printable(c.errorReason)}`
          : rules.join(', ');
    const expected = isExpectedFailure(c) ? ` ${style.dim('(expected by the baseline)')}` : '';
    return `  ${style.mark(cellMark(c))} ${cellLabel(c)}  ${style.dim(why)}${expected}`;
  };
  const listed = (list: ScenarioResult[]) => {
    const shown = list.filter((c) => !onlyRepeats(c));
    const folded = list.length - shown.length;
    return [...shown.map(line), ...(folded > 0 ? [`  ${style.dim(`… and ${plural(folded, 'cell')} whose only findings are repeated ones (below)`)}`] : [])];
  };
  const groups = repeated?.groups ?? [];
  const groupLine = (g: RepeatedFindings['groups'][number]) => {
    const names = g.cells.slice(0, REPEATED_CELLS_SHOWN).map(cellLabel).join(', ');
    const more = g.cells.length > REPEATED_CELLS_SHOWN ? ` and ${g.cells.length - REPEATED_CELLS_SHOWN} more` : '';
    const check = g.first.check;
    return [
      `  ${style.mark(check.status)} ${check.rule.id} (${check.rule.level}): ${printable(check.message)}`,
      `    ${style.bold(repeatedPhrase(g))}: ${names}${more}`,
    ];
  };
  return [
    ...(failing.length > 0 ? [style.bold(style.red(`Failures (${failing.length})`)), ...listed(failing)] : []),
    ...(flaky.length > 0
      ? [
          style.bold(style.yellow(`Flaky (${flaky.length}): failed or errored, then passed when re-run alone; not failures unless --fail-on-flaky`)),
          ...flaky.map(line),
        ]
      : []),
    ...(warned.length > 0 ? [style.bold(style.yellow(`Warnings (${warned.length})`)), ...listed(warned)] : []),
    ...(groups.length > 0 ? [style.bold(`Repeated findings (${groups.length})`), ...groups.flatMap(groupLine)] : []),
  ];
}

/** `12 passed, 1 failed, 3 skipped, 0 errored, 2 warnings in 1.23s` */
export function renderTotals(summary: RunSummary, style: Style, expected = 0): string {
  const n = (count: number, text: string, paint: (s: string) => string) => (count > 0 ? paint(text) : text);
  return (
    [
      n(summary.passed, `${summary.passed} passed`, style.green),
      n(summary.failed, `${summary.failed} failed`, style.red),
      n(summary.skipped, `${summary.skipped} skipped`, style.dim),
      n(summary.errored, `${summary.errored} errored`, style.magenta),
      // Named only when there is one, so that runs without a re-run read as before.
      ...(summary.flaky > 0 ? [style.yellow(`${summary.flaky} flaky`)] : []),
      n(summary.warnings, plural(summary.warnings, 'warning'), style.yellow),
    ].join(', ') +
    ` in ${formatDuration(summary.durationMs)}` +
    (expected > 0 ? style.dim(` (${expected} of the failures expected by the baseline)`) : '')
  );
}

/** What the re-runs cost (they run alone, after the other cells): ` (2 cells re-run alone: 1.20s)`. */
export function renderRerunCost(cells: readonly ScenarioResult[], style: Style): string {
  const rerun = cells.filter((c) => c.rerun);
  if (rerun.length === 0) return '';
  const ms = rerun.reduce((sum, c) => sum + c.rerun!.attempts.reduce((t, a) => t + a.durationMs, 0), 0);
  return style.dim(` (${plural(rerun.length, 'cell')} re-run alone: ${formatDuration(ms)})`);
}

/** What the totals cannot say: a partial run, or a run that never started. */
export function renderEnding(run: RunResult, style: Style): string[] {
  switch (run.endReason) {
    case 'interrupted':
      return [style.yellow(`Interrupted after ${run.scenarios.length} of ${run.planned} planned cells; the results above are partial.`)];
    case 'target-unavailable':
      return [
        `${style.prefix()} ${style.red(printable(run.fatal?.split('\n')[0] ?? 'the target is unavailable.'))}`,
        ...(run.fatal?.split('\n').slice(1).map(printable) ?? []),
        'No scenario ran.',
      ];
    default:
      return [];
  }
}
