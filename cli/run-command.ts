// Turns parsed flags into a run: flags become the options of the programmatic API (api/), which
// does the run; this file adds what only a command line has (--list, Ctrl-C, --write-baseline,
// --fuzz) and maps the API's errors to usage errors. Separate from main.ts so tests can call it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConformanceOptionsError, REFERENCE_SERVER_ENTRY, runConformanceOn, type ConformanceOptions } from '../api/index.js';
import { ReportWriteError, createReporter, type ReportFormat } from '../reports/index.js';
import { fromRoot } from '../schema/package-root.js';
import { loadRules } from '../schema/rules.js';
import type { TargetSpec } from '../runner/config/index.js';
import type { Reporter } from '../wire/results/index.js';
import { ScenarioLoadError, defaultSuitesDir, loadScenarios, selectScenarios } from '../runner/suite-loader/index.js';
import { quoteWord } from '../wire/transports/index.js';
import { clientCoverageScenarios } from '../runner/client-mode/index.js';
import { writeBaselineIfAsked } from './baseline-option.js';
import { runClientCommand } from './client-command.js';
import { ExitCode } from './exit-codes.js';
import { printList, printRules } from './list.js';
import type { CliOptions } from './program.js';
import { UsageError } from './usage-error.js';
import { httpTargetSpec } from './http-target.js';
import { fuzzForRun, fuzzTargetOf } from './fuzz-command.js';

export { REFERENCE_SERVER_ENTRY };

export async function runCommand(opts: CliOptions, version: string): Promise<number> {
  try {
    if (opts.client !== undefined) return await runClientCommand(opts);
    if (opts.list) return listCommand(opts);
    return await runServerCommand(opts, version);
  } catch (err) {
    return usageOutcome(err, 'scenarios');
  }
}

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
    ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}),
    seed: opts.seed,
    strict: opts.strict,
  };
}

async function runServerCommand(opts: CliOptions, version: string): Promise<number> {
  const target = httpTargetSpec(opts) ?? targetSpec(opts);
  const options: Omit<ConformanceOptions, 'target'> = {
    ...selectionFromFlags(opts),
    ...(opts.scenarioFile ? { scenarioFiles: opts.scenarioFile } : {}),
    ...(opts.clientCapabilities ? { clientCapabilities: opts.clientCapabilities } : {}),
    timeoutMs: opts.timeout,
    reporters: makeReporters(opts),
  };
  return withInterrupt(async (signal) => {
    const { result, exitCode } = await runConformanceOn(
      target,
      { ...options, signal },
      {
        notice: (text) => process.stderr.write(`mcp-conform: ${text}\n`),
        verbose: opts.verbose,
        // --fuzz: the same target, fuzzed after the cells, so every report carries the result.
        ...(opts.fuzz ? { fuzz: (spec, http) => fuzzForRun(opts, version, spec, fuzzTargetOf(spec, http), loadRules()) } : {}),
      },
    );
    writeBaselineIfAsked(opts, result);
    return exitCode;
  });
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

/** --list (and --list --rules): the scenarios the filters select, without connecting. */
function listCommand(opts: CliOptions): number {
  let rules;
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
  const clients = clientCoverageScenarios(rules, dirs.length || files.length ? dirs : [defaultSuitesDir()], defaultSuitesDir());
  if (opts.rules) printRules(rules, [...loaded.scenarios, ...clients]);
  else printList([...selectScenarios(loaded.scenarios, selection), ...selectScenarios(clients, selection)]);
  return ExitCode.Conformant;
}

/** The stdio target of --server/--cwd/--env, or the bundled reference server. Shared with `fuzz`. */
export function targetSpec(opts: Pick<CliOptions, 'server' | 'cwd' | 'env'>): TargetSpec {
  if (opts.server !== undefined) {
    if (opts.server.trim() === '') throw new UsageError('--server needs a command.', 'Example: --server "node build/server.js".');
    return {
      kind: 'stdio',
      command: opts.server,
      ...(opts.cwd ? { cwd: resolve(opts.cwd) } : {}),
      ...(opts.env ? { env: Object.fromEntries(opts.env) } : {}),
    };
  }
  if (opts.cwd || opts.env) throw new UsageError('--cwd and --env apply to --server, which was not given.', 'Add --server "<command>".');
  const entry = fromRoot(...REFERENCE_SERVER_ENTRY);
  if (!existsSync(entry)) {
    throw new UsageError('Failed to find the bundled reference server: it has not been built.', 'Run `npm run build` (npm install does it for you).');
  }
  return { kind: 'stdio', command: `${quoteWord(process.execPath)} ${quoteWord(entry)}`, isDefault: true };
}

/** The reporters the flags ask for; an unwritable report path is a usage error. */
export function makeReporters(opts: CliOptions): Reporter[] {
  try {
    return reportersFor(opts);
  } catch (err) {
    if (err instanceof ReportWriteError) throw new UsageError(err.message, err.fix);
    throw err;
  }
}

function reportersFor(opts: CliOptions): Reporter[] {
  const specs = opts.report ?? [];
  const machineOnStdout = specs.some((s) => s.format !== 'console' && !s.path);
  const reporters: Reporter[] = [];
  const wantsConsole = specs.length === 0 || specs.some((s) => s.format === 'console') || !machineOnStdout;
  if (wantsConsole) {
    const stream = machineOnStdout ? process.stderr : process.stdout;
    reporters.push(
      createReporter('console', {
        stream,
        color: opts.color && !process.env.NO_COLOR && stream.isTTY === true,
        verbose: opts.verbose,
        isTTY: stream.isTTY === true,
      }),
    );
  }
  for (const spec of specs) {
    if (spec.format === 'console') continue;
    reporters.push(createReporter(spec.format as ReportFormat, { ...(spec.path ? { path: resolve(spec.path) } : { stream: process.stdout }), verbose: opts.verbose }));
  }
  return reporters;
}
