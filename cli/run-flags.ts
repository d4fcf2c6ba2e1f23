// What the server and client commands share: the API options the common flags give, how the API's
// refusals become usage errors, and the Ctrl-C handling that lets cells in flight finish.
import { ConformanceOptionsError } from '../api/options-error.js';
import type { ToolSelection } from '../api/conformance-options.js';
import { ReportWriteError } from '../reports/index.js';
import { ScenarioLoadError } from '../runner/suite-loader/index.js';
import { ExitCode } from './exit-codes.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';

/**
 * The API's refusals are mistakes in flags: shown as usage errors (exit code 2). Invalid scenario
 * files are listed one problem per line first. Anything else is rethrown.
 */
export function usageOutcome(err: unknown, what: string): number {
  if (err instanceof ScenarioLoadError) {
    for (const p of err.problems) process.stderr.write(`${p.file}:${p.line}:${p.column} ${p.code} ${p.message} ${p.fix}\n`);
    process.stderr.write(`mcp-conform: Failed to load ${what}: ${err.problems.length} problem(s) above. Fix the files and run again.\n`);
    return ExitCode.Usage;
  }
  if (err instanceof ConformanceOptionsError) throw new UsageError(err.problem, err.fix);
  // An unwritable report path is the user's to fix, not an internal error.
  if (err instanceof ReportWriteError) throw new UsageError(err.message, err.fix);
  throw err;
}

/** The options of the API that the shared flags give, for server and client runs alike. */
export function selectionFromFlags(opts: CliOptions) {
  return {
    ...(opts.revision ? { revisions: opts.revision } : {}),
    ...(opts.scenario ? { scenarios: opts.scenario } : {}),
    ...(opts.exclude ? { exclude: opts.exclude } : {}),
    ...(opts.area ? { areas: opts.area } : {}),
    ...(opts.tag ? { tags: opts.tag } : {}),
    ...(opts.rule ? { rules: opts.rule } : {}),
    ...(opts.suiteDir ? { suiteDirs: opts.suiteDir } : {}),
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
    ...(opts.maxMessageBytes !== undefined ? { maxMessageBytes: opts.maxMessageBytes } : {}),
    ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}),
    seed: opts.seed,
    strict: opts.strict,
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
    ...(opts.failOnFlaky ? { failOnFlaky: true } : {}),
  };
}

/** The API's tool options the --tools, --tool and --tool-args flags give (server runs and the fuzzer). */
export function toolSelectionFromFlags(opts: Pick<CliOptions, 'tools' | 'tool' | 'toolArgs'>): ToolSelection {
  return {
    ...(opts.tools ? { tools: opts.tools } : {}),
    ...(opts.tool ? { preferTools: opts.tool } : {}),
    ...(opts.toolArgs !== undefined ? { toolArgs: opts.toolArgs } : {}),
  };
}

/**
 * Runs `body` with a signal that the first Ctrl-C (or SIGTERM) aborts, so the cells in flight
 * finish and the reports are written; a second one quits at once.
 */
export async function withInterrupt(body: (signal: AbortSignal) => Promise<number>): Promise<number> {
  const aborter = new AbortController();
  const onSignal = () => {
    if (aborter.signal.aborted) process.exit(130);
    process.stderr.write('\nmcp-conform: interrupted; finishing the scenarios in flight (Ctrl-C again to quit now)\n');
    aborter.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await body(aborter.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
