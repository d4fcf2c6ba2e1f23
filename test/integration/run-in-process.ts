// Runs the engine in the test's own process through the programmatic API, for integration tests
// whose point is the verdicts rather than the command line: module loading, rule and scenario
// loading and schema compilation are paid once per test file instead of once per run. What comes
// back is what runCli gives: the exit code the CLI would exit with and the JSON report, rendered by
// the same code as the CLI's json reporter, so a test asserts the same facts either way.
// Tests of the command line itself (flags, exit codes of usage errors, console output, report
// files) keep spawning the CLI with run-cli.ts.
import { type ClientConformanceOptions, type ConformanceOptions, runClientConformance, runConformance } from '../../api/index.js';
import { renderJsonReport } from '../../reports/json/index.js';
import { ROOT, type Report } from './run-cli.js';

interface InProcessRun {
  code: number;
  report: Report;
}

/** A server run; a command target runs in the repository root, as the CLI's tests do. */
export async function runServer(options: ConformanceOptions): Promise<InProcessRun> {
  const target = 'command' in options.target && options.target.cwd === undefined ? { ...options.target, cwd: ROOT } : options.target;
  const { result, exitCode } = await runConformance({ ...options, target });
  return { code: exitCode, report: JSON.parse(renderJsonReport(result)) as Report };
}

/** A client run (`--client`), in the repository root unless `cwd` says otherwise. */
export async function runClient(options: ClientConformanceOptions): Promise<InProcessRun> {
  const { result, exitCode } = await runClientConformance({ cwd: ROOT, ...options });
  return { code: exitCode, report: JSON.parse(renderJsonReport(result)) as Report };
}

/**
 * Runs `jobs` with at most `limit` in flight, each starting as soon as one finishes (no batches
 * that wait for their slowest member), and returns their results in order.
 */
export async function inPool<T>(limit: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}
