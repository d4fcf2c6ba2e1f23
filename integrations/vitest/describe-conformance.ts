// The vitest adapter's entry points: run the suites once while the test file is collected, then
// declare one test per cell. Awaited at the top level of a test file.
import { runClientConformance, runConformance, type ClientConformanceOptions, type ConformanceOptions, type ConformanceRun } from '../../api/index.js';
import { registerCells } from './register-cells.js';

/**
 * Runs the conformance suites against a server and declares a vitest `describe(name)` with one test
 * per cell, named `scenario @ revision [transport]`. Failed cells fail with the console report's
 * explanation (rule, expected vs actual, exchange, reproduce command); skipped cells are skipped
 * with their reason; cells listed in `baseline` are expected failures. Call it with top-level
 * `await` in a test file: the run happens while vitest collects the file.
 *
 * @example
 * ```ts
 * // test/mcp-conformance.test.ts
 * import { describeConformance } from 'mcp-conform/vitest';
 *
 * await describeConformance('my server', {
 *   target: { command: 'node build/server.js' },
 *   revisions: ['2025-11-25'],
 *   baseline: 'test/mcp-baseline.yaml',
 * });
 * ```
 */
export async function describeConformance(name: string, options: ConformanceOptions): Promise<ConformanceRun> {
  const run = await runConformance(options);
  registerCells(name, run.result);
  return run;
}

/**
 * The client-mode counterpart of {@link describeConformance}: runs the client command against the
 * scripted mock servers and declares one test per client cell.
 *
 * @example
 * ```ts
 * import { describeClientConformance } from 'mcp-conform/vitest';
 *
 * await describeClientConformance('my client', { command: 'node build/client.js {command}' });
 * ```
 */
export async function describeClientConformance(name: string, options: ClientConformanceOptions): Promise<ConformanceRun> {
  const run = await runClientConformance(options);
  registerCells(name, run.result);
  return run;
}
