// Sorts a cell's checks into what reports must explain: failures (MUSTs, and SHOULDs under
// --strict), warnings (SHOULDs otherwise) and errors (the target misbehaved, or we did).
import type { CheckResult, ScenarioResult } from '../../wire/results/index.js';
import type { Mark } from './style.js';

export interface CellFindings {
  failures: CheckResult[];
  warnings: CheckResult[];
  errors: CheckResult[];
}

export function cellFindings(cell: Pick<ScenarioResult, 'checks'>, strict: boolean): CellFindings {
  const failures: CheckResult[] = [];
  const warnings: CheckResult[] = [];
  const errors: CheckResult[] = [];
  for (const c of cell.checks) {
    if (c.status === 'errored' || c.status === 'runner-bug') errors.push(c);
    else if (c.status === 'failed' || (strict && c.status === 'warning')) failures.push(c);
    else if (c.status === 'warning') warnings.push(c);
  }
  return { failures, warnings, errors };
}

/** The checks to explain for a cell, errors first since they usually cause the rest. */
export function checksToExplain(cell: Pick<ScenarioResult, 'checks'>, strict: boolean): CheckResult[] {
  const f = cellFindings(cell, strict);
  return [...f.errors, ...f.failures, ...f.warnings];
}

/** The mark a cell is shown with: its status, except that a passed cell with warnings shows `!`.
 * The engine's status is trusted as is; it already applied --strict (wire/results/verdict.ts). */
export function cellMark(cell: Pick<ScenarioResult, 'status' | 'checks'>): Mark {
  if (cell.status === 'passed' && cell.checks.some((c) => c.status === 'warning')) return 'warning';
  return cell.status;
}

/** Failed, errored and flaky cells are explained (a flaky one with both attempts), and warned ones. */
export function needsExplaining(cell: Pick<ScenarioResult, 'status' | 'checks'>): boolean {
  return cell.status === 'failed' || cell.status === 'errored' || cell.status === 'flaky' || cellMark(cell) === 'warning';
}
