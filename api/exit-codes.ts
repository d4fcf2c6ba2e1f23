// The exit codes of a run, shared by the programmatic API and the CLI; the single place they are
// defined (the CLI re-exports them), so a run's code is the same whichever way it was started.
export const ExitCode = {
  /** Every applicable check passed (warnings allowed unless strict). */
  Conformant: 0,
  /** At least one conformance failure (or a warning under strict), or an errored scenario. */
  Failures: 1,
  /** Bad flags or values, or a malformed scenario / rules file. */
  Usage: 2,
  /** The target could not be started or never answered. */
  TargetUnavailable: 3,
} as const;

/** One of the values of {@link ExitCode}. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
