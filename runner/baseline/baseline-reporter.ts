// Measures the run against the baseline before the reporters see it, so every report marks the
// failures the baseline accepts as expected (as each cell ends, for the streamed formats) and lists
// which failures are new and which entries are stale. Wraps the real reporters.
import type { BaselineEntry, BaselineOutcome, Reporter, RunHeader, RunResult, ScenarioResult } from '../../wire/results/index.js';
import { evaluateBaseline, judgeCell } from './evaluate-baseline.js';

export class BaselineReporter implements Reporter {
  /** The outcome, once the run has ended. */
  outcome: BaselineOutcome | undefined;
  /** The run as the wrapped reporters saw it (cells marked, outcome attached), once it has ended. */
  measured: RunResult | undefined;
  private strict = false;
  private failOnFlaky = false;

  constructor(
    private readonly inner: Reporter[],
    private readonly entries: BaselineEntry[],
    private readonly file: string,
  ) {}

  async onRunStart(header: RunHeader): Promise<void> {
    this.strict = header.strict;
    this.failOnFlaky = header.failOnFlaky === true;
    // Announced up front so that formats that plan ahead (TAP) can count the baseline's own verdict.
    const announced: RunHeader = { ...header, baselineFile: this.file };
    for (const r of this.inner) await r.onRunStart?.(announced);
  }

  async onScenarioStart(...args: Parameters<NonNullable<Reporter['onScenarioStart']>>): Promise<void> {
    for (const r of this.inner) await r.onScenarioStart?.(...args);
  }

  async onScenarioEnd(result: ScenarioResult, progress: { done: number; planned: number }): Promise<void> {
    const marked = this.mark(result, this.strict);
    for (const r of this.inner) await r.onScenarioEnd?.(marked, progress);
  }

  async onRunEnd(run: RunResult): Promise<void> {
    this.outcome = evaluateBaseline(run, this.entries, this.file);
    const measured: RunResult = {
      ...run,
      baselineFile: this.file,
      scenarios: run.scenarios.map((cell) => this.mark(cell, run.strict)),
      baseline: this.outcome,
    };
    this.measured = measured;
    for (const r of this.inner) await r.onRunEnd?.(measured);
  }

  /** A copy of the cell carrying its baseline verdict; the engine's object is left as it was. */
  private mark(cell: ScenarioResult, strict: boolean): ScenarioResult {
    const verdict = judgeCell(cell, this.entries, strict, this.failOnFlaky);
    return verdict ? { ...cell, baseline: verdict } : cell;
  }
}
