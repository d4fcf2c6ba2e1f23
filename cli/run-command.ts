// Turns parsed flags into a run: flags become the options of the programmatic API (api/), which
// does the run; this file adds what only a command line has (--list, Ctrl-C, --write-baseline,
// --fuzz) and maps the API's errors to usage errors. Separate from main.ts so tests can call it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
// The API's modules, not its barrel, which also loads client mode and the mock kit.
import { runConformanceOn } from '../api/run-conformance.js';
import type { ConformanceOptions } from '../api/index.js';
import { loadRules } from '../schema/rules.js';
import { ScenarioLoadError, defaultSuitesDir, loadScenarios, selectScenarios } from '../runner/suite-loader/index.js';
import { writeBaselineIfAsked } from './baseline-option.js';
import { ExitCode } from './exit-codes.js';
import { printList, printRules } from './list.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';
import { httpTargetSpec } from './http-target.js';
import { targetSpec } from './stdio-target.js';
import { fuzzTargetOf } from './fuzz-target.js';
import { makeReporters } from './reporters-option.js';
import { selectionFromFlags, toolSelectionFromFlags, usageOutcome, withInterrupt } from './run-flags.js';
import { authorizationContext, authorizationReproWords, checkAuthorizationFlags, ISSUER_ENV, startMockAuthorization } from './authorization-option.js';
import type { AuthorizationServerHandle } from '../mocks/index.js';
import type { StartedServer } from '../api/open-http-target.js';
import { stopEarlyServer } from './early-server.js';
import { printNotice } from './notice.js';

/** Runs what the flags ask for. `started`: the HTTP server main.ts started early (early-server.ts); stopped here in any case. */
export async function runCommand(opts: CliOptions, version: string, started?: StartedServer): Promise<number> {
  try {
    // Client mode, the fuzzer and the client scenarios of --list load only when asked for.
    if (opts.client !== undefined) return await (await import('./client-command.js')).runClientCommand(opts);
    if (opts.list) return await listCommand(opts);
    return await runServerCommand(opts, version, started);
  } catch (err) {
    return usageOutcome(err, 'scenarios');
  } finally {
    await stopEarlyServer(started);
  }
}

async function runServerCommand(opts: CliOptions, version: string, started: StartedServer | undefined): Promise<number> {
  const target = httpTargetSpec(opts) ?? targetSpec(opts);
  checkAuthorizationFlags(opts);
  // The mock authorization server listens before the target starts, so a started target can be told its issuer.
  const authServer = await startMockAuthorization(opts);
  try {
    return await runServerCommandWith(opts, version, target, authServer, started);
  } finally {
    await authServer?.close();
  }
}

async function runServerCommandWith(
  opts: CliOptions,
  version: string,
  target: ReturnType<typeof targetSpec>,
  authServer: AuthorizationServerHandle | undefined,
  started: StartedServer | undefined,
): Promise<number> {
  const options: Omit<ConformanceOptions, 'target'> = {
    ...selectionFromFlags(opts),
    ...(opts.scenarioFile ? { scenarioFiles: opts.scenarioFile } : {}),
    ...(opts.clientCapabilities ? { clientCapabilities: opts.clientCapabilities } : {}),
    timeoutMs: opts.timeout,
    ...(opts.isolate ? { isolate: true } : {}),
    ...toolSelectionFromFlags(opts),
    reporters: makeReporters(opts),
  };
  return withInterrupt(async (signal) => {
    const { result, exitCode } = await runConformanceOn(
      target,
      { ...options, signal },
      {
        notice: printNotice,
        verbose: opts.verbose,
        ...(authServer ? { launchEnv: { [ISSUER_ENV]: authServer.issuer } } : {}),
        authorize: (endpoint) => authorizationContext(opts, endpoint, authServer, opts.timeout, printNotice),
        reproExtras: authorizationReproWords(opts),
        ...(started ? { startedServer: started } : {}),
        // --fuzz: the same target, fuzzed after the cells, so every report carries the result.
        ...(opts.fuzz
          ? {
              fuzz: (spec, http) => {
                const live = fuzzTargetOf(spec, http);
                return async () => (await import('./fuzz-command.js')).fuzzForRun(opts, version, spec, live, loadRules())();
              },
            }
          : {}),
      },
    );
    writeBaselineIfAsked(opts, result);
    return exitCode;
  });
}

/** --list (and --list --rules): the scenarios the filters select, without connecting. */
async function listCommand(opts: CliOptions): Promise<number> {
  let rules: ReturnType<typeof loadRules>;
  try {
    rules = loadRules();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return ExitCode.Usage;
  }
  const dirs = (opts.suiteDir ?? []).map((d) => resolve(d));
  const files = (opts.scenarioFile ?? []).map((f) => resolve(f));
  for (const p of [...dirs, ...files]) {
    if (!existsSync(p)) throw new UsageError(`Failed to read ${p}: no such file or folder.`, 'Check the path given to --suite-dir / --scenario-file.');
  }
  const loaded = loadScenarios({ dirs: dirs.length || files.length ? dirs : [defaultSuitesDir()], files, rules });
  if (loaded.problems.length > 0) throw new ScenarioLoadError(loaded.problems);
  const selection = {
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
    ...(opts.exclude ? { exclude: opts.exclude } : {}),
    ...(opts.area ? { area: opts.area } : {}),
    ...(opts.tag ? { tag: opts.tag } : {}),
    ...(opts.rule ? { rule: opts.rule } : {}),
  };
  const { clientCoverageScenarios } = await import('../runner/client-mode/index.js');
  const clients = clientCoverageScenarios(rules, dirs.length || files.length ? dirs : [defaultSuitesDir()], defaultSuitesDir());
  if (opts.rules) printRules(rules, [...loaded.scenarios, ...clients]);
  else printList([...selectScenarios(loaded.scenarios, selection), ...selectScenarios(clients, selection)]);
  return ExitCode.Conformant;
}
