// How every report words a failure the baseline accepts, so the formats agree with the gate's exit
// code: the cell still failed, but the run does not fail on it.
import type { ScenarioResult } from '../../wire/results/index.js';

export function isExpectedFailure(cell: Pick<ScenarioResult, 'baseline'>): boolean {
  return cell.baseline?.status === 'expected';
}

/** "expected failure (baseline): <reason>", or undefined when the baseline does not accept the cell. */
export function baselineNote(cell: Pick<ScenarioResult, 'baseline'>): string | undefined {
  return cell.baseline?.status === 'expected' ? `expected failure (baseline): ${cell.baseline.reason}` : undefined;
}
