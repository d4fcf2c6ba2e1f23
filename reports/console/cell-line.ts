// The one line printed per finished cell (`✓ lifecycle/ping [2025-06-18] 12ms`), and in verbose
// mode the line per check under it.
import type { CheckResult, ScenarioResult } from '../../wire/results/index.js';
import { baselineNote, cellLabel, cellMark, formatDuration, printable, rerunNote, type Style } from '../format/index.js';

export function renderCellLine(cell: ScenarioResult, style: Style): string {
  const notes = [baselineNote(cell), cell.status === 'flaky' ? undefined : rerunNote(cell)].filter((n) => n !== undefined);
  return [renderVerdictLine(cell, style), ...notes.map((n) => style.dim(`(${printable(n)})`))].join(' ');
}

function renderVerdictLine(cell: ScenarioResult, style: Style): string {
  const mark = cellMark(cell);
  const label = `${style.mark(mark)} ${cellLabel(cell)}`;
  const time = style.dim(formatDuration(cell.durationMs));
  switch (cell.status) {
    case 'skipped':
      return `${label} ${style.dim(`(skipped: ${printable(cell.skipReason ?? 'no reason given')})`)}`;
    case 'errored':
      return `${label} ${time} ${style.paint('errored', `(errored: ${printable(cell.errorReason ?? 'see the checks below')})`)}`;
    case 'flaky':
      return `${label} ${time} ${style.paint('flaky', `(${printable(rerunNote(cell) ?? 'flaky')})`)}`;
    case 'failed': {
      const n = cell.checks.filter((c) => c.status === 'failed' || c.status === 'warning').length;
      return `${label} ${time} ${style.paint('failed', `(${n} failed ${n === 1 ? 'check' : 'checks'})`)}`;
    }
    default: {
      const w = cell.checks.filter((c) => c.status === 'warning').length;
      return w > 0 ? `${label} ${time} ${style.paint('warning', `(${w} ${w === 1 ? 'warning' : 'warnings'})`)}` : `${label} ${time}`;
    }
  }
}

/** Verbose detail: every check of the cell with its rule, passed ones included. */
export function renderCheckLines(checks: readonly CheckResult[], style: Style): string[] {
  return checks.map((c) => `    ${style.mark(c.status)} ${style.dim(`${c.rule.id}:`)} ${printable(c.message)}`);
}
