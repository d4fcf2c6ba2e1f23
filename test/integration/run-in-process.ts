// Runs the engine in the test's own process through the programmatic API, for integration tests
// whose point is the verdicts rather than the command line: module loading, rule and scenario
// loading and schema compilation are paid once per test file instead of once per run. What comes
// back is what runCli gives: the exit code the CLI would exit with and the JSON report, rendered by
// the same code as the CLI's json reporter, so a test asserts the same facts either way.
// Tests of the command line itself (flags, exit codes of usage errors, console output, report
// files) keep spawning the CLI with run-cli.ts.
import { type ClientConformanceOptions, type ConformanceOptions, runClientConformance, runConformance } from '../../api/index.js';
import type { CommandTarget } from '../../api/conformance-options.js';
import { runConformanceOn } from '../../api/run-conformance.js';
import { targetSpecOf } from '../../api/target-spec.js';
import { authorizationContext, ISSUER_ENV } from '../../cli/authorization-option.js';
import { serveMockAuthorizationServer } from '../../mocks/auth/index.js';
import { renderJsonReport } from '../../reports/json/index.js';
import { ROOT, type Report } from './run-cli.js';

/**
 * Re-runs of failed cells are off in these tests unless a test asks for them: the fixture tests
 * assert the verdicts of planted defects, and a re-run alone of every failing cell would only
 * lengthen them. test/integration/flaky-verdicts.test.ts proves the re-runs.
 */
const NO_RERUN = { retries: 0 } as const;

interface InProcessRun {
  code: number;
  report: Report;
}

/** A server run; a command target runs in the repository root, as the CLI's tests do. */
export async function runServer(options: ConformanceOptions): Promise<InProcessRun> {
  const target = 'command' in options.target && options.target.cwd === undefined ? { ...options.target, cwd: ROOT } : options.target;
  const { result, exitCode } = await runConformance({ ...NO_RERUN, ...options, target });
  return { code: exitCode, report: JSON.parse(renderJsonReport(result)) as Report };
}

/**
 * A server run with authorization, as `--auth-mock 0` or `--auth-token TOKEN` does it (the API has
 * no such option): the mock authorization server starts first, the started target learns its
 * issuer from the environment, and the tokens are built by the CLI's own code once it listens.
 */
export async function runServerAuthorized(
  options: Omit<ConformanceOptions, 'target'> & { target: CommandTarget },
  auth: { mock: true } | { token: string },
): Promise<InProcessRun> {
  const mock = 'mock' in auth ? await serveMockAuthorizationServer({ port: 0 }) : undefined;
  try {
    const flags = 'token' in auth ? { authToken: auth.token } : { authMock: 0 };
    const { target, ...rest } = { ...NO_RERUN, ...options };
    const { result, exitCode } = await runConformanceOn(targetSpecOf({ cwd: ROOT, ...target }), rest, {
      ...(mock ? { launchEnv: { [ISSUER_ENV]: mock.issuer } } : {}),
      authorize: (endpoint) => authorizationContext(flags, endpoint, mock, options.timeoutMs ?? 5000),
    });
    return { code: exitCode, report: JSON.parse(renderJsonReport(result)) as Report };
  } finally {
    await mock?.close();
  }
}

/** A client run (`--client`), in the repository root unless `cwd` says otherwise. */
export async function runClient(options: ClientConformanceOptions): Promise<InProcessRun> {
  const { result, exitCode } = await runClientConformance({ cwd: ROOT, ...NO_RERUN, ...options });
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
