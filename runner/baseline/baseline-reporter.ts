// Measures the finished run against the baseline before the reporters see it, so every report shows
// which failures were expected, which are new and which entries are stale. Wraps the real reporters.
import type { BaselineEntry, BaselineOutcome, Reporter, RunResult } from '../../wire/results/index.js';
import { evaluateBaseline } from './evaluate-baseline.js';

export class BaselineReporter implements Reporter {
  /** The outcome, once the run has ended. */
  outcome: BaselineOutcome | undefined;

  constructor(
    private readonly inner: Reporter[],
    private readonly entries: BaselineEntry[],
    private readonly file: string,
  ) {}

  async onRunStart(...args: Parameters<NonNullable<Reporter['onRunStart']>>): Promise<void> {
    for (const r of this.inner) await r.onRunStart?.(...args);
  }

  async onScenarioStart(...args: Parameters<NonNullable<Reporter['onScenarioStart']>>): Promise<void> {
    for (const r of this.inner) await r.onScenarioStart?.(...args);
  }

  async onScenarioEnd(...args: Parameters<NonNullable<Reporter['onScenarioEnd']>>): Promise<void> {
    for (const r of this.inner) await r.onScenarioEnd?.(...args);
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.outcome = evaluateBaseline(run, this.entries, this.file);
    const measured: RunResult = { ...run, baseline: this.outcome };
    for (const r of this.inner) await r.onRunEnd?.(measured);
  }
}
