// The CLI's exit codes, documented in the README; the single place they are defined.
import type { RunResult } from '../wire/results/index.js';

export const ExitCode = {
  /** Every applicable check passed (warnings allowed unless --strict). */
  Conformant: 0,
  /** At least one conformance failure (or a warning under --strict), or an errored scenario. */
  Failures: 1,
  /** Bad flags or values, or a malformed scenario / rules file. */
  Usage: 2,
  /** The target could not be started or never answered. */
  TargetUnavailable: 3,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** The exit code a run earns on its own, before any baseline. */
export function plainExitCode(run: RunResult): ExitCodeValue {
  if (run.endReason === 'target-unavailable') return ExitCode.TargetUnavailable;
  if (run.endReason === 'interrupted') return ExitCode.Failures;
  return run.summary.failed + run.summary.errored > 0 || run.fuzz?.status === 'failed' ? ExitCode.Failures : ExitCode.Conformant;
}
