// The error the API throws for options it cannot run with; the CLI shows it as a usage error
// (exit code 2) because every such option came from a flag.
/** Options given to `runConformance` / `runClientConformance` that cannot work, with how to fix them. */
export class ConformanceOptionsError extends Error {
  /** Stable code for programs that branch on the kind of error. */
  readonly code = 'MCPC_OPTIONS_INVALID';

  constructor(
    message: string,
    /** One sentence telling the caller what to change. */
    readonly fix?: string,
  ) {
    super(fix ? `${message} ${fix}` : message);
    this.name = 'ConformanceOptionsError';
  }

  /** The message without the fix, for callers that print the two apart. */
  get problem(): string {
    return this.fix ? this.message.slice(0, this.message.length - this.fix.length - 1) : this.message;
  }
}
