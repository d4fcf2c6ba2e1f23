// A user's mistake on the command line: printed as one line (plus a fix) and exit code 2.
export class UsageError extends Error {
  constructor(
    message: string,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
