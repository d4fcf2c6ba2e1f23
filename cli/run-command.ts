// Turns parsed flags into a run: loads rules and scenarios, lists or runs them, and returns the
// exit code. Separate from main.ts so tests can call it without spawning a process.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ReportWriteError } from '../reports/index.js';
import { loadRules, type RulesCatalogue } from '../schema/rules.js';
import type { RunConfig } from '../runner/config/index.js';
import { runSuite } from '../runner/engine/index.js';
import { reproCommand } from '../runner/repro.js';
import { defaultSuitesDir, loadScenarios, selectScenarios } from '../runner/suite-loader/index.js';
import { StdioTransport, quoteWord } from '../wire/transports/index.js';
import { clientCoverageScenarios } from '../runner/client-mode/index.js';
import { withBaseline } from './baseline-option.js';
import { runClientCommand } from './client-command.js';
import { ExitCode, plainExitCode } from './exit-codes.js';
import { printList, printRules } from './list.js';
import { defaultConcurrency, type CliOptions } from './program.js';
import { UsageError } from './usage-error.js';
import { httpTargetSpec, openHttpTarget, type LiveHttpTarget } from './http-target.js';
import { TransportStartError } from '../wire/protocol/index.js';
import { fuzzForRun } from './fuzz-command.js';
import { fuzzTargetOf } from './fuzz-target.js';
import { targetSpec } from './stdio-target.js';
import { makeReporters } from './reporters-option.js';
import { validatorsFor } from './protocol-validators.js';

export async function runCommand(opts: CliOptions, version: string): Promise<number> {
  let rules: RulesCatalogue;
  try {
    rules = loadRules();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return ExitCode.Usage;
  }
  if (opts.client !== undefined) return runClientCommand(opts, rules, version);
  const dirs = (opts.suiteDir ?? []).map((d) => resolve(d));
  const files = (opts.scenarioFile ?? []).map((f) => resolve(f));
  for (const p of [...dirs, ...files]) {
    if (!existsSync(p)) throw new UsageError(`Failed to read ${p}: no such file or folder.`, 'Check the path given to --suite-dir / --scenario-file.');
  }
  // A server the runner starts itself (--server --port-env) takes a second or more to listen: it is
  // started before the scenarios load, so that the two overlap, and stopped on every way out.
  const httpSpec = opts.list ? undefined : httpTargetSpec(opts);
  const opening = httpSpec ? openHttpTarget(httpSpec, opts.timeout).then((live) => ({ live }), (error: unknown) => ({ error })) : undefined;
  try {
    return await loadAndRun(opts, version, { rules, dirs, files, httpSpec, opening });
  } finally {
    const opened = await opening;
    if (opened && 'live' in opened) {
      const http = opened.live;
      await http.stop();
      if (http.restarts > 0) {
        process.stderr.write(`mcp-conform: the server exited during the run and was started again ${http.restarts} time${http.restarts === 1 ? '' : 's'}; the cells it was serving then report how it exited.\n`);
      }
    }
  }
}

interface RunInputs {
  rules: RulesCatalogue;
  dirs: string[];
  files: string[];
  httpSpec: ReturnType<typeof httpTargetSpec>;
  /** The HTTP target being opened (or the reason it could not be); undefined for stdio and --list. */
  opening: Promise<{ live: LiveHttpTarget } | { error: unknown }> | undefined;
}

/** Loads and selects the scenarios, then lists them or runs them against the target. */
async function loadAndRun(opts: CliOptions, version: string, { rules, dirs, files, httpSpec, opening }: RunInputs): Promise<number> {
  const loaded = loadScenarios({ dirs: dirs.length || files.length ? dirs : [defaultSuitesDir()], files, rules });
  if (loaded.problems.length > 0) {
    for (const p of loaded.problems) process.stderr.write(`${p.file}:${p.line}:${p.column} ${p.code} ${p.message} ${p.fix}\n`);
    process.stderr.write(`mcp-conform: Failed to load scenarios: ${loaded.problems.length} problem(s) above. Fix the files and run again.\n`);
    return ExitCode.Usage;
  }
  const selection = {
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
    ...(opts.exclude ? { exclude: opts.exclude } : {}),
    ...(opts.area ? { area: opts.area } : {}),
    ...(opts.tag ? { tag: opts.tag } : {}),
    ...(opts.rule ? { rule: opts.rule } : {}),
  };
  const scenarios = selectScenarios(loaded.scenarios, selection);
  if (opts.list) {
    const clients = clientCoverageScenarios(rules, dirs.length || files.length ? dirs : [defaultSuitesDir()], defaultSuitesDir());
    if (opts.rules) printRules(rules, [...loaded.scenarios, ...clients]);
    else printList([...scenarios, ...selectScenarios(clients, selection)]);
    return ExitCode.Conformant;
  }
  if (scenarios.length === 0) {
    throw new UsageError('No scenario matches the filters given.', 'Run `mcp-conform --list` to see scenario ids, areas and tags.');
  }

  const target = httpSpec ?? targetSpec(opts);
  const config: RunConfig = {
    target,
    revisions: opts.revision ?? [],
    timeoutMs: opts.timeout,
    concurrency: opts.concurrency ?? defaultConcurrency(target.kind === 'http' ? 'http' : 'stdio'),
    strict: opts.strict,
    ...(opts.isolate ? { isolate: true } : {}),
    verbose: opts.verbose,
    seed: opts.seed,
    reproExtras: [
      ...(opts.clientCapabilities ? ['--client-capabilities', quoteWord(JSON.stringify(opts.clientCapabilities))] : []),
      ...(opts.suiteDir ?? []).flatMap((d) => ['--suite-dir', quoteWord(d)]),
      ...(opts.scenarioFile ?? []).flatMap((f) => ['--scenario-file', quoteWord(f)]),
    ],
  };
  const baseline = withBaseline(opts, makeReporters(opts));
  const aborter = new AbortController();
  const onSignal = () => {
    if (aborter.signal.aborted) process.exit(130);
    process.stderr.write('\nmcp-conform: interrupted; finishing the scenarios in flight (Ctrl-C again to quit now)\n');
    aborter.abort();
  };
  let http: LiveHttpTarget | undefined;
  const opened = await opening;
  if (opened && 'error' in opened) {
    if (!(opened.error instanceof TransportStartError)) throw opened.error;
    process.stderr.write(`mcp-conform: ${opened.error.message}\n`);
    return ExitCode.TargetUnavailable;
  }
  if (opened) http = opened.live;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const run = await runSuite({
      config,
      scenarios,
      rules,
      makeTransport: http
        ? http.makeTransport
        : () =>
        new StdioTransport({
          command: target.kind === 'stdio' ? target.command : '',
          ...(target.kind === 'stdio' && target.cwd ? { cwd: target.cwd } : {}),
          ...(target.kind === 'stdio' && target.env ? { env: target.env } : {}),
        }),
      validatorsFor: validatorsFor,
      reporters: baseline.reporters,
      tool: { name: 'mcp-conform', version },
      target: http
        ? { kind: http.kind, url: http.url }
        : {
        kind: 'stdio',
        command: target.kind === 'stdio' ? target.command : target.kind === 'in-memory' ? target.description : '',
        ...(target.kind === 'stdio' && target.cwd ? { cwd: target.cwd } : {}),
      },
      client: { clientInfo: { name: 'mcp-conform', version }, capabilities: opts.clientCapabilities ?? {} },
      repro: (cell) => reproCommand(config, { scenarioId: cell.scenario.id, revision: cell.revision }),
      signal: aborter.signal,
      // --fuzz: the same target, fuzzed after the cells, so every report carries the result.
      ...(opts.fuzz ? { fuzz: fuzzForRun(opts, version, target, fuzzTargetOf(target, http), rules) } : {}),
    });
    // The console reporter (always present unless a machine format owns stdout) prints run.fatal.
    return baseline.finish(run, plainExitCode(run));
  } catch (err) {
    // An unwritable report path is the user's to fix, not an internal error.
    if (err instanceof ReportWriteError) throw new UsageError(err.message, err.fix);
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

