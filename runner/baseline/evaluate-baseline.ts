// Measures a run against an expected-failures baseline: a failing cell is expected when every one of
// its failing checks is covered by an entry (scenario id or glob, optionally narrowed to revision,
// transport, rule and check). Only the unexpected and the stale fail the run, so a baseline can only
// shrink. An entry is stale only when a cell it names ran and its check passed: entries whose cells
// a filtered run (--area, --scenario, --revision) left out are "not run", so one baseline can serve
// a CI run split into several jobs.
import type { BaselineEntry, BaselineOutcome, CellBaseline, CheckResult, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { idMatches } from '../suite-loader/index.js';

const isFailing = (c: CheckResult, strict: boolean) =>
  c.status === 'failed' || c.status === 'errored' || c.status === 'runner-bug' || (strict && c.status === 'warning');

/** A check's short name: after `#` in scenario check ids, after `always/` in always-on ones. */
function checkName(checkId: string): string {
  return checkId.includes('#') ? checkId.slice(checkId.indexOf('#') + 1) : checkId.slice(checkId.lastIndexOf('/') + 1);
}

/** Default check names are the step's position ("3", "5.steps.1"): they move when a step is added
 * above, so a baseline must not be keyed by them. A name a scenario author chose is stable. */
export function isPositionalCheckName(name: string): boolean {
  return /^\d+(\.[A-Za-z]+\.\d+)*$/.test(name);
}

function namesCell(entry: BaselineEntry, cell: Pick<ScenarioResult, 'id' | 'revision' | 'transport'>): boolean {
  return (
    idMatches(cell.id, entry.scenario) && (!entry.revision || entry.revision === cell.revision) && (!entry.transport || entry.transport === cell.transport)
  );
}

function namesCheck(entry: BaselineEntry, check: CheckResult): boolean {
  return (!entry.rule || entry.rule === check.rule.id) && (!entry.check || checkName(check.id) === entry.check);
}

const narrowed = (entry: BaselineEntry) => entry.rule !== undefined || entry.check !== undefined;

/** Entries covering each failing check of a failed or errored cell, or undefined where none does. An
 * errored cell may have no failing check at all (the target never answered): only an entry not
 * narrowed to a rule or check covers it then. */
function coverage(cell: ScenarioResult, entries: readonly BaselineEntry[], strict: boolean): (BaselineEntry | undefined)[] {
  const candidates = entries.filter((e) => namesCell(e, cell));
  const failing = cell.checks.filter((c) => isFailing(c, strict));
  if (failing.length === 0) return [candidates.find((e) => !narrowed(e))];
  return failing.map((check) => candidates.find((e) => namesCheck(e, check)));
}

/** Whether the cell fails the run unless the baseline expects it; a flaky cell (its checks are those
 * of its failing first attempt) only under --fail-on-flaky. */
const gated = (cell: ScenarioResult, failOnFlaky: boolean) => cell.status === 'failed' || cell.status === 'errored' || (failOnFlaky && cell.status === 'flaky');

/** The verdict of one finished cell against the baseline; undefined for cells that did not fail.
 * Local to the cell, so streamed reports (TAP, JSON Lines, console lines) can mark it as it ends.
 * A flaky cell whose first attempt an entry covers is expected (the entry is used, not stale); one
 * no entry covers is new only under --fail-on-flaky, since otherwise it does not fail the run. */
export function judgeCell(cell: ScenarioResult, entries: readonly BaselineEntry[], strict: boolean, failOnFlaky = false): CellBaseline | undefined {
  if (cell.status !== 'failed' && cell.status !== 'errored' && cell.status !== 'flaky') return undefined;
  const matched = coverage(cell, entries, strict);
  if (matched.some((e) => e === undefined)) return gated(cell, failOnFlaky) ? { status: 'new' } : undefined;
  const reasons = [...new Set(matched.map((e) => e!.reason))];
  return { status: 'expected', reason: reasons.join('; ') };
}

/** Whether this run shows the entry's failure fixed: a cell it names ran, and either passed as a
 * whole or judged the check the entry narrows to without failing it. Skipped cells, errored cells
 * and cells a filter left out say nothing. */
function showsFixed(entry: BaselineEntry, cells: readonly ScenarioResult[], strict: boolean): boolean {
  return cells.some((cell) => {
    if (!namesCell(entry, cell)) return false;
    if (cell.status === 'passed') return true;
    if (cell.status !== 'failed' || !narrowed(entry)) return false;
    const judged = cell.checks.filter((c) => namesCheck(entry, c) && c.status !== 'skipped');
    return judged.length > 0 && !judged.some((c) => isFailing(c, strict));
  });
}

export function evaluateBaseline(run: RunResult, entries: BaselineEntry[], file: string): BaselineOutcome {
  const used = new Set<BaselineEntry>();
  const outcome: BaselineOutcome = { file, expected: [], unexpected: [], stale: [], notRun: [], positional: [] };
  for (const cell of run.scenarios) {
    if (cell.status !== 'failed' && cell.status !== 'errored' && cell.status !== 'flaky') continue;
    const where = { id: cell.id, revision: cell.revision, transport: cell.transport };
    const matched = coverage(cell, entries, run.strict);
    if (matched.every((e) => e !== undefined)) {
      matched.forEach((e) => used.add(e!));
      outcome.expected.push({ ...where, reason: [...new Set(matched.map((e) => e!.reason))].join('; ') });
    } else if (gated(cell, run.failOnFlaky === true)) {
      outcome.unexpected.push(where);
    }
  }
  for (const entry of entries) {
    if (entry.check !== undefined && isPositionalCheckName(entry.check)) outcome.positional.push(entry);
    if (used.has(entry)) continue;
    (showsFixed(entry, run.scenarios, run.strict) ? outcome.stale : outcome.notRun).push(entry);
  }
  return outcome;
}

/** Entries that would make this run's failures expected, keyed by stable ids: one per failing cell
 * and rule (plus the check's name where the scenario author chose one), never by step numbers. */
export function baselineFor(run: RunResult, reason: string): BaselineEntry[] {
  const out: BaselineEntry[] = [];
  for (const cell of run.scenarios) {
    if (!gated(cell, run.failOnFlaky === true)) continue;
    const where = { scenario: cell.id, revision: cell.revision, transport: cell.transport };
    const failing = cell.checks.filter((c) => isFailing(c, run.strict));
    if (failing.length === 0) out.push({ ...where, reason });
    const keys = new Set<string>();
    for (const check of failing) {
      const name = checkName(check.id);
      const entry: BaselineEntry = { ...where, rule: check.rule.id, ...(isPositionalCheckName(name) ? {} : { check: name }), reason };
      const key = `${entry.rule}#${entry.check ?? ''}`;
      if (keys.has(key)) continue;
      keys.add(key);
      out.push(entry);
    }
  }
  return out;
}
