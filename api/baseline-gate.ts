// Measures a run against an expected-failures file: wraps the reporters so that every report shows
// expected, new and stale entries, and turns the run's own exit code into the gated one.
import { resolve } from 'node:path';
import { SourceProblemsError } from '../schema/scenario/index.js';
import { BaselineReporter, loadBaseline } from '../runner/baseline/index.js';
import { cellsFailRun, type Reporter, type RunResult } from '../wire/results/index.js';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';
import { ConformanceOptionsError } from './options-error.js';

export interface BaselineGate {
  /** The reporters to hand to the engine (the wrapped ones when there is a baseline). */
  reporters: Reporter[];
  /** The run as the reporters saw it: with its baseline outcome when there is one. */
  measured(run: RunResult): RunResult;
  /** The exit code after the baseline: only new failures and stale entries fail the run. */
  exitCode(run: RunResult, plain: ExitCodeValue): ExitCodeValue;
}

export function baselineGate(file: string | undefined, reporters: Reporter[]): BaselineGate {
  let wrapper: BaselineReporter | undefined;
  if (file !== undefined) {
    const path = resolve(file);
    try {
      wrapper = new BaselineReporter(reporters, loadBaseline(path), path);
    } catch (err) {
      if (err instanceof SourceProblemsError) throw new ConformanceOptionsError(err.message);
      throw err;
    }
  }
  return {
    reporters: wrapper ? [wrapper] : reporters,
    measured: (run) => wrapper?.measured ?? run,
    exitCode(run, plain) {
      const outcome = wrapper?.outcome;
      if (!outcome || plain === ExitCode.TargetUnavailable || run.endReason === 'interrupted') return plain;
      return outcome.unexpected.length + outcome.stale.length > 0 ? ExitCode.Failures : ExitCode.Conformant;
    },
  };
}

/** The exit code a run earns on its own, before any baseline. */
export function plainExitCode(run: RunResult): ExitCodeValue {
  if (run.endReason === 'target-unavailable') return ExitCode.TargetUnavailable;
  if (run.endReason === 'interrupted') return ExitCode.Interrupted;
  return cellsFailRun(run.summary, run.failOnFlaky) || run.fuzz?.status === 'failed' ? ExitCode.Failures : ExitCode.Conformant;
}
