// Runs `mcp-conform fuzz`: resolves the target, picks the revision, fuzzes within the budget, prints
// the outcome (seed always first), saves a counterexample scenario and maps the outcome to an exit code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadRules, type RulesCatalogue } from '../../schema/rules.js';
import type { TargetSpec } from '../config/index.js';
import { counterexampleYaml, prepareTarget, runFuzz, type Framing, type FuzzOutcome } from '../fuzz/index.js';
import { StdioTransport, quoteWord } from '../transports/index.js';
import { TransportStartError, type ClientIdentity, type Transport } from '../protocol/index.js';
import { httpTargetWords } from '../repro.js';
import { httpTargetSpec, openHttpTarget } from './http-target.js';
import { ExitCode } from './exit-codes.js';
import { DEFAULT_COUNTEREXAMPLE_DIR, DEFAULT_FUZZ_RUNS, type FuzzCliOptions } from './fuzz-program.js';
import type { CliOptions } from './program.js';
import { renderFuzzOutcome } from './fuzz-output.js';
import { targetSpec } from './run-command.js';
import { UsageError } from './usage-error.js';

export interface FuzzCommandIo {
  write(text: string): void;
}

/** A seed nobody chose: printed so that the run can be repeated exactly. */
function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

function targetWords(target: TargetSpec): string[] {
  if (target.kind === 'http') return httpTargetWords(target);
  if (target.kind !== 'stdio' || target.isDefault) return [];
  const words = ['--server', quoteWord(target.command)];
  if (target.cwd) words.push('--cwd', quoteWord(target.cwd));
  for (const [k, v] of Object.entries(target.env ?? {})) words.push('--env', quoteWord(`${k}=${v}`));
  return words;
}

/** How the fuzzer reaches the target, and which transport-level inputs fit it. */
interface FuzzTarget {
  makeTransport: () => Transport;
  framing: Framing;
  description: string;
  stop(): Promise<void>;
}

async function openFuzzTarget(target: TargetSpec, timeoutMs: number): Promise<FuzzTarget> {
  if (target.kind === 'http') {
    const live = await openHttpTarget(target, timeoutMs);
    // The legacy HTTP+SSE transport posts to a URL the server announces: no HTTP framing inputs.
    return { makeTransport: live.makeTransport, framing: live.kind === 'http' ? 'http' : 'none', description: live.url, stop: live.stop };
  }
  if (target.kind !== 'stdio') throw new UsageError('mcp-conform fuzz needs a stdio or HTTP target.', 'Give --server "<command>" or --url.');
  return {
    makeTransport: () => new StdioTransport({ command: target.command, ...(target.cwd ? { cwd: target.cwd } : {}), ...(target.env ? { env: target.env } : {}) }),
    framing: 'stdio',
    description: target.isDefault ? 'the bundled reference server' : target.command,
    stop: async () => {},
  };
}

export async function runFuzzCommand(opts: FuzzCliOptions, version: string, io: FuzzCommandIo = { write: (t) => process.stdout.write(t) }): Promise<number> {
  const rules = loadRules();
  const target = httpTargetSpec(opts) ?? targetSpec(opts);
  if (opts.report !== undefined && !/^json=.+/.test(opts.report)) throw new UsageError(`--report ${opts.report} is not understood.`, 'Use --report json=PATH.');
  const client = { clientInfo: { name: 'mcp-conform', version }, capabilities: {} };
  const seed = opts.seed ?? freshSeed();
  io.write(`mcp-conform fuzz: seed ${seed}\n`);
  let live: FuzzTarget;
  try {
    live = await openFuzzTarget(target, opts.timeout);
  } catch (err) {
    if (!(err instanceof TransportStartError)) throw err;
    io.write(`mcp-conform: ${err.message}\n`);
    return ExitCode.TargetUnavailable;
  }
  try {
    return await fuzzLiveTarget(opts, version, io, { rules, target, live, client, seed });
  } finally {
    await live.stop();
  }
}

interface FuzzRun {
  rules: RulesCatalogue;
  target: TargetSpec;
  live: FuzzTarget;
  client: ClientIdentity;
  seed: number;
}

async function fuzzLiveTarget(opts: FuzzCliOptions, version: string, io: FuzzCommandIo, run: FuzzRun): Promise<number> {
  const { rules, target, live, client, seed } = run;
  const { makeTransport } = live;
  const prepared = await prepareTarget(makeTransport, client, opts.timeout, opts.revision);
  if (!prepared.ok) {
    io.write(`mcp-conform: Failed to fuzz ${live.description}: ${prepared.reason}.\n`);
    return ExitCode.TargetUnavailable;
  }
  let outcome: FuzzOutcome;
  try {
    outcome = await runFuzz({
      makeTransport,
      client,
      ...prepared.target,
      seed,
      runs: opts.runs,
      timeBudgetMs: opts.timeBudget * 1000,
      timeoutMs: opts.timeout,
      framing: live.framing,
      // SHOULD-level deviations are collected without stopping, unless --strict makes them failures.
      stopOn: (v) => opts.strict || rules.get(v.ruleId)?.level === 'MUST',
      ...(opts.skipTool ? { skipTools: opts.skipTool } : {}),
    });
  } catch (err) {
    io.write(`mcp-conform: Failed to fuzz ${live.description}: ${(err as Error).message}\n`);
    return ExitCode.TargetUnavailable;
  }
  const words = targetWords(target);
  const searchReplay = ['npx', 'mcp-conform', 'fuzz', ...words, '--revision', outcome.revision, '--seed', String(seed), '--runs', String(opts.runs), ...(opts.skipTool ?? []).flatMap((t) => ['--skip-tool', quoteWord(t)])].join(' ');
  let savedTo: string | undefined;
  let replay: string | undefined;
  if (outcome.failure) {
    const dir = resolve(opts.out);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `fuzz-seed-${seed}.yaml`);
    writeFileSync(file, counterexampleYaml(outcome.failure, { seed, revision: outcome.revision, command: searchReplay }));
    savedTo = relative(process.cwd(), file) || file;
    replay = ['npx', 'mcp-conform', ...words, '--scenario-file', quoteWord(savedTo), '--revision', outcome.revision].join(' ');
  }
  io.write(
    `${renderFuzzOutcome(outcome, {
      target: live.description,
      tools: prepared.target.tools.length,
      color: opts.color && !process.env.NO_COLOR && process.stdout.isTTY === true,
      rules,
      searchReplay,
      ...(savedTo ? { savedTo } : {}),
      ...(replay ? { replay } : {}),
    }).join('\n')}\n`,
  );
  if (opts.report) {
    const path = resolve(opts.report.slice('json='.length));
    const document = { tool: { name: 'mcp-conform', version }, target: live.description, ...outcome, ...(savedTo ? { counterexample: savedTo } : {}) };
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  }
  // Only violations that stop the search (MUST-level, or any under --strict) become a failure.
  return outcome.failure ? ExitCode.Failures : ExitCode.Conformant;
}

/**
 * `--fuzz` on a normal run: a short fuzz of the same target with the run's seed (fixed by default,
 * so CI is deterministic). Its output goes to stderr when a machine report owns stdout.
 */
export async function fuzzAfterRun(opts: CliOptions, runExit: number, version: string): Promise<number> {
  if (runExit === ExitCode.Usage || runExit === ExitCode.TargetUnavailable) return runExit;
  const machineOnStdout = (opts.report ?? []).some((r) => r.format !== 'console' && !r.path);
  const stream = machineOnStdout ? process.stderr : process.stdout;
  stream.write('\n');
  const fuzzExit = await runFuzzCommand(
    {
      ...(opts.server !== undefined ? { server: opts.server } : {}),
      ...(opts.url !== undefined ? { url: opts.url } : {}),
      ...(opts.header ? { header: opts.header } : {}),
      ...(opts.portEnv !== undefined ? { portEnv: opts.portEnv } : {}),
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.revision?.length === 1 ? { revision: opts.revision[0]! } : {}),
      seed: opts.seed,
      runs: DEFAULT_FUZZ_RUNS,
      timeBudget: opts.fuzzBudget,
      timeout: opts.timeout,
      out: DEFAULT_COUNTEREXAMPLE_DIR,
      strict: opts.strict,
      color: opts.color,
    },
    version,
    { write: (t) => stream.write(t) },
  );
  return Math.max(runExit, fuzzExit === ExitCode.Failures ? ExitCode.Failures : runExit);
}
