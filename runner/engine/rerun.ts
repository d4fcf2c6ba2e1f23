// A failed or errored cell is run once more, alone, before its verdict is final (`--retries`):
// under load (a busy CI runner, a high --concurrency) a target or client that is slow to start or
// to answer can fail a cell it passes on its own, and that verdict would blame it for the machine.
// The re-runs wait until every other cell has ended and then go one at a time, each on a fresh
// process or session, with the same seed; both modes (server and client) hand their cells through
// here, so the rule lives in one place. Only failed and errored cells pay for a re-run.
import type { AttemptStatus, CellAttempt, ScenarioResult } from '../../wire/results/index.js';

/** Re-runs of a failed or errored cell when the user asks for no other number. */
export const DEFAULT_RETRIES = 1;

/** Whether a finished cell is re-run before its verdict is final. */
function needsRerun(result: ScenarioResult, retries: number): boolean {
  return retries > 0 && (result.status === 'failed' || result.status === 'errored');
}

/** An attempt that errored in mcp-conform itself says nothing about the target. */
function isRunnerFault(result: ScenarioResult): boolean {
  return result.status === 'errored' && result.checks.some((c) => c.status === 'runner-bug');
}

/**
 * A re-run that contradicts the first attempt: it passed; or, after a first attempt that errored
 * (nothing judged: a start slowed by load, a wait cut short), it found nothing to judge either way.
 * A re-run that judged nothing does not contradict a failure, which was an observed message that
 * broke its rule (a tool that refuses on the re-run says nothing about the first answer).
 */
const contradicts = (status: AttemptStatus, first: ScenarioResult['status']) => status === 'passed' || (status === 'skipped' && first === 'errored');

/** The verdict of one run of a cell; a single run is never flaky (only a settled cell is). */
const attemptStatus = (result: ScenarioResult): AttemptStatus => (result.status === 'flaky' ? 'failed' : result.status);

function attemptOf(again: ScenarioResult, first: ScenarioResult): CellAttempt {
  const inconclusive = isRunnerFault(again) && !isRunnerFault(first);
  // What differs is kept whole, so a flaky cell shows both attempts; a confirmation is one line.
  const differs = again.status !== first.status || inconclusive;
  return {
    status: attemptStatus(again),
    ...(again.skipReason !== undefined ? { skipReason: again.skipReason } : {}),
    ...(again.errorReason !== undefined ? { errorReason: again.errorReason } : {}),
    durationMs: again.durationMs,
    ...(inconclusive ? { inconclusive: true } : {}),
    ...(differs ? { checks: again.checks, transcript: again.transcript, stderr: again.stderr } : {}),
  };
}

/**
 * The cell's final verdict from its first attempt (failed or errored) and its re-runs. It is
 * `flaky` when a conclusive re-run contradicts it (passed; or, after an errored attempt, found
 * nothing to judge): the first verdict depended on the run. Otherwise the first verdict stands (a re-run that failed where the first errored, or the
 * reverse, still does not pass), with the first attempt's transcript. A re-run that errored in
 * mcp-conform itself is inconclusive: never a reason to blame or to clear the target.
 */
export function settleRerun(first: ScenarioResult, reruns: readonly ScenarioResult[]): ScenarioResult {
  if (first.status !== 'failed' && first.status !== 'errored') return first;
  const attempts = reruns.map((again) => attemptOf(again, first));
  const flaky = attempts.some((a) => !a.inconclusive && contradicts(a.status, first.status));
  return { ...first, status: flaky ? 'flaky' : first.status, rerun: { first: first.status, attempts } };
}

/**
 * Runs up to `retries` re-runs of a cell, stopping at the first that disagrees with the first
 * attempt (one that passes makes the cell flaky; more would not change that).
 */
export async function rerunCell(first: ScenarioResult, retries: number, again: () => Promise<ScenarioResult>): Promise<ScenarioResult> {
  const reruns: ScenarioResult[] = [];
  for (let i = 0; i < retries; i++) {
    const result = await again();
    reruns.push(result);
    if (contradicts(attemptStatus(result), first.status)) break;
  }
  return settleRerun(first, reruns);
}

/**
 * Stands between the run's ordered delivery of finished cells and the reporters: cells that need
 * no re-run go on at once, failed and errored ones are held until their re-run has settled them
 * (streamed reports then show them after the others, with their final verdict).
 */
export class RerunQueue {
  private readonly held: { result: ScenarioResult; index: number }[] = [];

  constructor(
    private readonly retries: number,
    private readonly deliver: (result: ScenarioResult, index: number) => Promise<void>,
  ) {}

  /** Hands a finished cell on, or holds it for its re-run. */
  async offer(result: ScenarioResult, index: number): Promise<void> {
    if (needsRerun(result, this.retries)) this.held.push({ result, index });
    else await this.deliver(result, index);
  }

  /**
   * Once every other cell has ended: re-runs each held cell alone, one at a time in plan order,
   * hands it on with its final verdict and returns the final results by index. An aborted run
   * re-runs nothing more: the held cells keep their first verdict.
   */
  async drain(rerun: (index: number) => Promise<ScenarioResult>, signal?: AbortSignal): Promise<Map<number, ScenarioResult>> {
    const settled = new Map<number, ScenarioResult>();
    for (const { result, index } of this.held) {
      const final = signal?.aborted ? result : await rerunCell(result, this.retries, () => rerun(index));
      settled.set(index, final);
      await this.deliver(final, index);
    }
    this.held.length = 0;
    return settled;
  }
}
