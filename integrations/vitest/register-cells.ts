// Turns a finished run into vitest tests, one per cell: passed cells pass, skipped cells are skipped
// with their reason, failures throw the cell's explanation, and cells a baseline lists are expected
// failures (`test.fails`), so a listed cell that now passes fails its test as a stale entry.
import { describe, test } from 'vitest';
import { idMatches } from '../../runner/suite-loader/index.js';
import type { BaselineEntry, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { CellFailure } from './cell-failure.js';
import { cellTitle } from './cell-title.js';

export function registerCells(name: string, run: RunResult): void {
  describe(name, () => {
    if (run.endReason === 'target-unavailable') {
      test('the target answers', () => {
        throw new Error(run.fatal ?? 'Failed to reach the target.');
      });
      return;
    }
    const expected = new Set((run.baseline?.expected ?? []).map((c) => cellTitle(c)));
    const stale = run.baseline?.stale ?? [];
    const staleAttached = new Set<BaselineEntry>();
    for (const cell of run.scenarios) {
      const title = cellTitle(cell);
      if (cell.status === 'skipped') {
        test(title, (ctx) => ctx.skip(cell.skipReason ?? 'skipped'));
      } else if (expected.has(title)) {
        test.fails(title, () => assertCell(cell, run.strict, true));
      } else if (cell.status === 'flaky') {
        // Passed when re-run alone: named so in the test's title, and a failure only under failOnFlaky.
        test(`${title} (flaky)`, () => assertCell(cell, run.strict, run.failOnFlaky === true));
      } else {
        const entry = stale.find((e) => covers(e, cell));
        if (entry && cell.status === 'passed') {
          staleAttached.add(entry);
          // Listed in the baseline but passing now: `fails` turns the pass into this test's failure.
          test.fails(`${title} (baseline: ${entry.reason})`, () => assertCell(cell, run.strict));
        } else {
          test(title, () => assertCell(cell, run.strict));
        }
      }
    }
    const loose = stale.filter((e) => !staleAttached.has(e));
    if (loose.length > 0) {
      test(`baseline ${run.baseline!.file} has no stale entries`, () => {
        const lines = loose.map(
          (e) => `  ${e.scenario}${e.revision ? ` ${e.revision}` : ''}${e.transport ? ` ${e.transport}` : ''}${e.check ? ` #${e.check}` : ''}: ${e.reason}`,
        );
        throw new Error(['These entries matched no failure of this run: remove them.', ...lines].join('\n'));
      });
    }
    if (run.endReason === 'interrupted') {
      test('the run finished', () => {
        throw new Error(`The run was interrupted after ${run.scenarios.length} of ${run.planned} cells.`);
      });
    }
  });
}

function assertCell(cell: ScenarioResult, strict: boolean, failOnFlaky = false): void {
  if (cell.status === 'failed' || cell.status === 'errored' || (failOnFlaky && cell.status === 'flaky')) throw new CellFailure(cell, strict);
}

function covers(entry: BaselineEntry, cell: ScenarioResult): boolean {
  return (
    idMatches(cell.id, entry.scenario) && (!entry.revision || entry.revision === cell.revision) && (!entry.transport || entry.transport === cell.transport)
  );
}
