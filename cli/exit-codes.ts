// The CLI's exit codes, documented in the README. They are defined once, by the API, so that a run
// started from code earns the same code as the same run started from the command line.
export { ExitCode } from '../api/exit-codes.js';
