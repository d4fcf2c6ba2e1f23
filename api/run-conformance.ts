// Runs the server suites against one target and returns the result and the exit code: the one
// path every server run takes, whether it comes from code, from the vitest adapter or from the CLI.
import { resolve } from 'node:path';
// The in-memory adapter alone: the adapters' barrel loads every transport of the mock kit.
import { createInMemoryTransport } from '../mocks/adapters/in-memory.js';
import { loadRules, type RulesCatalogue } from '../schema/rules.js';
import type { RunConfig, TargetSpec, ToolChoice } from '../runner/config/index.js';
import { DEFAULT_SEED, DEFAULT_TIMEOUT_MS } from '../runner/config/index.js';
import { DEFAULT_RETRIES, runSuite, type AuthorizationContext, type SuiteRunOptions } from '../runner/engine/index.js';
import { TransportStartError } from '../wire/protocol/index.js';
import { reproCommand } from '../runner/repro.js';
import { summarise, type RunResult, type TargetInfo } from '../wire/results/index.js';
import { ScenarioLoadError, defaultSuitesDir, loadScenarios, selectScenarios } from '../runner/suite-loader/index.js';
import type { Scenario } from '../runner/suite-loader/index.js';
import { StdioTransport, quoteWord } from '../wire/transports/index.js';
import { baselineGate, plainExitCode } from './baseline-gate.js';
import { checkCommonOptions, checkWholeNumber } from './check-options.js';
import type { ConformanceOptions, ConformanceRun, InMemoryTarget } from './conformance-options.js';
import { defaultConcurrency } from './default-concurrency.js';
import { ExitCode } from './exit-codes.js';
import { openHttpTarget, type LiveHttpTarget, type StartedServer } from './open-http-target.js';
import { ConformanceOptionsError } from './options-error.js';
import { reportersFrom } from './reporter-specs.js';
import { isInMemoryTarget, stdioOptionsOf, targetSpecOf } from './target-spec.js';
import { toolIdentity } from './tool-identity.js';
import { toolChoiceCode, toolChoiceOf, toolChoiceWords } from './tool-options.js';
import { prepareValidators, validatorsFor } from './validators.js';

/** What the CLI adds to a run beyond the public options (not part of the package's API). */
export interface RunHooks {
  /** Hears what the user should know while the run sets up (a restarted server, a detected wire). */
  notice?: (text: string) => void;
  /** Lists passed checks in the console report. */
  verbose?: boolean;
  /** Fuzzes the target after the cells (`--fuzz`). */
  fuzz?: (target: TargetSpec, http: LiveHttpTarget | undefined) => NonNullable<SuiteRunOptions['fuzz']>;
  /** Extra environment for a server the run starts (the mock authorization server's issuer). */
  launchEnv?: Record<string, string>;
  /** Server authorization (--auth-token, --auth-mock): the `auth` variable, built once the HTTP target listens; its token goes on every request. */
  authorize?: (endpoint: string) => Promise<AuthorizationContext | undefined>;
  /** Words the reproduce commands need beyond the options (the --auth-* flags). */
  reproExtras?: string[];
  /** The HTTP server, started by the command line before the engine loaded; used if its launch is the run's. */
  startedServer?: StartedServer;
}

/**
 * Runs the conformance suites against a server and returns the result model and the exit code
 * (0 conformant, 1 failures, 3 target unavailable).
 *
 * The target is a stdio command (read-only cells take turns on its processes; `isolate` starts one
 * per cell), a running HTTP endpoint, a command that serves HTTP on the port given in `portEnv`, or
 * a `MockServer` in this process (no process is spawned). Reporters hear the run as it goes; without any the run is silent.
 *
 * @throws ConformanceOptionsError for options that cannot work (an unknown revision, a missing
 *   folder, filters that match no scenario), and ScenarioLoadError for invalid scenario files.
 *
 * @example
 * ```ts
 * import { runConformance } from 'mcp-conform';
 *
 * const { result, exitCode } = await runConformance({
 *   target: { command: 'node build/server.js' },
 *   revisions: ['2025-11-25'],
 *   reporters: [{ format: 'junit', path: 'reports/mcp.xml' }],
 * });
 * console.log(`${result.summary.passed} passed, ${result.summary.failed} failed`);
 * process.exitCode = exitCode;
 * ```
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceRun> {
  const target = isInMemoryTarget(options.target) ? options.target : targetSpecOf(options.target);
  return runConformanceOn(target, options);
}

/**
 * The run behind `runConformance`, for a target already turned into a TargetSpec (the CLI builds
 * its own from flags, with messages that name the flags) or a mock server.
 */
export async function runConformanceOn(
  target: TargetSpec | InMemoryTarget,
  options: Omit<ConformanceOptions, 'target'>,
  hooks: RunHooks = {},
): Promise<ConformanceRun> {
  checkCommonOptions(options);
  checkWholeNumber('timeoutMs', options.timeoutMs, 10);
  const tools = toolChoiceOf(options);
  const rules = loadRulesOrThrow();
  const spec: TargetSpec = 'server' in target ? { kind: 'in-memory', description: target.description ?? 'in-memory' } : target;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A server the runner starts itself (portEnv) takes a second or more to listen: it is started
  // before the scenarios load, so that the two overlap, and stopped on every way out.
  // A started server gets the extra environment; the spec (and every reproduce command) keeps the user's.
  const launched =
    spec.kind === 'http' && spec.launch && hooks.launchEnv ? { ...spec, launch: { ...spec.launch, env: { ...spec.launch.env, ...hooks.launchEnv } } } : spec;
  let spawned = (): void => {};
  const booting = new Promise<void>((resolve) => {
    spawned = resolve;
  });
  // Aborted as the run ends: one that ends early (no scenario matches, a scenario file is invalid)
  // does not wait for the server to listen or for the wire detection only to stop the server.
  const ending = new AbortController();
  const opening =
    launched.kind === 'http'
      ? openHttpTarget(
          launched,
          timeoutMs,
          hooks.notice ?? (() => {}),
          {
            onSpawned: spawned,
            signal: ending.signal,
            ...(hooks.startedServer ? { started: hooks.startedServer } : {}),
          },
          options.maxMessageBytes,
        ).then(
          (live) => ({ live }),
          (error: unknown) => ({ error }),
        )
      : undefined;
  try {
    const scenarios = loadSelected(options, rules);
    // While a started server boots (server-everything: about half a second) the runner would idle:
    // it prepares the validators then, once the process runs (not before: that would delay it).
    if (opening && launched.kind === 'http' && launched.launch) {
      await Promise.race([booting, opening]);
      await prepareValidators(opening, options.revisions?.length ? options.revisions : undefined);
    }
    const opened = await opening;
    if (opened && 'error' in opened) {
      if (!(opened.error instanceof TransportStartError)) throw opened.error;
      // The reporters say it (the console one included), so it is not a notice as well.
      return await reportUnavailable(unavailableRun(spec, options, opened.error.message), options);
    }
    return await runScenarios({ target, spec, http: opened?.live, scenarios, rules, options, timeoutMs, hooks, tools });
  } finally {
    ending.abort();
    const opened = await opening;
    if (opened && 'live' in opened) {
      await opened.live.stop();
      const restarts = opened.live.restarts;
      if (restarts > 0) {
        hooks.notice?.(
          `the server exited during the run and was started again ${restarts} time${restarts === 1 ? '' : 's'}; the cells it was serving then report how it exited.`,
        );
      }
    }
  }
}

interface ScenarioRun {
  target: TargetSpec | InMemoryTarget;
  spec: TargetSpec;
  http: LiveHttpTarget | undefined;
  scenarios: Scenario[];
  rules: RulesCatalogue;
  options: Omit<ConformanceOptions, 'target'>;
  timeoutMs: number;
  hooks: RunHooks;
  tools: ToolChoice;
}

async function runScenarios({ target, spec, http, scenarios, rules, options, timeoutMs, hooks, tools }: ScenarioRun): Promise<ConformanceRun> {
  const auth = http && hooks.authorize ? await hooks.authorize(http.url) : undefined;
  if (http && auth) http.addHeader('Authorization', `Bearer ${auth.token}`);
  const inMemory = 'server' in target ? target.server : undefined;
  const transport = http ? 'http' : inMemory ? 'in-memory' : 'stdio';
  const config: RunConfig = {
    target: spec,
    revisions: options.revisions ?? [],
    timeoutMs,
    ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
    concurrency: options.concurrency ?? defaultConcurrency(transport),
    strict: options.strict ?? false,
    retries: options.retries ?? DEFAULT_RETRIES,
    failOnFlaky: options.failOnFlaky ?? false,
    ...(options.isolate ? { isolate: true } : {}),
    verbose: hooks.verbose ?? false,
    seed: options.seed ?? DEFAULT_SEED,
    tools,
    reproExtras: [
      ...toolChoiceWords(options),
      ...(options.clientCapabilities ? ['--client-capabilities', quoteWord(JSON.stringify(options.clientCapabilities))] : []),
      ...(options.suiteDirs ?? []).flatMap((d) => ['--suite-dir', quoteWord(d)]),
      ...(options.scenarioFiles ?? []).flatMap((f) => ['--scenario-file', quoteWord(f)]),
      ...(hooks.reproExtras ?? []),
    ],
  };
  const gate = baselineGate(options.baseline, reportersFrom(options.reporters));
  const tool = toolIdentity();
  const run = await runSuite({
    config,
    scenarios,
    rules,
    makeTransport: http
      ? http.makeTransport
      : inMemory
        ? () => createInMemoryTransport(inMemory, { description: spec.kind === 'in-memory' ? spec.description : 'in-memory' })
        : () =>
            new StdioTransport({
              ...(spec.kind === 'stdio' ? stdioOptionsOf(spec) : { command: '' }),
              exitGraceMs: exitGraceMs(timeoutMs),
              ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
            }),
    validatorsFor,
    reporters: gate.reporters,
    tool,
    target: targetInfo(spec, http),
    client: { clientInfo: { name: tool.name, version: tool.version }, capabilities: options.clientCapabilities ?? {} },
    repro: (cell) =>
      inMemory
        ? `runConformance({ target: { server }, scenarios: [${JSON.stringify(cell.scenario.id)}], revisions: [${JSON.stringify(cell.revision)}]${toolChoiceCode(options)} })`
        : reproCommand(config, { scenarioId: cell.scenario.id, revision: cell.revision }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(hooks.fuzz ? { fuzz: hooks.fuzz(spec, http) } : {}),
    ...(auth ? { auth } : {}),
  });
  return { result: gate.measured(run), exitCode: gate.exitCode(run, plainExitCode(run)) };
}

function targetInfo(spec: TargetSpec, http: LiveHttpTarget | undefined): TargetInfo {
  if (http) return { kind: http.kind, url: http.url };
  if (spec.kind === 'stdio') return { kind: 'stdio', command: spec.command, ...(spec.cwd ? { cwd: spec.cwd } : {}) };
  if (spec.kind === 'in-memory') return { kind: 'in-memory', command: spec.description };
  return { kind: spec.legacySse ? 'sse' : 'http', url: spec.url };
}

function loadRulesOrThrow(): RulesCatalogue {
  try {
    return loadRules();
  } catch (err) {
    throw new ConformanceOptionsError((err as Error).message);
  }
}

/** Loads the scenario files and applies the filters; none left is a mistake in the options. */
function loadSelected(options: Omit<ConformanceOptions, 'target'>, rules: RulesCatalogue): Scenario[] {
  const dirs = (options.suiteDirs ?? []).map((d) => resolve(d));
  const files = (options.scenarioFiles ?? []).map((f) => resolve(f));
  const loaded = loadScenarios({ dirs: dirs.length || files.length ? dirs : [defaultSuitesDir()], files, rules });
  if (loaded.problems.length > 0) throw new ScenarioLoadError(loaded.problems);
  const scenarios = selectScenarios(loaded.scenarios, {
    ...(options.scenarios ? { scenario: options.scenarios } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.areas ? { area: options.areas } : {}),
    ...(options.tags ? { tag: options.tags } : {}),
    ...(options.rules ? { rule: options.rules } : {}),
  });
  if (scenarios.length === 0)
    throw new ConformanceOptionsError('No scenario matches the filters given.', 'Run `mcp-conform --list` to see scenario ids, areas and tags.');
  return scenarios;
}

/**
 * Hands the result of a run whose server could not be started to every reporter, as the engine does
 * for a target that never answered, so that each requested report says why nothing was tested.
 */
async function reportUnavailable(run: RunResult, options: Omit<ConformanceOptions, 'target'>): Promise<ConformanceRun> {
  const gate = baselineGate(options.baseline, reportersFrom(options.reporters));
  const { summary: _summary, scenarios: _scenarios, endReason: _endReason, fatal: _fatal, ...header } = run;
  for (const r of gate.reporters) await r.onRunStart?.(header);
  for (const r of gate.reporters) await r.onRunEnd?.(run);
  return { result: gate.measured(run), exitCode: gate.exitCode(run, ExitCode.TargetUnavailable) };
}

/** The result of a run whose server could not be started: no cell ran. */
function unavailableRun(spec: TargetSpec, options: Omit<ConformanceOptions, 'target'>, reason: string): RunResult {
  return {
    tool: toolIdentity(),
    target: targetInfo(spec, undefined),
    revisions: options.revisions ?? [],
    startedAt: new Date().toISOString(),
    strict: options.strict ?? false,
    seed: options.seed ?? DEFAULT_SEED,
    planned: 0,
    summary: summarise([], 0),
    scenarios: [],
    endReason: 'target-unavailable',
    fatal: reason,
  };
}

/**
 * How long a stdio target may take to exit by itself once its input closed, before the runner
 * signals it (and `transport.stdio.exit-on-stdin-close` warns): the run's --timeout, and at least
 * the transport's 2 s. The spec asks for an exit "promptly", with no figure; on a loaded machine
 * (a CI runner, a run of many cells at once) a correct server's exit took more than 2 s, a false
 * warning, while the run's --timeout is what the user said a slow answer may take.
 */
function exitGraceMs(timeoutMs: number): number {
  return Math.max(2000, timeoutMs);
}
