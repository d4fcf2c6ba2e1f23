// Runs the client scenarios against a client command: every scenario × revision starts the client
// pointed at a scripted mock server, and the client's messages are judged. The path `--client` takes.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fromRoot } from '../schema/package-root.js';
import { loadRules, type RulesCatalogue } from '../schema/rules.js';
import { DEFAULT_SEED } from '../runner/config/index.js';
import { DEFAULT_RETRIES } from '../runner/engine/index.js';
import {
  DEFAULT_CLIENT_RUN_MS,
  HttpClientHost,
  loadClientScenarios,
  runClients,
  SERVER_PLACEHOLDER,
  URL_PLACEHOLDER,
  type ClientScenario,
} from '../runner/client-mode/index.js';
import { ScenarioLoadError, defaultSuitesDir, idMatches, ruleMatches } from '../runner/suite-loader/index.js';
import { quoteWord } from '../wire/transports/index.js';
import { baselineGate, plainExitCode } from './baseline-gate.js';
import { checkCommonOptions } from './check-options.js';
import type { CommonRunOptions, ConformanceRun, ScenarioSelection } from './conformance-options.js';
import { defaultConcurrency } from './default-concurrency.js';
import { ConformanceOptionsError } from './options-error.js';
import { reportersFrom } from './reporter-specs.js';
import { toolIdentity } from './tool-identity.js';
import { validatorsFor } from './validators.js';

/** The client-mode relay every stdio client cell spawns, relative to the package root. */
const RELAY_ENTRY = ['dist', 'runner', 'client-mode', 'relay-main.js'];

/** Options of {@link runClientConformance}. */
export interface ClientConformanceOptions extends CommonRunOptions {
  /**
   * The command that runs the client under test, with `{command}` where it takes the command of a
   * stdio server to spawn, or `{url}` where it takes a Streamable HTTP URL.
   */
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  /** How long a client may run when its scenario sets no `within`, in ms; at least 10 000 (the default). */
  timeoutMs?: number;
  /**
   * Judge the authorization (OAuth) scenarios. OAuth is OPTIONAL for clients, so without this (or
   * the tag `authorization` in `tags`) scenarios with an `auth:` key are skipped with that reason.
   */
  auth?: boolean;
}

/**
 * Tests an MCP client: runs it once per client scenario × revision against scripted mock servers
 * and judges what it sends. Returns the result model and the exit code, as {@link runConformance}.
 *
 * @throws ConformanceOptionsError for a command without a placeholder, an unknown revision, or
 *   filters that match no client scenario; ScenarioLoadError for invalid scenario files.
 *
 * @example
 * ```ts
 * import { runClientConformance } from 'mcp-conform';
 *
 * const { result, exitCode } = await runClientConformance({
 *   command: 'node build/client.js {command}',
 *   scenarios: ['client/lifecycle/'],
 * });
 * console.log(`${result.summary.failed} failed`);
 * process.exitCode = exitCode;
 * ```
 */
export async function runClientConformance(options: ClientConformanceOptions): Promise<ConformanceRun> {
  checkCommonOptions(options);
  const command = options.command.trim();
  checkCommand(command);
  const relayEntry = fromRoot(...RELAY_ENTRY);
  if (!existsSync(relayEntry))
    throw new ConformanceOptionsError('Failed to find the client-mode relay: mcp-conform has not been built.', 'Run `npm run build`.');
  let rules: RulesCatalogue;
  try {
    rules = loadRules();
  } catch (err) {
    throw new ConformanceOptionsError((err as Error).message);
  }
  const dirs = options.suiteDirs?.length ? options.suiteDirs.map((d) => resolve(d)) : [defaultSuitesDir()];
  const loaded = loadClientScenarios({ dirs, root: defaultSuitesDir(), rules });
  if (loaded.problems.length > 0) throw new ScenarioLoadError(loaded.problems);
  const scenarios = selectClientScenarios(loaded.scenarios, options);
  if (scenarios.length === 0)
    throw new ConformanceOptionsError(
      'No client scenario matches the filters given.',
      'Run `mcp-conform --list` to see scenario ids (client scenarios live in suites/client/).',
    );

  const gate = baselineGate(options.baseline, reportersFrom(options.reporters));
  const cwd = options.cwd ? resolve(options.cwd) : undefined;
  const strict = options.strict ?? false;
  const run = await runClients({
    scenarios,
    revisions: options.revisions ?? [],
    // Every cell starts a client process, whatever the wire: the process-bound default fits.
    concurrency: options.concurrency ?? defaultConcurrency('stdio'),
    retries: options.retries ?? DEFAULT_RETRIES,
    ...(options.failOnFlaky ? { failOnFlaky: true } : {}),
    reporters: gate.reporters,
    header: { tool: toolIdentity(), target: { kind: 'stdio', command, ...(cwd ? { cwd } : {}) }, strict, seed: options.seed ?? DEFAULT_SEED },
    cell: {
      command,
      ...(cwd ? { cwd } : {}),
      ...(options.env ? { env: options.env } : {}),
      relayEntry,
      makeHttpHost: (mock, record, maxMessageBytes) => new HttpClientHost(mock, record, maxMessageBytes),
      ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
      ruleRef: (id, revision) => rules.ruleRef(id, revision),
      validatorsFor,
      strict,
      clientRunMs: Math.max(DEFAULT_CLIENT_RUN_MS, options.timeoutMs ?? 0),
      ...(options.timeoutMs !== undefined ? { answerWaitMs: options.timeoutMs } : {}),
      judgeAuthorization: options.auth === true || (options.tags ?? []).includes('authorization'),
    },
    repro: (scenarioId, revision) =>
      [
        'npx',
        'mcp-conform',
        '--client',
        quoteWord(command),
        ...(cwd ? ['--cwd', quoteWord(cwd)] : []),
        '--scenario',
        quoteWord(scenarioId),
        '--revision',
        revision,
        ...(options.maxMessageBytes !== undefined ? ['--max-message-bytes', String(options.maxMessageBytes)] : []),
      ].join(' '),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { result: gate.measured(run), exitCode: gate.exitCode(run, plainExitCode(run)) };
}

function checkCommand(command: string): void {
  if (command === '') throw new ConformanceOptionsError('The client command is empty.', `Example: "node client.js ${SERVER_PLACEHOLDER}".`);
  const stdio = command.includes(SERVER_PLACEHOLDER);
  const http = command.includes(URL_PLACEHOLDER);
  if (!stdio && !http) {
    throw new ConformanceOptionsError(
      `The client command has neither ${SERVER_PLACEHOLDER} nor ${URL_PLACEHOLDER}, so the client cannot be pointed at the mock servers.`,
      `Add ${SERVER_PLACEHOLDER} where your client takes the command of a stdio server to spawn, or ${URL_PLACEHOLDER} where it takes a Streamable HTTP URL.`,
    );
  }
  if (stdio && http)
    throw new ConformanceOptionsError(
      `The client command has both ${SERVER_PLACEHOLDER} and ${URL_PLACEHOLDER}.`,
      'Keep the one that matches how your client reaches its server.',
    );
}

/** The same filters as for server scenarios; a client scenario's cited rules include its expectations'. */
function selectClientScenarios(scenarios: ClientScenario[], selection: ScenarioSelection): ClientScenario[] {
  return scenarios.filter((s) => {
    if (selection.scenarios?.length && !selection.scenarios.some((p) => idMatches(s.id, p))) return false;
    if (selection.exclude?.some((p) => idMatches(s.id, p))) return false;
    if (selection.areas?.length && !selection.areas.includes(s.area)) return false;
    if (selection.tags?.length && !selection.tags.some((t) => s.tags.includes(t))) return false;
    const cited = [...s.rules, ...s.expect.flatMap((e) => (e.rule ? [e.rule] : []))];
    if (selection.rules?.length && !selection.rules.some((p) => cited.some((r) => ruleMatches(r, p)))) return false;
    return true;
  });
}
