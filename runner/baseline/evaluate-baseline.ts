// Measures a run against an expected-failures baseline: a failing cell is expected when every one of
// its failing checks is covered by an entry (scenario id or glob, optionally narrowed to revision,
// transport and check); an entry that covers nothing is stale. Only the unexpected and the stale
// fail the run, so a baseline can only shrink.
import type { BaselineEntry, BaselineOutcome, CheckResult, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { idMatches } from '../suite-loader/index.js';

const isFailing = (c: CheckResult, strict: boolean) => c.status === 'failed' || c.status === 'errored' || c.status === 'runner-bug' || (strict && c.status === 'warning');

/** A check's short name: after `#` in scenario check ids, after `always/` in always-on ones. */
export function checkName(checkId: string): string {
  return checkId.includes('#') ? checkId.slice(checkId.indexOf('#') + 1) : checkId.slice(checkId.lastIndexOf('/') + 1);
}

function covers(entry: BaselineEntry, cell: ScenarioResult, checkId?: string): boolean {
  if (!idMatches(cell.id, entry.scenario) || (entry.revision && entry.revision !== cell.revision) || (entry.transport && entry.transport !== cell.transport)) return false;
  if (!entry.check) return true;
  return checkId !== undefined && checkName(checkId) === entry.check;
}

export function evaluateBaseline(run: RunResult, entries: BaselineEntry[], file: string): BaselineOutcome {
  const used = new Set<BaselineEntry>();
  const outcome: BaselineOutcome = { file, expected: [], unexpected: [], stale: [] };
  for (const cell of run.scenarios) {
    if (cell.status !== 'failed' && cell.status !== 'errored') continue;
    const where = { id: cell.id, revision: cell.revision, transport: cell.transport };
    const failing = cell.checks.filter((c) => isFailing(c, run.strict));
    // An errored cell may have no failing check at all (the target never answered): the cell itself must be covered.
    const units = failing.length > 0 ? failing.map((c) => c.id) : [undefined];
    const matched = units.map((checkId) => entries.find((e) => covers(e, cell, checkId)));
    if (matched.every((e) => e !== undefined)) {
      matched.forEach((e) => used.add(e!));
      outcome.expected.push({ ...where, reason: matched[0]!.reason });
    } else {
      outcome.unexpected.push(where);
    }
  }
  outcome.stale = entries.filter((e) => !used.has(e));
  return outcome;
}

/** Entries that would make this run's failures expected: one per failing cell and check. */
export function baselineFor(run: RunResult, reason: string): BaselineEntry[] {
  const out: BaselineEntry[] = [];
  for (const cell of run.scenarios) {
    if (cell.status !== 'failed' && cell.status !== 'errored') continue;
    const failing = cell.checks.filter((c) => isFailing(c, run.strict));
    const checks = failing.length > 0 ? [...new Set(failing.map((c) => checkName(c.id)))] : [undefined];
    for (const check of checks) out.push({ scenario: cell.id, revision: cell.revision, transport: cell.transport, ...(check ? { check } : {}), reason });
  }
  return out;
}
