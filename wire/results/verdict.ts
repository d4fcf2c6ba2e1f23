// Derives cell and run verdicts from check results; the single place grading rules live.
import type { AttemptStatus, CheckResult, RunSummary, ScenarioResult } from './model.js';

/** A cell fails on any failed MUST check (or a warning under --strict) and errors when the target
 * misbehaved so that checks could not be judged. A runner bug is an error too: it is ours. */
export function scenarioStatus(checks: readonly CheckResult[], strict: boolean): AttemptStatus {
  if (checks.some((c) => c.status === 'errored' || c.status === 'runner-bug')) return 'errored';
  if (checks.some((c) => c.status === 'failed')) return 'failed';
  if (strict && checks.some((c) => c.status === 'warning')) return 'failed';
  return 'passed';
}

export function summarise(results: readonly ScenarioResult[], durationMs: number): RunSummary {
  const summary: RunSummary = { scenarios: results.length, passed: 0, failed: 0, skipped: 0, errored: 0, flaky: 0, warnings: 0, durationMs };
  for (const r of results) {
    summary[r.status] += 1;
    summary.warnings += r.checks.filter((c) => c.status === 'warning').length;
  }
  return summary;
}

/** Whether the cells fail the run: any failed or errored cell, and flaky ones under --fail-on-flaky. */
export function cellsFailRun(summary: Pick<RunSummary, 'failed' | 'errored' | 'flaky'>, failOnFlaky: boolean | undefined): boolean {
  return summary.failed + summary.errored + (failOnFlaky ? summary.flaky : 0) > 0;
}
