// --baseline FILE and --write-baseline FILE: measure the run against known failures (only new
// failures and stale entries fail it) and record the current failures as a starting baseline.
import { resolve } from 'node:path';
import { SourceProblemsError } from '../schema/scenario/index.js';
import { BaselineReporter, baselineFor, loadBaseline, writeBaseline } from '../runner/baseline/index.js';
import type { Reporter, RunResult } from '../wire/results/index.js';
import { ExitCode, type ExitCodeValue } from './exit-codes.js';
import { UsageError } from './usage-error.js';

export interface BaselineFlags {
  baseline?: string;
  writeBaseline?: string;
}

export interface BaselineSetup {
  reporters: Reporter[];
  /** Writes --write-baseline and maps the run's plain exit code through the baseline. */
  finish(run: RunResult, plain: ExitCodeValue): ExitCodeValue;
}

const RECORDED_REASON = 'recorded by --write-baseline: replace with why this failure is accepted for now';

export function withBaseline(flags: BaselineFlags, reporters: Reporter[]): BaselineSetup {
  let wrapper: BaselineReporter | undefined;
  if (flags.baseline !== undefined) {
    const file = resolve(flags.baseline);
    try {
      wrapper = new BaselineReporter(reporters, loadBaseline(file), file);
    } catch (err) {
      if (err instanceof SourceProblemsError) throw new UsageError(err.message);
      throw err;
    }
  }
  return {
    reporters: wrapper ? [wrapper] : reporters,
    finish(run, plain) {
      if (flags.writeBaseline !== undefined) {
        const entries = baselineFor(run, RECORDED_REASON);
        writeBaseline(resolve(flags.writeBaseline), entries);
        process.stderr.write(`mcp-conform: wrote ${entries.length} expected failure(s) to ${flags.writeBaseline}\n`);
      }
      const outcome = wrapper?.outcome;
      if (!outcome || plain === ExitCode.TargetUnavailable || run.endReason === 'interrupted') return plain;
      return outcome.unexpected.length + outcome.stale.length > 0 ? ExitCode.Failures : ExitCode.Conformant;
    },
  };
}
